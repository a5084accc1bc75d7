import { ALERT_FREQUENCIES, type AlertFrequency, type SavedSearch } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { BellIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/load-states';
import { OptionSelect } from '../../../components/ui/option-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { displayError } from '../../../lib/api-client';
import { useSavedSearches, useSavedSearchMutations } from '../api/saved-searches';
import { boardLinkOf, FREQUENCY_LABELS, searchLabel } from './search-label';

const FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));
const isFrequency = (value: string): value is AlertFrequency => (ALERT_FREQUENCIES as readonly string[]).includes(value);

function SavedSearchRow({ userId, search }: { userId: string; search: SavedSearch }) {
  const id = useId();
  const { change, remove } = useSavedSearchMutations(userId);
  const error = change.error ?? remove.error;
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/jobs" search={boardLinkOf(search)} className="font-medium underline-offset-4 hover:underline">
          {searchLabel(search)}
        </Link>
        <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(search.id)} aria-label={`Delete the saved search ${searchLabel(search)}`}>
          Delete
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={`${id}-alerts`} className="text-muted-foreground">
          Job alerts
        </label>
        <div className="w-56">
          <OptionSelect
            id={`${id}-alerts`}
            value={search.frequency}
            options={FREQUENCY_OPTIONS}
            onValueChange={(value) => isFrequency(value) && change.mutate({ searchId: search.id, frequency: value })}
          />
        </div>
        {search.lastAlertAt ? <span className="text-muted-foreground">Last alert {new Date(search.lastAlertAt).toLocaleDateString()}</span> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {displayError(error, 'Could not change the saved search. Please try again.')}
        </p>
      ) : null}
    </li>
  );
}

/** The candidate's saved searches and their job alerts (ADR 067), on the dashboard. */
export function SavedSearchesCard({ userId }: { userId: string }) {
  const list = useSavedSearches(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellIcon className="size-5 text-primary" aria-hidden="true" />
          Saved searches
        </CardTitle>
        <CardDescription>New jobs that match are emailed to you. Save a search from the job board.</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <LoadFailed what="your saved searches" onRetry={() => void list.refetch()} />
        ) : list.data.savedSearches.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No saved searches yet. Search the{' '}
            <Link to="/jobs" className="underline">
              job board
            </Link>{' '}
            and choose Save search.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Saved searches">
            {list.data.savedSearches.map((search) => (
              <SavedSearchRow key={search.id} userId={userId} search={search} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
