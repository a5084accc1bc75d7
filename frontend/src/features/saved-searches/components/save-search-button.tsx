import { SAVED_SEARCH_MESSAGES, SaveSearchBody } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { BellPlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { displayError } from '../../../lib/api-client';
import { contractResolver } from '../../../lib/forms';
import { useSavedSearchMutations } from '../api/saved-searches';
import { FREQUENCY_LABELS, searchLabel } from './search-label';

interface SaveSearchButtonProps {
  userId: string;
  search: { search: string; location: string; type: string };
}

type SaveSearchValues = { keywords: string; location: string; type: string; frequency: 'instant' | 'daily' };

/**
 * "Save search" on the job board (ADR 067), for a signed-in candidate whose board has a search:
 * keeps the keywords, location and type, and mails new matching jobs instantly or once a day.
 * The dialog is a form on react-hook-form with the contract's schema (ADR 056): the board's search
 * as it is when the dialog opens, and the frequency chosen.
 */
export function SaveSearchButton({ userId, search }: SaveSearchButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { save } = useSavedSearchMutations(userId);
  const criteria = { keywords: search.search, location: search.location, type: search.type };
  const form = useForm<SaveSearchValues, unknown, z.output<typeof SaveSearchBody>>({
    resolver: contractResolver(SaveSearchBody),
    defaultValues: { ...criteria, frequency: 'daily' },
  });
  const refused = Object.values(form.formState.errors)[0]?.message;

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          save.reset();
          // The search saved is the board's as it is now; the frequency stays as last chosen.
          form.reset({ ...criteria, frequency: form.getValues('frequency') });
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
              onSubmit={form.handleSubmit((body) => save.mutate(body))}
              noValidate
            >
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Email me new jobs</legend>
                {(['instant', 'daily'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input type="radio" value={value} {...form.register('frequency')} />
                    {FREQUENCY_LABELS[value]}
                  </label>
                ))}
              </fieldset>
              {refused ? (
                <p role="alert" className="text-sm text-destructive">
                  {refused}
                </p>
              ) : null}
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
