import { useEffect, useRef, useState } from 'react';
import { detectLocation, type DetectLocationDeps } from './detect-location';

/**
 * Runs the location auto-detect once when `active` becomes true and the field is empty (part 1
 * §4), and fills the field with the result if it is still empty then (the person may have typed
 * meanwhile). `detecting` is the busy flag.
 */
export function useLocationAutoDetect({
  active,
  isEmpty,
  fill,
  deps,
}: {
  active: boolean;
  /** Whether the location field is empty now. */
  isEmpty: () => boolean;
  fill: (location: string) => void;
  deps?: Omit<DetectLocationDeps, 'signal'>;
}): { detecting: boolean } {
  const [detecting, setDetecting] = useState(false);
  const tried = useRef(false);
  const latest = useRef({ isEmpty, fill, deps });
  // Kept current after each render (before the effect below reads it).
  useEffect(() => {
    latest.current = { isEmpty, fill, deps };
  });

  useEffect(() => {
    if (!active || tried.current || !latest.current.isEmpty()) return;
    tried.current = true;
    const controller = new AbortController();
    setDetecting(true);
    void detectLocation({ ...latest.current.deps, signal: controller.signal })
      .then((location) => {
        if (controller.signal.aborted) return;
        if (location && latest.current.isEmpty()) latest.current.fill(location);
      })
      .finally(() => {
        if (!controller.signal.aborted) setDetecting(false);
      });
    return () => {
      controller.abort();
      setDetecting(false);
      // Shown again later (say, Back and Next): try again then.
      tried.current = false;
    };
  }, [active]);

  return { detecting };
}
