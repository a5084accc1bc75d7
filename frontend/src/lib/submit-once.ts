import { useCallback, useRef, type FormEvent } from 'react';

/**
 * A form's submit handler that runs one submission at a time. A double click (or Enter pressed
 * twice) reaches the form before the first press has disabled its button: the form's checks
 * run asynchronously and a mutation says it is pending only after them, so without this a second
 * request goes out — a second job posted, or a request to apply refused as a duplicate while the
 * first succeeded. `handler` must answer a promise that settles when the request is done
 * (react-hook-form's `handleSubmit(...)` does, when its callback returns the mutation's promise).
 */
export function useSubmitOnce(): (handler: (event: FormEvent) => Promise<unknown>) => (event: FormEvent) => void {
  const running = useRef(false);
  return useCallback(
    (handler: (event: FormEvent) => Promise<unknown>) => (event: FormEvent) => {
      event.preventDefault();
      if (running.current) return;
      running.current = true;
      void handler(event).finally(() => {
        running.current = false;
      });
    },
    [],
  );
}
