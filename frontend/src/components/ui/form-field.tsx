import { useId, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
} from 'react-hook-form';
import { cn } from '../../lib/utils';
import { Label } from './label';

/**
 * What a field's control (an input, a textarea, a select's trigger) is given: its value and
 * handlers from react-hook-form, and the attributes that tie it to its label, hint and error.
 * Spread it first, then the control's own props (`disabled`, `type`, …).
 */
export type FieldControlProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  ControllerRenderProps<TValues, TName>,
  'disabled'
> & {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
};

interface FormFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
  /** The field's name for people: the label names the control for screen readers and tests alike. */
  label: string;
  /** Shown after the label; `aria-required` says it to screen readers (the asterisk is for the eye). */
  required?: boolean;
  /**
   * Shown under the control and tied to it as part of its description; as a function, worked
   * out from the field's value and whether it is in error (a password's strength).
   */
  hint?: ReactNode | ((state: { value: FieldPathValue<TValues, TName>; invalid: boolean }) => ReactNode);
  /** The hint changes as the person types (a password's strength): announce it politely. */
  liveHint?: boolean;
  /**
   * False when the form says this field's refusal another way (the spec's toast, as for a job not
   * chosen): the message is not repeated under the control.
   */
  showError?: boolean;
  className?: string;
  children: (control: FieldControlProps<TValues, TName>) => ReactNode;
}

/**
 * One field of a react-hook-form form: label, control, hint and error message. The error (from
 * the form's resolver, or from the server through `setError`) is shown under the control, which
 * is marked `aria-invalid` and described by it, so a screen reader says the message when the
 * control gets focus (and react-hook-form puts the focus on the first invalid field on submit).
 */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  required = false,
  hint,
  liveHint = false,
  showError = true,
  className,
  children,
}: FormFieldProps<TValues, TName, TTransformed>) {
  const {
    field: { disabled: _disabled, ...field },
    fieldState: { error },
  } = useController({ control, name });
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = showError ? error?.message : undefined;
  const hintShown = typeof hint === 'function' ? hint({ value: field.value, invalid: error !== undefined }) : hint;
  const describedBy = [message ? errorId : null, hintShown ? hintId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {children({
        ...field,
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': message ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {message ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
      {liveHint || hintShown ? (
        // A live hint stays in the page while empty: a region added with its text is not announced.
        <div id={hintId} className="text-xs text-muted-foreground empty:hidden" aria-live={liveHint ? 'polite' : undefined}>
          {hintShown}
        </div>
      ) : null}
    </div>
  );
}

interface FormCheckboxProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** A field whose value is a boolean. */
  name: TName;
  label: string;
  className?: string;
}

/** One checkbox of a react-hook-form form, its label after it (a yes/no choice: remote, private). */
export function FormCheckbox<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>({
  control,
  name,
  label,
  className,
}: FormCheckboxProps<TValues, TName, TTransformed>) {
  const {
    field: { value, onChange, disabled: _disabled, ...field },
  } = useController({ control, name });
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        {...field}
        id={id}
        type="checkbox"
        className="size-4 rounded border-input accent-primary"
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
