import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * While a failure is shown (a refused sign-in, a token the server did not take), the person's
 * next keystroke in the form means they are fixing it: `clear` then tells the flow's machine,
 * which drops the message, as it did when it held the fields itself.
 */
export function useEditsClearFailure<TValues extends FieldValues, TContext, TTransformed>(
  form: UseFormReturn<TValues, TContext, TTransformed>,
  failureShown: boolean,
  clear: () => void,
): void {
  const latestClear = useRef(clear);
  useEffect(() => {
    latestClear.current = clear;
  }, [clear]);

  const { watch } = form;
  useEffect(() => {
    if (!failureShown) return;
    // Only what the person typed: values the form sets itself come without an event type.
    const subscription = watch((_values, { type }) => {
      if (type === 'change') latestClear.current();
    });
    return () => subscription.unsubscribe();
  }, [watch, failureShown]);
}
