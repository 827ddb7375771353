import { BarChart, toMinor } from '../../components/BarChart.tsx';

/** GGR per group as bars (BarChart); the table beside it carries the figures. */
export function GgrChart({
  rows,
  title,
}: {
  rows: { key: string; label: string; ggr: string }[];
  title: string;
}) {
  const bars = rows.map((row) => ({
    key: row.key,
    value: toMinor(row.ggr),
    tooltip: `${row.label}: ${row.ggr}`,
    label: row.label.length > 12 ? `${row.label.slice(0, 11)}…` : row.label,
  }));
  return <BarChart bars={bars} title={title} testId="ggr-chart" />;
}
