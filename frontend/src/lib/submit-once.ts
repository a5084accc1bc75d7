import { useCallback, useRef, type FormEvent } from 'react';

/**
 * Work that runs one at a time: a second start before the first has released is dropped. A
 * double click (or Enter pressed twice) reaches a form before the first press has disabled its
 * button — the form's checks run asynchronously and a mutation says it is pending only after
 * them — so without this a second request goes out: a second job posted, two companies of the
 * same name, a request to apply refused as a duplicate while the first succeeded. `start` gets
 * `release`, to call when the request has settled (for example a mutation's `onSettled`).
 */
export function useOnceAtATime(): (start: (release: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start: (release: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}

/**
 * A form's submit handler that runs one submission at a time (`useOnceAtATime`). `handler` must
 * answer a promise that settles when the request is done (react-hook-form's `handleSubmit(...)`
 * does, when its callback returns the mutation's promise).
 */
export function useSubmitOnce(): (handler: (event: FormEvent) => Promise<unknown>) => (event: FormEvent) => void {
  const once = useOnceAtATime();
  return useCallback(
    (handler: (event: FormEvent) => Promise<unknown>) => (event: FormEvent) => {
      event.preventDefault();
      once((release) => void handler(event).finally(release));
    },
    [once],
  );
}
