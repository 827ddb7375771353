import { BarChart, toMinor } from '../../components/BarChart.tsx';

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

/** The lottery's net per draw day as bars (BarChart, like the GGR report's). */
export function PnlChart({ rows, title }: { rows: { day: string; net: string }[]; title: string }) {
  const bars = netPerDay(rows).map(({ day, net }) => ({
    key: day,
    value: net,
    tooltip: `${day}: ${asAmount(net)}`,
    label: day.slice(5),
  }));
  return <BarChart bars={bars} title={title} testId="pnl-chart" />;
}
