import { SAVED_SEARCH_MESSAGES } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { BellPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { displayError } from '../../../lib/api-client';
import { useSavedSearchMutations } from '../api/saved-searches';
import { FREQUENCY_LABELS, searchLabel } from './search-label';

interface SaveSearchButtonProps {
  userId: string;
  search: { search: string; location: string; type: string };
}

/**
 * "Save search" on the job board (ADR 067), for a signed-in candidate whose board has a search:
 * keeps the keywords, location and type, and mails new matching jobs instantly or once a day.
 */
export function SaveSearchButton({ userId, search }: SaveSearchButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [frequency, setFrequency] = useState<'instant' | 'daily'>('daily');
  const { save } = useSavedSearchMutations(userId);
  const criteria = { keywords: search.search, location: search.location, type: search.type };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          save.reset();
          setOpen(true);
        }}
      >
        <BellPlusIcon aria-hidden="true" />
        Save search
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Save this search</DialogTitle>
            <DialogDescription>We will email you new jobs for {searchLabel(criteria)}.</DialogDescription>
          </DialogHeader>
          {save.isSuccess ? (
            <Alert>
              <AlertDescription>
                {SAVED_SEARCH_MESSAGES.saved}. Manage your saved searches and alerts from your{' '}
                <Link to="/dashboard" className="underline">
                  dashboard
                </Link>
                .
              </AlertDescription>
            </Alert>
          ) : (
            <form
              id={`${id}-form`}
              className="grid gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate({ ...criteria, frequency });
              }}
            >
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Email me new jobs</legend>
                {(['instant', 'daily'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input type="radio" name={`${id}-frequency`} value={value} checked={frequency === value} onChange={() => setFrequency(value)} />
                    {FREQUENCY_LABELS[value]}
                  </label>
                ))}
              </fieldset>
              {save.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {displayError(save.error, 'Could not save the search. Please try again.')}
                </p>
              ) : null}
            </form>
          )}
          <DialogFooter>
            {save.isSuccess ? (
              <Button onClick={() => setOpen(false)}>Done</Button>
            ) : (
              <Button type="submit" form={`${id}-form`} disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save search'}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
