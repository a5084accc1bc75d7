import { Button } from './button';
import { Skeleton } from './skeleton';

/** A list still loading: two placeholder lines, announced by `label` ('Loading your applications'). */
export function LoadingLines({ label }: { label: string }) {
  return (
    <div className="grid gap-2" role="status" aria-label={label}>
      <Skeleton className="h-5 w-3/4" />
      <Skeleton className="h-5 w-1/2" />
    </div>
  );
}

/** A list that could not load: 'We could not load {what}.' and a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-2" role="alert">
      <p className="text-sm text-destructive">We could not load {what}.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
