import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { afterShellPaint } from './after-shell-paint';

/** A PerformanceObserver whose entries the test hands in, as the browser would after a paint. */
class FakeObserver {
  static supportedEntryTypes: string[] = ['paint', 'largest-contentful-paint'];
  static observers: FakeObserver[] = [];
  observed: unknown[] = [];
  disconnected = false;
  constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {
    FakeObserver.observers.push(this);
  }
  observe(options: unknown) {
    this.observed.push(options);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The browser records a largest-contentful-paint. */
  record(entry: { element?: Element | null; size?: number } = {}) {
    this.callback({ getEntries: () => [{ entryType: 'largest-contentful-paint', startTime: 420, ...entry }] });
  }
}

const root = document.createElement('div');
let visibility: DocumentVisibilityState;

beforeEach(() => {
  FakeObserver.observers = [];
  FakeObserver.supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  root.innerHTML = '<main><h1>Find your next tech job</h1></main>';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('rendering over the pre-rendered first screen', () => {
  it('waits until the browser has recorded the screen\'s paint, then renders once and stops observing', () => {
    const render = vi.fn();
    afterShellPaint(root, render);
    expect(render).not.toHaveBeenCalled();
    const [observer] = FakeObserver.observers;
    // A paint recorded before the app's script ran counts: the observer asks for the buffered ones.
    expect(observer!.observed).toEqual([{ type: 'largest-contentful-paint', buffered: true }]);
    observer!.record();
    expect(render).toHaveBeenCalledTimes(1);
    expect(observer!.disconnected).toBe(true);
    observer!.record();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders after the bound when no paint is ever recorded, and not again when one comes late', () => {
    vi.useFakeTimers();
    const render = vi.fn();
    afterShellPaint(root, render, 3_000);
    vi.advanceTimersByTime(2_999);
    expect(render).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(render).toHaveBeenCalledTimes(1);
    FakeObserver.observers[0]!.record();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders at once on a page without a pre-rendered screen', () => {
    const render = vi.fn();
    afterShellPaint(document.createElement('div'), render);
    expect(render).toHaveBeenCalledTimes(1);
    expect(FakeObserver.observers).toEqual([]);
  });

  it('renders at once in a hidden tab (nothing is painted there) and in a browser that reports no largest paint', () => {
    const render = vi.fn();
    visibility = 'hidden';
    afterShellPaint(root, render);
    expect(render).toHaveBeenCalledTimes(1);
    visibility = 'visible';
    FakeObserver.supportedEntryTypes = ['paint'];
    afterShellPaint(root, render);
    expect(render).toHaveBeenCalledTimes(2);
    vi.stubGlobal('PerformanceObserver', undefined);
    afterShellPaint(root, render);
    expect(render).toHaveBeenCalledTimes(3);
    expect(FakeObserver.observers).toEqual([]);
  });

  it('on a screen painted in parts, waits past a smaller first paint for the heading\'s, or for a paint larger than the heading', () => {
    // The heading's text box: 400 × 36 px, on screen.
    // (The test DOM has no layout: the range's box is given here.)
    const box = { left: 0, top: 100, right: 400, bottom: 136, width: 400, height: 36, x: 0, y: 100, toJSON: () => ({}) };
    Object.defineProperty(Range.prototype, 'getBoundingClientRect', { value: () => box, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(Range.prototype, 'getBoundingClientRect');
    });
    const heading = root.querySelector('h1')!;
    const link = document.createElement('a');
    const render = vi.fn();
    afterShellPaint(root, render);
    const [observer] = FakeObserver.observers;
    observer!.record({ element: link, size: 1_800 });
    expect(render).not.toHaveBeenCalled();
    observer!.record({ element: heading, size: 14_400 });
    expect(render).toHaveBeenCalledTimes(1);

    const other = vi.fn();
    afterShellPaint(root, other);
    FakeObserver.observers[1]!.record({ element: link, size: 20_000 });
    expect(other).toHaveBeenCalledTimes(1);
  });
});
