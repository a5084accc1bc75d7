import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * A form label, as Radix's Label behaves (written here: Radix's, with its primitive, was ~0.6 kB
 * gzipped of every first page, ADR 095): a double click on the label does not select its text,
 * and a press on a control inside the label is left to the control.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control, jsx-a11y/no-noninteractive-element-interactions -- the callers tie it to its control (htmlFor); the handler only keeps a double click from selecting the text
    <label
      className={cn('text-sm leading-none font-medium select-none peer-disabled:opacity-50', className)}
      onMouseDown={(event) => {
        if (event.target instanceof Element && event.target.closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
