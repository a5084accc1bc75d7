import { useCallback, useRef } from 'react';

/**
 * A form's submission that runs once at a time: a second press before the first request settled
 * (a double click, Enter pressed twice) is dropped. The submit button is disabled only once the
 * mutation's pending state has rendered, after the form's asynchronous validation, so both
 * presses of a double click used to reach the server: two companies of the same name. `start`
 * gets `release`, to call when the request has settled (the mutation's `onSettled`).
 */
export function useSubmitOnce() {
  const busy = useRef(false);
  return useCallback((start: (release: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
