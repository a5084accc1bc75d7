import { GenerateInviteBody, type AssistantSettings } from '@hireloop/contracts';
import { ArrowLeftIcon, BotIcon, CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { contractResolver } from '../../../lib/forms';
import { autoAuthAssistant, generateInvite, signUpAddress } from '../api/assistant';
import { storeAssistantUser, trustedAuthSuccess } from '../lib/assistant-user';

type View = 'choice' | 'signIn' | 'signUp';

/**
 * The sign-in dialog's assistant panel (spec part 1 §2, §4 "Assistant panel"; ADR 043): a choice
 * view with Sign In and Sign Up, each opening the assistant's own page in a frame about
 * 600 × 600 with a Back button to the choice view. The sign-in page reports success with a
 * message; only one from the expected origin is read, then `/auto-auth` confirms it.
 */
export function AssistantPanel({ settings }: { settings: AssistantSettings }) {
  const [view, setView] = useState<View>('choice');
  const [connected, setConnected] = useState<string | null>(null);
  const back = () => setView('choice');

  return (
    <section aria-label={settings.name} className="grid gap-2 rounded-md border p-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <BotIcon aria-hidden="true" className="size-4" />
        Connect {settings.name}
      </p>
      {connected ? (
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <AlertDescription>{connected}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => setView('signIn')}>
          Sign In
        </Button>
        <Button variant="outline" onClick={() => setView('signUp')}>
          Sign Up
        </Button>
      </div>
      <Dialog open={view !== 'choice'} onOpenChange={(open) => !open && back()}>
        <DialogContent className="h-[min(600px,calc(100dvh-2rem))] max-w-[600px] grid-rows-[auto_1fr] p-4 sm:p-4">
          <DialogHeader className="flex-row items-center gap-2 space-y-0">
            <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={back}>
              <ArrowLeftIcon aria-hidden="true" />
              Back
            </Button>
            <DialogTitle>{view === 'signUp' ? `Sign up for ${settings.name}` : `Sign in to ${settings.name}`}</DialogTitle>
            <DialogDescription className="sr-only">{settings.name}'s own page, shown here.</DialogDescription>
          </DialogHeader>
          {view === 'signIn' ? (
            <SignInFrame
              settings={settings}
              onConnected={(email) => {
                setConnected(`Connected to ${settings.name} as ${email}`);
                back();
              }}
            />
          ) : view === 'signUp' ? (
            <SignUpFrame settings={settings} />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function Frame({ src, title }: { src: string; title: string }) {
  return <iframe src={src} title={title} className="h-full min-h-[420px] w-full rounded-md border" referrerPolicy="strict-origin" />;
}

function ErrorAlert({ error }: { error: string | null }) {
  return error ? (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  ) : null;
}

function SignInFrame({ settings, onConnected }: { settings: AssistantSettings; onConnected: (email: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    const onMessage = (event: MessageEvent) => {
      const reported = trustedAuthSuccess(event, settings.origin, window.location.origin);
      if (!reported) return;
      autoAuthAssistant(settings.path, reported).then(
        () => {
          if (!active) return;
          storeAssistantUser({ id: reported.mysalt_user_id, email: reported.email, name: reported.email });
          onConnected(reported.email);
        },
        (failure: unknown) => active && setError(failure instanceof Error ? failure.message : String(failure)),
      );
    };
    window.addEventListener('message', onMessage);
    return () => {
      active = false;
      window.removeEventListener('message', onMessage);
    };
  }, [settings.origin, settings.path, onConnected]);
  return (
    <div className="grid min-h-0 grid-rows-[auto_1fr] gap-2">
      <ErrorAlert error={error} />
      <Frame src={settings.signInUrl} title={`${settings.name} sign-in page`} />
    </div>
  );
}

/** The provider's sign-up page wants an invite code: asked for with a name and an email, then appended to its address. */
function SignUpFrame({ settings }: { settings: AssistantSettings }) {
  const [address, setAddress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<GenerateInviteBody, unknown, GenerateInviteBody>({ resolver: contractResolver(GenerateInviteBody), defaultValues: { name: '', email: '' } });
  if (address) return <Frame src={address} title={`${settings.name} sign-up page`} />;
  return (
    <form
      className="grid content-start gap-4"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        setBusy(true);
        setError(null);
        try {
          setAddress(signUpAddress(settings.signUpUrl, await generateInvite(values)));
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : String(failure));
        } finally {
          setBusy(false);
        }
      })}
    >
      <FormField control={form.control} name="name" label="Name">
        {(field) => <Input {...field} autoComplete="name" disabled={busy} />}
      </FormField>
      <FormField control={form.control} name="email" label="Email">
        {(field) => <Input {...field} type="email" autoComplete="email" disabled={busy} />}
      </FormField>
      <ErrorAlert error={error} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Getting your invitation...' : 'Continue to Sign Up'}
      </Button>
    </form>
  );
}
