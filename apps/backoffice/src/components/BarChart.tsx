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

/** One bar: its value in minor units, the tooltip's text and the label under it. */
export type Bar = { key: string; value: bigint; tooltip: string; label: string };

/**
 * A dependency-free SVG bar chart of amounts (the reports' GGR and net): bars above the zero line
 * for what the house kept, below for what it paid beyond the stakes. Labels show up to 16 bars.
 */
export function BarChart({ bars, title, testId }: { bars: Bar[]; title: string; testId: string }) {
  const max = bars.reduce((m, { value: v }) => (v < 0n ? (-v > m ? -v : m) : v > m ? v : m), 0n);
  const hasNegative = bars.some(({ value }) => value < 0n);
  const zeroY = hasNegative ? HEIGHT / 2 : HEIGHT - PAD;
  const room = hasNegative ? HEIGHT / 2 - PAD : HEIGHT - 2 * PAD;
  const slot = bars.length > 0 ? (WIDTH - 2 * PAD) / bars.length : 0;
  const width = Math.max(2, Math.min(48, slot * 0.7));
  return (
    <svg
      className="ggr-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={title}
      data-testid={testId}
    >
      <title>{title}</title>
      <line x1={PAD} x2={WIDTH - PAD} y1={zeroY} y2={zeroY} className="ggr-chart__axis" />
      {bars.map((bar, i) => {
        const h = barHeight(bar.value, max, room);
        const x = PAD + i * slot + (slot - width) / 2;
        return (
          <g key={bar.key}>
            <rect
              x={x}
              y={bar.value < 0n ? zeroY : zeroY - h}
              width={width}
              height={h}
              className={bar.value < 0n ? 'ggr-chart__bar ggr-chart__bar--loss' : 'ggr-chart__bar'}
            >
              <title>{bar.tooltip}</title>
            </rect>
            {bars.length <= 16 ? (
              <text x={x + width / 2} y={HEIGHT - 8} textAnchor="middle" className="ggr-chart__label">
                {bar.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
