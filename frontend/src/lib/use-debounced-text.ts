import { useEffect, useRef, useState } from 'react';

/** Spec'd as "typing is debounced": the board waits this long after the last key. */
export const FILTER_DEBOUNCE_MS = 300;

/**
 * A text field whose value is committed (to the address, for example) only after typing pauses.
 * `value` is the committed value from outside: when it changes by other means (Back, a link,
 * "Clear filters"), the field shows it; a value this field committed itself is left alone, so
 * keys typed meanwhile are never lost.
 */
export function useDebouncedText(
  value: string,
  commit: (next: string) => void,
  delayMs = FILTER_DEBOUNCE_MS,
): { text: string; setText: (next: string) => void; flush: () => void } {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = window.setTimeout(() => {
      // Enter may have committed it meanwhile (`flush`): once is enough.
      if (next === committed.current) return;
      committed.current = next;
      commitRef.current(next);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);

  /** Commit now (Enter pressed). */
  const flush = () => {
    const next = text.trim();
    if (next === committed.current) return;
    committed.current = next;
    commitRef.current(next);
  };

  return { text, setText, flush };
}
