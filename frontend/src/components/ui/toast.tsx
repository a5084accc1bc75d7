import { lazy, Suspense, useSyncExternalStore } from 'react';

/** Spec part 1, §9: one toast visible at a time, 5 s by default. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it hides itself. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: number;
}

// A tiny store outside React so any code (mutation callbacks, machines' callers) can toast.
let entries: ToastEntry[] = [];
let nextId = 1;
/** Whether anything toasted yet: Radix Toast's code is loaded from the first toast on. */
let toasted = false;
const listeners = new Set<() => void>();

function setEntries(next: ToastEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast; a newer toast replaces the one on screen. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  toasted = true;
  setEntries([{ ...options, id }]);
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number): void {
  setEntries(entries.filter((entry) => entry.id !== id));
}

export function useToast() {
  const current = useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
  return { toasts: current, toast, dismiss: dismissToast };
}

// Most visits show no toast: the Radix part loads with the first one.
const ToastList = lazy(() => import('./toast-list').then((module) => ({ default: module.ToastList })));

/** Renders the toast on screen; mount once, near the root. */
export function Toaster() {
  const { toasts } = useToast();
  if (!toasted) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={toasts} />
    </Suspense>
  );
}
