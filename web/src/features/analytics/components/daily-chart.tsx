import type { DailyFigures } from '@contract/analytics';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonthDay } from '@/lib/format-date';

const SERIES: { key: keyof Omit<DailyFigures, 'date'>; name: string; color: string }[] = [
  { key: 'sent', name: 'Sent', color: '#64748b' },
  { key: 'delivered', name: 'Delivered', color: '#0284c7' },
  { key: 'opened', name: 'Opened', color: '#7c3aed' },
  { key: 'clicked', name: 'Clicked', color: '#d97706' },
  { key: 'replied', name: 'Replied', color: '#059669' },
];

/** The lines of the daily figures (its own chunk, so Recharts never holds up the cards). */
export default function DailyChart({ days }: { days: DailyFigures[] }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatMonthDay} minTickGap={24} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip labelFormatter={(date) => formatMonthDay(String(date))} />
        {/* In the order of the lines, not alphabetical. */}
        <Legend itemSorter={null} />
        {SERIES.map((series) => (
          <Line
            key={series.key}
            type="monotone"
            dataKey={series.key}
            name={series.name}
            stroke={series.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
