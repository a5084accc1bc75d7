import { useEffect, useRef, type RefObject } from 'react';

/** Part 1 §9: the side panel scrolls by half a pixel a frame. */
export const AUTO_SCROLL_PX_PER_FRAME = 0.5;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY)
    : null;
}

/**
 * Scrolls `ref`'s element down by {@link AUTO_SCROLL_PX_PER_FRAME} every animation frame and back
 * to the top at the end, unless `paused` (hover, focus, an open dialog) or the person prefers
 * reduced motion; `enabled` once the element is there. The position is kept as a fraction, since browsers round `scrollTop`.
 */
export function useAutoScroll(ref: RefObject<HTMLElement | null>, paused: boolean, enabled = true): void {
  const pausedRef = useRef(paused);
  useEffect(() => {
    pausedRef.current = paused;
  }, [paused]);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof requestAnimationFrame !== 'function') return;
    const media = prefersReducedMotion();
    let frame = 0;
    let position = element.scrollTop;

    const step = () => {
      const end = element.scrollHeight - element.clientHeight;
      if (pausedRef.current || end <= 0) {
        position = element.scrollTop;
      } else {
        position = position + AUTO_SCROLL_PX_PER_FRAME > end ? 0 : position + AUTO_SCROLL_PX_PER_FRAME;
        element.scrollTop = position;
      }
      frame = requestAnimationFrame(step);
    };
    const start = () => {
      if (frame === 0 && !media?.matches) frame = requestAnimationFrame(step);
    };
    const stop = () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      frame = 0;
    };
    const onMotionChange = () => (media?.matches ? stop() : start());

    start();
    media?.addEventListener('change', onMotionChange);
    return () => {
      stop();
      media?.removeEventListener('change', onMotionChange);
    };
  }, [ref, enabled]);
}
