import type { DailyMetric } from '@hireloop/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The 7 days as bars (recharts, ADR 039). Loaded on its own when the Analytics tab shows; the
 * same numbers are in the table beside it, for reading and for screen readers.
 */
export default function DailyActivityChart({ metrics }: { metrics: DailyMetric[] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {/* No keyboard layer: the chart is hidden from assistive technology (the table says the same), so nothing in it may take focus. */}
        <BarChart data={metrics} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(day: string) => day.slice(5)} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar dataKey="signups" name="Signups" fill="var(--color-primary, #2563eb)" />
          <Bar dataKey="jobViews" name="Job Views" fill="#10b981" />
          <Bar dataKey="applications" name="Applications" fill="#f59e0b" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
