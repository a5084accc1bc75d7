import { API_KEY_LIFETIMES, CreateApiKeyBody, DEFAULT_API_KEY_LIFETIME_DAYS, type ApiKeySummary, type CreatedApiKey, type User } from '@hireloop/contracts';
import { BotIcon, CopyIcon, KeyRoundIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClassName } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { displayError } from '../../../lib/api-client';
import { contractResolver } from '../../../lib/forms';
import { cn } from '../../../lib/utils';
import { formatDay } from '../../../lib/application-status';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { LoadFailed } from '../../../components/ui/load-states';

/** A value with a Copy button that says when it worked. */
function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          <CopyIcon aria-hidden="true" />
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {copied === 'failed' && <p className="text-xs text-destructive">Copying failed: select the text and copy it yourself.</p>}
    </div>
  );
}

type Lifetime = (typeof API_KEY_LIFETIMES)[number];
type NewKeyBody = z.output<typeof CreateApiKeyBody>;
interface NewKeyValues {
  name: string;
  expiresInDays: Lifetime;
}
const LIFETIME_LABELS = new Map<Lifetime, string>([
  [30, '30 days'],
  [90, '90 days'],
  [365, '1 year'],
  [null, 'Never'],
]);

/** When a listed key stops working, or that it has: an expired key is refused until it is revoked and replaced. */
function expiryText(expiresAt: string | null, now = Date.now()): { text: string; expired: boolean } {
  if (expiresAt === null) return { text: 'never expires', expired: false };
  const expired = Date.parse(expiresAt) <= now;
  return { text: `${expired ? 'expired' : 'expires'} ${formatDay(expiresAt)}`, expired };
}

function KeyRow({ apiKey, onRevoke, revoking }: { apiKey: ApiKeySummary; onRevoke: () => void; revoking: boolean }) {
  const expiry = expiryText(apiKey.expiresAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0 last:pb-0">
      <div className="grid gap-0.5">
        <p className="font-medium">{apiKey.name}</p>
        <p className="text-xs text-muted-foreground">
          <span className="font-mono">{apiKey.prefix}…</span> · created {formatDay(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `last used ${formatDay(apiKey.lastUsedAt)}` : 'never used'} ·{' '}
          <span className={expiry.expired ? 'font-medium text-destructive' : undefined}>{expiry.text}</span>
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRevoke} disabled={revoking} aria-label={`Revoke ${apiKey.name}`}>
        {revoking ? 'Revoking…' : 'Revoke'}
      </Button>
    </li>
  );
}

/**
 * AI assistant access (issue 15, ADR 042): the candidate makes API keys for an assistant that
 * speaks MCP (search jobs, read one, apply, list applications), sees each new key once, and
 * revokes keys. Lives in the dashboard's own chunk (loaded lazily), never in the board's first load.
 */
export function ApiKeysCard({ user }: { user: User }) {
  const keys = useApiKeys(user.id);
  const create = useCreateApiKey(user.id);
  const revoke = useRevokeApiKey(user.id);
  const form = useForm<NewKeyValues, unknown, NewKeyBody>({
    // The contract's schema: the same rules and words as the server's.
    resolver: contractResolver(CreateApiKeyBody),
    defaultValues: { name: '', expiresInDays: DEFAULT_API_KEY_LIFETIME_DAYS },
  });
  const { control } = form;
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const submit = (body: NewKeyBody) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        setCreated(answer);
        // The next key starts unnamed; its lifetime stays as chosen.
        form.setValue('name', '');
      },
    });

  const mcpUrl = created?.mcpUrl ?? keys.data?.mcpUrl;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BotIcon className="size-5 text-primary" aria-hidden="true" />
          AI assistant access
        </CardTitle>
        <CardDescription>
          Let an AI assistant that supports MCP (Model Context Protocol) search jobs, read them, apply for you and list your applications. Give it the address
          below and an API key.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mcpUrl && <CopyField label="MCP endpoint" value={mcpUrl} />}

        {created && (
          <Alert variant="success">
            <KeyRoundIcon aria-hidden="true" />
            <AlertTitle>Your new key “{created.name}”</AlertTitle>
            <AlertDescription className="grid gap-2">
              <p>Copy it now: it is shown only this once. Your assistant sends it as “Authorization: Bearer &lt;key&gt;”.</p>
              <CopyField label="API key" value={created.key} />
              <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setCreated(null)}>
                I have copied it
              </Button>
            </AlertDescription>
          </Alert>
        )}

        <form className="grid gap-1" onSubmit={form.handleSubmit(submit)} noValidate>
          <FormField control={control} name="name" label="Key name">
            {(field) => (
              <div className="flex gap-2">
                <Input {...field} maxLength={60} placeholder="e.g. Claude Desktop" />
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'Creating…' : 'Create key'}
                </Button>
              </div>
            )}
          </FormField>
          <FormField control={control} name="expiresInDays" label="Expires after" className="mt-1 flex items-center gap-2">
            {({ value, onChange, ...field }) => (
              <select
                {...field}
                value={String(value)}
                onChange={(event) => onChange(event.target.value === 'null' ? null : Number(event.target.value))}
                className={cn(inputClassName, 'h-9 w-32')}
              >
                {API_KEY_LIFETIMES.map((days) => (
                  <option key={String(days)} value={String(days)}>
                    {LIFETIME_LABELS.get(days)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {create.isError && (
            <p role="alert" className="text-xs text-destructive">
              {displayError(create.error, 'The key could not be created. Please try again.')}
            </p>
          )}
        </form>

        {keys.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading your API keys">
            <Skeleton className="h-5 w-3/4" />
          </div>
        ) : keys.isError ? (
          <LoadFailed what="your API keys" onRetry={() => void keys.refetch()} />
        ) : keys.data.keys.length > 0 ? (
          <ul aria-label="Your API keys" className="grid divide-y">
            {keys.data.keys.map((apiKey) => (
              <KeyRow
                key={apiKey.id}
                apiKey={apiKey}
                revoking={revoke.isPending && revoke.variables === apiKey.id}
                onRevoke={() => {
                  if (created?.id === apiKey.id) setCreated(null);
                  revoke.mutate(apiKey.id);
                }}
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No API keys yet.</p>
        )}
        {revoke.isError && (
          <p role="alert" className="text-xs text-destructive">
            {displayError(revoke.error, 'The key could not be revoked. Please try again.')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
