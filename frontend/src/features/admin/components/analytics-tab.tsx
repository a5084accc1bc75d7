import type { DailyMetric } from '@hireloop/contracts';
import { ANALYTICS_MESSAGES, ANALYTICS_WINDOW_DAYS, DAILY_ACTIVITY_DAYS } from '@hireloop/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { serverErrorText } from '../../../lib/api-client';
import {
  isGa4NotConfigured,
  useAnalyticsSummary,
  useDailyMetrics,
  useGa4Daily,
  useGa4Overview,
  useGa4TopPages,
  useGa4TrafficSources,
  useTopJobs,
} from '../api/admin-analytics';

// recharts is about 100 kB: it loads when the chart is first shown, not with the panel.
const DailyActivityChart = lazy(() => import('./daily-activity-chart'));

const NO_ANALYTICS = 'No analytics data available yet...';
const NO_DAILY = 'No daily metrics available yet.';
const numberFormat = new Intl.NumberFormat('en-US');

/** The Analytics tab (part 2 "Admin panel", §3, §8, §9; ADR 034). */
export function AnalyticsTab() {
  return (
    <section aria-labelledby="admin-analytics-heading" className="grid gap-6">
      <div className="grid gap-1">
        <h2 id="admin-analytics-heading" className="text-xl font-semibold">
          Analytics
        </h2>
        <p className="text-sm text-muted-foreground">Platform activity over the last {ANALYTICS_WINDOW_DAYS} days, from the event log.</p>
      </div>
      <SummaryCards />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopJobs />
        <DailyActivity />
      </div>
      <Ga4Section />
    </section>
  );
}

function SummaryCards() {
  const summary = useAnalyticsSummary();
  if (summary.isPending) return <Loading what="summary" />;
  if (summary.isError) return <Failed error={summary.error} />;
  const cards = [
    ['Total Signups', summary.data.totalSignups],
    ['Job Views', summary.data.totalJobViews],
    ['Applications', summary.data.totalApplications],
    ['Searches', summary.data.totalSearches],
  ] as const;
  return (
    <ul aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(([label, value]) => (
        <li key={label}>
          <Card>
            <CardHeader className="pb-2">
              <CardDescription>{label}</CardDescription>
              <CardTitle className="text-3xl tabular-nums">{numberFormat.format(value)}</CardTitle>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function TopJobs() {
  const topJobs = useTopJobs();
  return (
    <Panel title="Top Jobs" description={`Most viewed jobs, last ${ANALYTICS_WINDOW_DAYS} days`}>
      {topJobs.isPending ? (
        <Loading what="top jobs" />
      ) : topJobs.isError ? (
        <Failed error={topJobs.error} />
      ) : topJobs.data.length === 0 ? (
        <Empty>{NO_ANALYTICS}</Empty>
      ) : (
        <NumberTable
          caption="Top jobs"
          head={['Job', 'Views', 'Applications']}
          rows={topJobs.data.map((job) => ({ key: job.jobId, cells: [job.jobTitle, job.views, job.applications] }))}
        />
      )}
    </Panel>
  );
}

function DailyActivity() {
  const daily = useDailyMetrics();
  return (
    <Panel title="Daily Activity" description={`Last ${DAILY_ACTIVITY_DAYS} days`}>
      {daily.isPending ? (
        <Loading what="daily activity" />
      ) : daily.isError ? (
        <Failed error={daily.error} />
      ) : daily.data.length === 0 ? (
        <Empty>{NO_DAILY}</Empty>
      ) : (
        <DailyNumbers metrics={daily.data} />
      )}
    </Panel>
  );
}

function DailyNumbers({ metrics }: { metrics: DailyMetric[] }) {
  return (
    <div className="grid gap-4">
      <Suspense fallback={<div className="h-64" />}>
        <DailyActivityChart metrics={metrics} />
      </Suspense>
      <NumberTable
        caption="Daily activity"
        head={['Date', 'Signups', 'Job Views', 'Applications']}
        rows={metrics.map((day) => ({ key: day.date, cells: [day.date, day.signups, day.jobViews, day.applications] }))}
      />
    </div>
  );
}

/**
 * The GA4 section (part 2 §7, §8): the overview first; when it says 'GA4 not configured' the other
 * three reports are never asked for.
 */
function Ga4Section() {
  const overview = useGa4Overview();
  const notConfigured = isGa4NotConfigured(overview.data);
  // The overview's numbers, when GA4 is configured and answered.
  const report = overview.data !== undefined && !isGa4NotConfigured(overview.data) ? overview.data : undefined;
  const configured = report !== undefined;
  const topPages = useGa4TopPages(configured);
  const traffic = useGa4TrafficSources(configured);
  const daily = useGa4Daily(configured);

  let body: ReactNode;
  if (overview.isPending) body = <Loading what="Google Analytics" />;
  else if (report === undefined) {
    body = (
      <div role="status" className="grid gap-1 rounded-md border border-dashed p-4 text-sm">
        <p className="font-medium">{notConfigured ? ANALYTICS_MESSAGES.ga4NotConfigured : (serverErrorText(overview.error) ?? ANALYTICS_MESSAGES.ga4Failed)}</p>
        <p className="text-muted-foreground">{ANALYTICS_MESSAGES.ga4Unavailable}</p>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-6">
        <ul aria-label="Google Analytics overview" className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ['Page Views', report.pageViews],
              ['Active Users', report.activeUsers],
              ['Sessions', report.sessions],
            ] as const
          ).map(([label, value]) => (
            <li key={label} className="rounded-md border p-3">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-semibold tabular-nums">{numberFormat.format(value)}</p>
            </li>
          ))}
        </ul>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="grid content-start gap-2">
            <h4 className="font-medium">Top Pages</h4>
            {topPages.isPending ? (
              <Loading what="top pages" />
            ) : topPages.isError || topPages.data.length === 0 ? (
              <Empty>No page data available</Empty>
            ) : (
              <NumberTable
                caption="Top pages"
                head={['Page', 'Views']}
                rows={topPages.data.map((page) => ({ key: page.pagePath, cells: [page.pageTitle || page.pagePath, page.pageViews] }))}
              />
            )}
          </div>
          <div className="grid content-start gap-2">
            <h4 className="font-medium">Traffic Sources</h4>
            {traffic.isPending ? (
              <Loading what="traffic sources" />
            ) : traffic.isError || traffic.data.length === 0 ? (
              <Empty>No traffic data available</Empty>
            ) : (
              <NumberTable
                caption="Traffic sources"
                head={['Source', 'Medium', 'Sessions']}
                rows={traffic.data.map((source) => ({ key: `${source.source}/${source.medium}`, cells: [source.source, source.medium, source.sessions] }))}
              />
            )}
          </div>
        </div>
        {daily.isSuccess && daily.data.length > 0 ? (
          <div className="grid gap-2">
            <h4 className="font-medium">Daily Traffic</h4>
            <NumberTable
              caption="Daily traffic"
              head={['Date', 'Page Views', 'Active Users', 'Sessions']}
              rows={daily.data.map((day) => ({ key: day.date, cells: [day.date, day.pageViews, day.activeUsers, day.sessions] }))}
            />
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <Panel title="Google Analytics" description={`Website traffic, last ${ANALYTICS_WINDOW_DAYS} days`}>
      {body}
    </Panel>
  );
}

function Panel({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function NumberTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<{ key: string; cells: Array<string | number> }> }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-muted-foreground uppercase">
          <tr>
            {head.map((label, index) => (
              <th key={label} scope="col" className={index === 0 ? 'py-2 pr-3' : 'px-3 py-2 text-right'}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="py-2 pr-3 font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-3 py-2 text-right tabular-nums">
                    {typeof cell === 'number' ? numberFormat.format(cell) : cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const Loading = ({ what }: { what: string }) => (
  <p role="status" className="py-4 text-sm text-muted-foreground">
    Loading {what}...
  </p>
);
const Empty = ({ children }: { children: ReactNode }) => <p className="py-4 text-sm text-muted-foreground">{children}</p>;
const Failed = ({ error }: { error: Error }) => (
  <p role="alert" className="py-4 text-sm text-destructive">
    {serverErrorText(error) ?? 'Could not load analytics. Please try again later.'}
  </p>
);
