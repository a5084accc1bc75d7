import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectOption {
  value: string;
  label: string;
}

export interface OptionSelectProps {
  /** The trigger's id, for the `<Label htmlFor>` that names it. */
  id: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  defaultOpen?: boolean;
  autoFocus?: boolean;
}

/** A Select of plain options (value and label). */
export function OptionSelect({ id, value, options, onValueChange, defaultOpen, autoFocus }: OptionSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger id={id} autoFocus={autoFocus}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
