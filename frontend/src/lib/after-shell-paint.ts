/**
 * Runs `render` once the browser has recorded the paint of the page's pre-rendered first screen
 * (ADR 086) as its largest contentful paint, or at once when there is nothing to wait for (ADR 111).
 *
 * React's `createRoot` replaces the screen the server sent with the same screen. Chrome times a
 * text paint when the frame is presented and records it in a main-thread task after that; an
 * element removed before that task runs loses its record (Blink forgets paint records of destroyed
 * layout objects), and the page's LCP becomes React's own paint of the same heading, a second or
 * more later with the CPU slowed down. Waiting for the record costs a task turn: the record's task
 * is queued behind the scripts that just ran.
 *
 * At once when: the root is empty (every page but the board's), the page is hidden (no paint to
 * wait for; LCP is not reported for pages loaded in the background), or the browser reports no
 * LCP. `fallbackMs` bounds the wait in any case (a paint the browser never reports).
 */
export function afterShellPaint(root: Element, render: () => void, fallbackMs = 3_000): void {
  const supported = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');
  if (!root.firstElementChild || document.visibilityState !== 'visible' || !supported) {
    render();
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    render();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().length > 0) run();
  });
  const timer = setTimeout(run, fallbackMs);
  // Buffered: a paint recorded before this line counts.
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}
