import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the input and tied to it as its description. */
  hint?: ReactNode;
}

/** A labelled text input: the label names it for people, screen readers and tests alike. */
export function FormField({ label, value, onValueChange, hint, ...props }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={hint ? hintId : undefined}
        {...props}
      />
      {hint ? (
        <div id={hintId} className="text-xs text-muted-foreground" aria-live="polite">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
