import { ASSISTANT_MESSAGES, AssistantAuthBody, type AssistantSettings } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { CheckIcon, CircleAlertIcon, CircleCheckIcon, ClipboardCopyIcon, ArrowUpRightIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField, type FieldControlProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { writeToClipboard } from '../../../lib/clipboard';
import { contractResolver } from '../../../lib/forms';
import { useEditsClearFailure } from '../hooks/use-edits-clear-failure';
import { storeAssistantUser } from '../lib/assistant-user';
import { connectMachine } from '../machines/connect-machine';

/** Spec part 1 §9: the copy confirmation lasts 2000 ms. */
const COPIED_MS = 2000;

interface ConnectPanelProps {
  settings: AssistantSettings;
  /** From the address (`user_token`, `api_key`), read once. */
  userToken: string;
  apiKey: string;
  /** What the address said went wrong (the assistant's `error`, or credentials that cannot be read): shown from the start. */
  failure?: string | null;
  onRedirectHome: () => void;
}

/**
 * The connect page's card (spec part 2, "/mysalt-callback"): the user token and the API key,
 * masked with a copy button each, prefilled from the address; Connect (disabled while either is
 * blank), Dashboard (the assistant's, in a new tab) and Back to Job Board.
 */
export function ConnectPanel({ settings, userToken, apiKey, failure = null, onRedirectHome }: ConnectPanelProps) {
  const actorRef = useActorRef(
    connectMachine.provide({
      actions: {
        storeUser: (_, user) => void storeAssistantUser(user),
        redirectHome: () => onRedirectHome(),
      },
    }),
    { input: { path: settings.path, error: failure } },
  );
  const context = useSelector(actorRef, (snapshot) => snapshot.context);
  const connecting = useSelector(actorRef, (snapshot) => snapshot.matches('connecting'));
  const connected = useSelector(actorRef, (snapshot) => snapshot.matches('success') || snapshot.matches('redirected'));
  const form = useForm<AssistantAuthBody, unknown, AssistantAuthBody>({
    // The contract's schema: both required, trimmed, in the server's words.
    resolver: contractResolver(AssistantAuthBody),
    defaultValues: { user_token: userToken, api_key: apiKey },
  });
  const { control } = form;
  useEditsClearFailure(form, context.error !== null, () => actorRef.send({ type: 'connect.edit' }));
  const blank = useWatch({ control, name: ['user_token', 'api_key'] }).some((value) => value.trim() === '');

  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <CardTitle>Connect {settings.name}</CardTitle>
        <CardDescription>Connect your {settings.name} account to search and apply to jobs with your assistant.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => actorRef.send({ type: 'connect.submit', values }))}>
          {/* A blank field is said once, under both fields (the spec's one line), not again at each field. */}
          <FormField control={control} name="user_token" label="User Token" className="gap-2" showError={false}>
            {(field) => <SecretInput field={field} label="User Token" disabled={connecting || connected} />}
          </FormField>
          <FormField control={control} name="api_key" label="API Key" className="gap-2" showError={false}>
            {(field) => <SecretInput field={field} label="API Key" disabled={connecting || connected} />}
          </FormField>
          {blank && !context.error ? <p className="text-sm text-muted-foreground">{ASSISTANT_MESSAGES.missingCredentials}</p> : null}
          {context.error ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertDescription>{context.error}</AlertDescription>
            </Alert>
          ) : null}
          {connected ? (
            <Alert role="status">
              <CircleCheckIcon aria-hidden="true" />
              <AlertTitle>Connected to {settings.name}!</AlertTitle>
              <AlertDescription>
                {context.user ? `Signed in as ${context.user.name || context.user.email}. ` : ''}Redirecting to the job board...
              </AlertDescription>
            </Alert>
          ) : null}
          <Button type="submit" disabled={blank || connecting || connected}>
            {connecting ? 'Connecting...' : 'Connect'}
          </Button>
        </form>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={settings.dashboardUrl} target="_blank" rel="noopener noreferrer">
            <ArrowUpRightIcon aria-hidden="true" />
            Dashboard
          </a>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Back to Job Board</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** A masked credential with a copy button that says when it worked. */
function SecretInput({
  field,
  label,
  disabled,
}: {
  field: FieldControlProps<AssistantAuthBody, keyof AssistantAuthBody>;
  label: string;
  disabled: boolean;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="flex gap-2">
      <Input {...field} type="password" autoComplete="off" spellCheck={false} disabled={disabled} />
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={copied ? `${label} copied` : `Copy ${label}`}
        disabled={field.value === ''}
        onClick={() => void writeToClipboard(field.value).then(() => setCopied(true), () => setCopied(false))}
      >
        {copied ? <CheckIcon aria-hidden="true" /> : <ClipboardCopyIcon aria-hidden="true" />}
      </Button>
    </div>
  );
}
