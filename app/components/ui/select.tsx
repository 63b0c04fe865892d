import type { SelectHTMLAttributes } from 'react';

export type Option = readonly [value: string, label: string];

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly Option[];
  /** The first, empty choice ('Choose…'); left out when undefined. */
  placeholder?: string | undefined;
  /** Whether the empty choice can be chosen again once something is. */
  isPlaceholderSelectable?: boolean;
}

/** A select from `[value, label]` pairs (see `optionsOf` in domain/labels.ts). */
export function Select({
  options,
  placeholder,
  isPlaceholderSelectable = true,
  ...props
}: SelectProps) {
  return (
    <select {...props}>
      {placeholder !== undefined ? (
        <option value="" disabled={!isPlaceholderSelectable}>
          {placeholder}
        </option>
      ) : null}
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
