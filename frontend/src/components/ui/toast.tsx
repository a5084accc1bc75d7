import { cva } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';

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

interface ToastEntry extends ToastOptions {
  id: number;
}

// A tiny store outside React so any code (mutation callbacks, machines' callers) can toast.
let entries: ToastEntry[] = [];
let nextId = 1;
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

const toastVariants = cva(
  'pointer-events-auto relative grid w-full gap-1 rounded-lg border p-4 pr-10 shadow-lg data-[state=open]:animate-slide-in data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=cancel]:translate-x-0',
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        success: 'border-success/40 bg-card text-card-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** Renders the toast on screen; mount once, near the root. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {toasts.map((entry) => (
        <ToastPrimitive.Root
          key={entry.id}
          defaultOpen
          duration={entry.duration ?? TOAST_DURATION_MS}
          type={entry.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(entry.id);
          }}
          className={toastVariants({ variant: entry.variant })}
        >
          <ToastPrimitive.Title className="text-sm font-semibold">{entry.title}</ToastPrimitive.Title>
          {entry.description ? (
            <ToastPrimitive.Description className="text-sm opacity-90">{entry.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute top-3 right-3 rounded-sm p-1 opacity-70 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
