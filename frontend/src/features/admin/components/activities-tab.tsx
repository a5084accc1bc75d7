import type { AdminActivity, AdminActivityAction } from '@hireloop/contracts';
import { ADMIN_ACTIVITY_ACTION_NAMES, ADMIN_ACTIVITY_ACTIONS, ADMIN_ACTIVITY_DEFAULT_PAGE_SIZE } from '@hireloop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { RadioIcon } from 'lucide-react';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, inputClassName } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Pagination } from '../../../components/ui/pagination';
import {
  adminActivitiesKey,
  adminActivitiesQueryKey,
  matchesFilters,
  NO_ACTIVITY_FILTERS,
  useAdminActivities,
  type ActivityFilters,
  type ActivityListParams,
  type ActivityPage,
} from '../api/admin-activities';
import { useActivityStream } from '../hooks/use-activity-stream';
import { formatTime } from '../lib/admin-display';
import { cn } from '../../../lib/utils';
import { ListStates } from './table-controls';

const PAGE_SIZE = ADMIN_ACTIVITY_DEFAULT_PAGE_SIZE;

/** The Activities tab (part 2 "Admin panel", ADR 035): admins' actions, filterable, with new ones arriving live. */
export function ActivitiesTab() {
  const [filters, setFilters] = useState<ActivityFilters>(NO_ACTIVITY_FILTERS);
  const [page, setPage] = useState(1);
  // Admins met so far (the filter's choices): the list names them, there is no list of admins to ask.
  const [admins, setAdmins] = useState<Map<string, string>>(new Map());
  const learnAdmins = useCallback((entries: AdminActivity[]) => {
    setAdmins((current) => {
      if (entries.every((entry) => current.get(entry.adminId) === entry.adminName)) return current;
      const next = new Map(current);
      for (const entry of entries) next.set(entry.adminId, entry.adminName);
      return next;
    });
  }, []);
  const params: ActivityListParams = { ...filters, page, pageSize: PAGE_SIZE };
  const list = useAdminActivities(params, { onPage: learnAdmins });
  const queryClient = useQueryClient();
  const entries = useMemo(() => list.data?.activities ?? [], [list.data]);

  // A new entry goes on top of the first page of every cached list whose filters it matches; other
  // pages shift by one, so they are read again when next shown.
  const onActivity = useCallback(
    (activity: AdminActivity) => {
      learnAdmins([activity]);
      for (const [key, data] of queryClient.getQueriesData<ActivityPage>({ queryKey: adminActivitiesKey })) {
        const keyParams = key[1] as ActivityListParams | undefined;
        if (!data || !keyParams || !matchesFilters(activity, keyParams)) continue;
        if (data.activities.some((entry) => entry.id === activity.id)) continue;
        if (keyParams.page === 1) {
          queryClient.setQueryData<ActivityPage>(adminActivitiesQueryKey(keyParams), {
            activities: [activity, ...data.activities].slice(0, keyParams.pageSize),
            total: data.total + 1,
          });
        } else {
          void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
        }
      }
    },
    [learnAdmins, queryClient],
  );
  const status = useActivityStream(onActivity);

  const setFilter = <K extends keyof ActivityFilters>(name: K, value: ActivityFilters[K]) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  const filtered = Object.values(filters).some(Boolean);
  const pageCount = Math.ceil((list.data?.total ?? 0) / PAGE_SIZE);

  return (
    <section aria-labelledby="admin-activities-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-activities-heading" className="text-xl font-semibold">
          Activities
        </h2>
        <span role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <RadioIcon className={status === 'live' ? 'size-4 text-success' : 'size-4'} aria-hidden="true" />
          {status === 'live' ? 'Live' : status === 'connecting' ? 'Connecting...' : 'Reconnecting...'}
        </span>
      </div>
      <div role="group" aria-label="Filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end">
        <FilterSelect label="Admin" value={filters.admin} onChange={(value) => setFilter('admin', value)}>
          <option value="">All admins</option>
          {[...admins].map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Action" value={filters.action} onChange={(value) => setFilter('action', value as AdminActivityAction | '')}>
          <option value="">All actions</option>
          {ADMIN_ACTIVITY_ACTION_NAMES.map((action) => (
            <option key={action} value={action}>
              {ADMIN_ACTIVITY_ACTIONS[action].label}
            </option>
          ))}
        </FilterSelect>
        <FilterDate label="From" value={filters.from} onChange={(value) => setFilter('from', value)} />
        <FilterDate label="To" value={filters.to} onChange={(value) => setFilter('to', value)} />
        <Button
          variant="ghost"
          disabled={!filtered}
          onClick={() => {
            setFilters(NO_ACTIVITY_FILTERS);
            setPage(1);
          }}
        >
          Clear Filters
        </Button>
      </div>
      <ListStates noun="activities" query={list} empty={entries.length === 0 ? (filtered ? 'No activities match these filters.' : 'No admin activity yet.') : null}>
        <ol aria-label="Admin activities" aria-live="polite" className="grid divide-y rounded-md border">
          {entries.map((activity) => (
            <ActivityItem key={activity.id} activity={activity} />
          ))}
        </ol>
      </ListStates>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} disabled={list.isPlaceholderData} />
    </section>
  );
}

/*
 * The filters are not a form: each choice applies at once (there is nothing to submit), so they are
 * labelled controls over the tab's state, not react-hook-form fields.
 */
function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={cn(inputClassName, 'h-10')}>
        {children}
      </select>
    </div>
  );
}

function FilterDate({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function ActivityItem({ activity }: { activity: AdminActivity }) {
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-4">
      <div className="grid gap-1">
        <p className="text-sm">
          <span className="font-medium">{activity.adminName}</span>{' '}
          {activity.link ? (
            <a href={activity.link} className="text-primary underline-offset-4 hover:underline">
              {activity.description}
            </a>
          ) : (
            activity.description
          )}
        </p>
        <div className="flex flex-wrap gap-1">
          <Badge variant="outline">{activity.actionLabel}</Badge>
          <Badge variant="secondary">{activity.entityType}</Badge>
          {activity.adminRole === 'super_admin' ? <Badge variant="secondary">Super Admin</Badge> : null}
        </div>
      </div>
      <time dateTime={activity.createdAt} className="text-xs whitespace-nowrap text-muted-foreground">
        {formatTime(activity.createdAt)}
      </time>
    </li>
  );
}
