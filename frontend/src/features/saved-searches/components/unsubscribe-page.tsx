import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { displayError } from '../../../lib/api-client';
import { unsubscribeFromAlerts } from '../api/saved-searches';

type State = { status: 'idle' | 'sending' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/**
 * `/alerts/unsubscribe#<token>`: the link in a job alert mail (ADR 067). The token is in the
 * fragment, which browsers never send to a server, so it reaches no access log; the page sends it
 * once the person confirms (a mail scanner that opens links does not unsubscribe anyone).
 */
export function UnsubscribePage() {
  const [token] = useState(() => (typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.slice(1))));
  const [state, setState] = useState<State>({ status: 'idle' });

  const confirm = async () => {
    setState({ status: 'sending' });
    try {
      setState({ status: 'done', message: (await unsubscribeFromAlerts(token)).message });
    } catch (error) {
      setState({ status: 'failed', message: displayError(error, 'Could not stop the alerts. Please try again.') });
    }
  };

  return (
    <div className="mx-auto grid max-w-lg gap-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>Stop job alerts</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {state.status === 'done' ? (
            <Alert>
              <AlertTitle>Alerts stopped</AlertTitle>
              <AlertDescription>{state.message}</AlertDescription>
            </Alert>
          ) : !token ? (
            <p className="text-sm text-destructive" role="alert">
              This unsubscribe link is not complete. Sign in to manage your job alerts from your dashboard.
            </p>
          ) : (
            <>
              <p className="text-sm">Stop the emails for this saved search? The search stays saved; you can turn its alerts on again from your dashboard.</p>
              {state.status === 'failed' ? (
                <p className="text-sm text-destructive" role="alert">
                  {state.message}
                </p>
              ) : null}
              <Button onClick={() => void confirm()} disabled={state.status === 'sending'}>
                {state.status === 'sending' ? 'Stopping…' : 'Stop these alerts'}
              </Button>
            </>
          )}
          <Link to="/dashboard" className="text-sm underline">
            Manage your saved searches
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
