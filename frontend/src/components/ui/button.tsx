import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, useCallback, type ComponentProps, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/utils';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-card shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link, for example) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <ButtonSlot className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  return <button type={type ?? 'button'} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

type SlotProps = Omit<ComponentProps<'button'>, 'children'> & { children?: ReactNode };

/**
 * `asChild`: the one child element rendered with the button's props merged into its own, as
 * Radix's Slot merges them (written here: Radix's, with its ref helpers, was ~1.5 kB gzipped of
 * every first page, ADR 095). The child's props win, but both handlers of an event run (the
 * child's first), both classes and both styles apply, and both refs are set.
 */
function ButtonSlot({ children, ref, ...slotProps }: SlotProps) {
  const child = isValidElement<Record<string, unknown>>(children) ? children : null;
  const childRef = child?.props.ref as Ref<HTMLElement> | undefined;
  const composedRef = useCallback(
    (node: HTMLElement | null) => {
      for (const each of [ref as Ref<HTMLElement> | undefined, childRef]) {
        if (typeof each === 'function') each(node);
        else if (each) each.current = node;
      }
    },
    [ref, childRef],
  );
  if (!child) throw new Error('A Button with asChild needs one element as its child');
  const slot: Record<string, unknown> = slotProps;
  const merged: Record<string, unknown> = { ...slot, ...child.props, ref: composedRef };
  for (const [name, own] of Object.entries(child.props)) {
    const given = slot[name];
    if (/^on[A-Z]/.test(name) && typeof given === 'function') {
      merged[name] =
        typeof own === 'function'
          ? (...args: unknown[]) => {
              const result: unknown = own(...args);
              given(...args);
              return result;
            }
          : given;
    }
  }
  if (slot.style || child.props.style) merged.style = { ...(slot.style as object | undefined), ...(child.props.style as object | undefined) };
  merged.className = [slot.className, child.props.className].filter(Boolean).join(' ');
  return cloneElement(child, merged);
}
