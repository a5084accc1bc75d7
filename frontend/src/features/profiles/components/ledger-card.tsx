import { LEDGER_KIND_LABELS, type LedgerEntry, type User } from '@hireloop/contracts';
import { EyeIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDay } from '../../../lib/application-status';
import { useLedger } from '../api/get-ledger';
import { LoadFailed, LoadingLines } from '../../../components/ui/load-states';

/** 'Opened your full profile · 2 times · last on November 25, 2026'. */
export function ledgerEntryText({ kind, firstAt, lastAt, count }: LedgerEntry): string {
  const when = count > 1 ? `${kind === 'card_shown' ? `on ${count} days` : `${count} times`}, first on ${formatDay(firstAt)}, last on ${formatDay(lastAt)}` : `on ${formatDay(lastAt)}`;
  return `${LEDGER_KIND_LABELS[kind]} ${when}`;
}

/**
 * Who has seen you (issue 13, ADR 037): every company that was shown the candidate's card, opened
 * their full profile, asked them to apply, received their reveal or interview times, or wrote to
 * them, with dates — from the events, the latest company first.
 */
export function LedgerCard({ user }: { user: User }) {
  const query = useLedger(user.id);
  const companies = query.data?.companies;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <EyeIcon className="size-5 text-primary" aria-hidden="true" />
          Who has seen your profile
        </CardTitle>
        <CardDescription>Every company that saw your card or profile, asked you to apply, or wrote to you.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingLines label="Loading who has seen your profile" />
        ) : query.isError ? (
          <LoadFailed what="who has seen your profile" onRetry={() => void query.refetch()} />
        ) : companies && companies.length > 0 ? (
          <ul aria-label="Companies that have seen your profile" className="grid divide-y">
            {companies.map((company) => (
              <li key={company.companyId} className="grid gap-1 py-2 first:pt-0 last:pb-0">
                <p className="font-medium">{company.companyName}</p>
                <ul className="grid gap-0.5 text-sm text-muted-foreground">
                  {company.entries.map((entry) => (
                    <li key={entry.kind}>{ledgerEntryText(entry)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No company has seen your profile yet. When one does, you will see it here.</p>
        )}
      </CardContent>
    </Card>
  );
}
