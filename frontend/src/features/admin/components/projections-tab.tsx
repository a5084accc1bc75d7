import type { AdminProjection } from '@hireloop/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states';
import { toast } from '../../../components/ui/toast';
import { serverErrorText } from '../../../lib/api-client';
import { useAdminProjections, useRebuildProjection, useRetryProjection } from '../api/admin-projections';

const numberFormat = new Intl.NumberFormat('en-US');
const WAITING_FOR_PROJECTIONS = 'Waiting for the projections process';
const WAITING_HINT = 'No process running this read model has been heard from; the rebuild starts when one runs (hireloop serve projections).';

/** How a row's state reads: a rebuild under way first, then what the runner says (as `hireloop projections` words it). */
function statusOf(row: AdminProjection): { text: string; variant: 'success' | 'secondary' | 'destructive' | 'outline' } {
  if (row.rebuild?.state === 'running') return { text: `Rebuilding (${row.rebuild.phase ?? 'starting'})`, variant: 'secondary' };
  // A rebuild runs where the read model runs: while that process is not heard from, the request only waits.
  if (row.rebuild?.state === 'requested') return row.stale ? { text: WAITING_FOR_PROJECTIONS, variant: 'outline' } : { text: 'Rebuild asked for', variant: 'secondary' };
  if (row.stale) return { text: 'Not heard from', variant: 'destructive' };
  if (row.status === 'stopped') return { text: 'Stopped', variant: 'destructive' };
  if (row.status === 'retrying') return { text: `Retrying (${row.attempts} tries)`, variant: 'destructive' };
  return row.caughtUp ? { text: 'Caught up', variant: 'success' } : { text: 'Behind', variant: 'outline' };
}

const lagText = (row: AdminProjection) =>
  row.lagEvents === 0 ? 'none' : `${row.lagEventsAtLeast ? 'over ' : ''}${numberFormat.format(row.lagEvents)} events · ${row.lagSeconds.toFixed(1)} s`;

function rebuildText(row: AdminProjection): string | null {
  const rebuild = row.rebuild;
  if (!rebuild) return null;
  const progress = `${numberFormat.format(rebuild.events)} events, ${numberFormat.format(rebuild.eventsPerSecond)} events/s`;
  if (rebuild.state === 'running') return `Rebuilding: ${progress}`;
  if (rebuild.state === 'done') return `Last rebuild: ${progress}`;
  if (rebuild.state === 'failed') return `Last rebuild failed: ${rebuild.error ?? 'unknown error'}`;
  return row.stale ? WAITING_HINT : null;
}

/**
 * The Projections tab (issue 27, ADR 087): each read model with its position, lag, last error,
 * parked events and status, the same as /healthz, read again every 2 s. Super admins can rebuild
 * one (blue/green, in the background, progress shown) and retry its parked events; admins read.
 */
export function ProjectionsTab() {
  const list = useAdminProjections();
  const rebuild = useRebuildProjection();
  const retry = useRetryProjection();
  const canManage = list.data?.canManage ?? false;

  const startRebuild = (row: AdminProjection) =>
    rebuild.mutate(row.name, {
      onSuccess: () =>
        row.stale
          ? toast({ title: 'Rebuild asked for', description: `${row.name}: ${WAITING_HINT}` })
          : toast({ title: 'Rebuild started', description: `${row.name} is being rebuilt aside; it keeps serving until the switch.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Could not start the rebuild', description: serverErrorText(error) ?? undefined, variant: 'destructive' }),
    });
  const startRetry = (name: string) =>
    retry.mutate(name, {
      onSuccess: ({ applied, failed }) =>
        toast({ title: 'Parked events retried', description: `${name}: ${applied} applied, ${failed} failed again.`, variant: failed ? 'destructive' : 'success' }),
      onError: (error) => toast({ title: 'Could not retry', description: serverErrorText(error) ?? undefined, variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="admin-projections-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="admin-projections-heading" className="text-xl font-semibold">
          Projections
        </h2>
        <p className="text-sm text-muted-foreground">
          Each read model: where it stands in the event log, how far behind it is, its last error and parked events.
          {canManage ? ' A rebuild runs aside while the read model keeps serving, then switches at once.' : ' Only super admins can rebuild or retry.'}
        </p>
      </div>
      {list.isPending ? (
        <LoadingLines label="Loading read models" />
      ) : list.isError ? (
        <LoadFailed what="the read models" onRetry={() => void list.refetch()} />
      ) : (
        <div className="relative overflow-x-auto">
          <table aria-label="Read models" className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th className="p-2">Read model</th>
                <th className="p-2">Status</th>
                <th className="p-2">Position</th>
                <th className="p-2">Lag</th>
                <th className="p-2">Parked</th>
                <th className="p-2">Last error</th>
                {canManage ? <th className="p-2">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.data.projections.map((row) => {
                const status = statusOf(row);
                const busy = row.rebuild?.state === 'running' || row.rebuild?.state === 'requested' || (rebuild.isPending && rebuild.variables === row.name);
                const progress = rebuildText(row);
                return (
                  <tr key={row.name} className="border-t align-top">
                    <th scope="row" className="p-2 font-medium">
                      {row.name} <span className="text-muted-foreground">v{row.version}</span>
                    </th>
                    <td className="p-2">
                      <Badge variant={status.variant}>{status.text}</Badge>
                      {progress ? <p className="mt-1 text-xs text-muted-foreground">{progress}</p> : null}
                    </td>
                    <td className="p-2 font-mono text-xs">{row.checkpoint ?? '-'}</td>
                    <td className="p-2">{lagText(row)}</td>
                    <td className="p-2 tabular-nums">{row.parked}</td>
                    <td className="max-w-xs break-words p-2 text-xs">{row.lastError ?? '-'}</td>
                    {canManage ? (
                      <td className="flex flex-wrap gap-2 p-2">
                        <Button size="sm" variant="outline" disabled={busy} onClick={() => startRebuild(row)} aria-label={`Rebuild ${row.name}`}>
                          {busy ? (row.rebuild?.state === 'requested' && row.stale ? 'Waiting...' : 'Rebuilding...') : 'Rebuild'}
                        </Button>
                        {row.parked > 0 ? (
                          <Button size="sm" variant="outline" disabled={retry.isPending && retry.variables === row.name} onClick={() => startRetry(row.name)} aria-label={`Retry ${row.name}`}>
                            Retry parked
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
