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
 *
 * The record awaited is the screen's heading's, or one larger than it: on a busy machine the
 * browser may paint the screen in parts (the parser yields), and the record of a first, smaller
 * paint (the header's links) must not let React replace the heading before its own paint counts.
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
  const heading = root.querySelector('h1');
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => coversHeading(entry, heading))) run();
  });
  const timer = setTimeout(run, fallbackMs);
  // Buffered: a paint recorded before this line counts.
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

/** A largest-contentful-paint entry as read here (`LargestContentfulPaint` where the DOM types have it). */
interface LargestPaintEntry extends PerformanceEntry {
  element?: Element | null;
  size?: number;
}

/**
 * Whether a recorded paint is the heading's, or larger than the heading's text (what the browser
 * counts as a text paint's size: its text's box within the viewport). No heading, or one that is
 * not on screen: any recorded paint will do.
 */
function coversHeading(entry: LargestPaintEntry, heading: Element | null): boolean {
  if (!heading || entry.element === heading) return true;
  // 0.9: the browser's text box and the range's can differ by a pixel or so.
  return (entry.size ?? 0) >= 0.9 * visibleTextArea(heading);
}

function visibleTextArea(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  if (typeof range.getBoundingClientRect !== 'function') return 0;
  const box = range.getBoundingClientRect();
  const width = Math.max(0, Math.min(box.right, window.innerWidth) - Math.max(box.left, 0));
  const height = Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
  return width * height;
}
