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

/**
 * A dependency-free SVG bar chart of GGR per group: bars above the zero line for what the brand
 * kept, below for what it paid out beyond the stakes. The table beside it carries the figures.
 */
export function GgrChart({
  rows,
  title,
}: {
  rows: { key: string; label: string; ggr: string }[];
  title: string;
}) {
  const values = rows.map((r) => toMinor(r.ggr));
  const max = values.reduce((m, v) => (v < 0n ? (-v > m ? -v : m) : v > m ? v : m), 0n);
  const hasNegative = values.some((v) => v < 0n);
  const zeroY = hasNegative ? HEIGHT / 2 : HEIGHT - PAD;
  const room = hasNegative ? HEIGHT / 2 - PAD : HEIGHT - 2 * PAD;
  const slot = rows.length > 0 ? (WIDTH - 2 * PAD) / rows.length : 0;
  const bar = Math.max(2, Math.min(48, slot * 0.7));
  return (
    <svg
      className="ggr-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={title}
      data-testid="ggr-chart"
    >
      <title>{title}</title>
      <line x1={PAD} x2={WIDTH - PAD} y1={zeroY} y2={zeroY} className="ggr-chart__axis" />
      {rows.map((row, i) => {
        const value = values[i] ?? 0n;
        const h = barHeight(value, max, room);
        const x = PAD + i * slot + (slot - bar) / 2;
        return (
          <g key={row.key}>
            <rect
              x={x}
              y={value < 0n ? zeroY : zeroY - h}
              width={bar}
              height={h}
              className={value < 0n ? 'ggr-chart__bar ggr-chart__bar--loss' : 'ggr-chart__bar'}
            >
              <title>{`${row.label}: ${row.ggr}`}</title>
            </rect>
            {rows.length <= 16 ? (
              <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" className="ggr-chart__label">
                {row.label.length > 12 ? `${row.label.slice(0, 11)}…` : row.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
