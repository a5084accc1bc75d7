import { cva } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { dismissToast, TOAST_DURATION_MS, type ToastEntry } from './toast';

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

/** The toast on screen (Radix Toast); `Toaster` in ./toast mounts it. */
export function ToastList({ toasts }: { toasts: ToastEntry[] }) {
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
