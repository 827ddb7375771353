/** Minor units of a decimal amount string ("-12.5" -> -1250n); never a float. */
export function toMinor(amount: string, scale = 2): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return 0n;
  const minor = BigInt(`${match[2]}${(match[3] ?? '').padEnd(scale, '0').slice(0, scale)}`);
  return match[1] === '-' ? -minor : minor;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = 28;

/** The bar's height in pixels for `value` against the largest magnitude (bigint arithmetic). */
export function barHeight(value: bigint, max: bigint, room: number): number {
  if (max <= 0n) return 0;
  const magnitude = value < 0n ? -value : value;
  return Number((magnitude * BigInt(room)) / max);
}

/** Sums the net of the rows per day (a day may hold several games), in day order. */
export function netPerDay(rows: { day: string; net: string }[]): { day: string; net: bigint }[] {
  const days = new Map<string, bigint>();
  for (const row of rows) days.set(row.day, (days.get(row.day) ?? 0n) + toMinor(row.net));
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, net]) => ({ day, net }));
}

const asAmount = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/**
 * A dependency-free SVG bar chart of the lottery's net per draw day (like the GGR report's): bars
 * above the zero line for what the house kept, below for what it paid beyond the stakes.
 */
export function PnlChart({ rows, title }: { rows: { day: string; net: string }[]; title: string }) {
  const days = netPerDay(rows);
  const max = days.reduce((m, { net }) => (net < 0n ? (-net > m ? -net : m) : net > m ? net : m), 0n);
  const hasNegative = days.some(({ net }) => net < 0n);
  const zeroY = hasNegative ? HEIGHT / 2 : HEIGHT - PAD;
  const room = hasNegative ? HEIGHT / 2 - PAD : HEIGHT - 2 * PAD;
  const slot = days.length > 0 ? (WIDTH - 2 * PAD) / days.length : 0;
  const bar = Math.max(2, Math.min(48, slot * 0.7));
  return (
    <svg
      className="ggr-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={title}
      data-testid="pnl-chart"
    >
      <title>{title}</title>
      <line x1={PAD} x2={WIDTH - PAD} y1={zeroY} y2={zeroY} className="ggr-chart__axis" />
      {days.map(({ day, net }, i) => {
        const h = barHeight(net, max, room);
        const x = PAD + i * slot + (slot - bar) / 2;
        return (
          <g key={day}>
            <rect
              x={x}
              y={net < 0n ? zeroY : zeroY - h}
              width={bar}
              height={h}
              className={net < 0n ? 'ggr-chart__bar ggr-chart__bar--loss' : 'ggr-chart__bar'}
            >
              <title>{`${day}: ${asAmount(net)}`}</title>
            </rect>
            {days.length <= 16 ? (
              <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" className="ggr-chart__label">
                {day.slice(5)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
