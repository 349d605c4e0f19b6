import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type SelectOption = { value: string; label: string };

/** A Radix select over a plain list of options: the one way screens offer a choice from a list. */
export function OptionSelect({
  id,
  label,
  value,
  options,
  onValueChange,
  placeholder,
  disabled,
  className,
}: {
  /** The trigger's id, for a <Label htmlFor>; without one, `label` names the trigger. */
  id?: string;
  label?: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger id={id} aria-label={id ? undefined : label} className={className}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent className="max-h-72">
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
