import type { ReactNode } from 'react';
import { FieldGroup } from './field-group';
import type { Option } from './select';

interface ChoiceGroupProps {
  /** The inputs' shared name; the error takes `<name>-error`. */
  name: string;
  legend: ReactNode;
  options: readonly Option[];
  error?: string | undefined;
  className?: string;
}

interface CheckboxGroupProps extends ChoiceGroupProps {
  /** Controlled: the values ticked, and what to do when one changes. */
  values?: readonly string[];
  onChange?: (values: string[]) => void;
  /** Uncontrolled (plain forms): the values ticked at first. */
  defaultValues?: readonly string[];
}

function GroupShell({
  name,
  ...group
}: Omit<ChoiceGroupProps, 'options'> & { children: ReactNode }) {
  return <FieldGroup idBase={name} {...group} />;
}

/** Several checkboxes under one legend, submitted as repeated `name` values. */
export function CheckboxGroup({
  options,
  values,
  onChange,
  defaultValues,
  ...shell
}: CheckboxGroupProps) {
  return (
    <GroupShell {...shell}>
      {options.map(([value, label]) => (
        <label key={value} className="choice">
          <input
            type="checkbox"
            name={shell.name}
            value={value}
            {...(values
              ? {
                  checked: values.includes(value),
                  onChange: (event) =>
                    onChange?.(
                      event.target.checked
                        ? [...values, value]
                        : values.filter((entry) => entry !== value),
                    ),
                }
              : { defaultChecked: defaultValues?.includes(value) })}
          />{' '}
          {label}
        </label>
      ))}
    </GroupShell>
  );
}

/** One choice of several under one legend. */
export function RadioGroup({
  options,
  value,
  onChange,
  defaultValue,
  ...shell
}: ChoiceGroupProps & {
  value?: string | undefined;
  onChange?: (value: string) => void;
  defaultValue?: string;
}) {
  return (
    <GroupShell {...shell}>
      {options.map(([optionValue, label]) => (
        <label key={optionValue} className="choice">
          <input
            type="radio"
            name={shell.name}
            value={optionValue}
            {...(onChange
              ? { checked: value === optionValue, onChange: () => onChange(optionValue) }
              : { defaultChecked: defaultValue === optionValue })}
          />{' '}
          {label}
        </label>
      ))}
    </GroupShell>
  );
}

/** A single checkbox with its label and an optional hint. */
export function Checkbox({
  name,
  value,
  label,
  hint,
  controls,
  checked,
  onChange,
  defaultChecked,
  className,
}: {
  name: string;
  /** What a ticked box submits ('on' when left out). */
  value?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The id of what the box shows or hides. */
  controls?: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  defaultChecked?: boolean;
  className?: string;
}) {
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="choice">
        <input
          type="checkbox"
          name={name}
          value={value}
          aria-controls={controls}
          aria-describedby={hint ? `${name}-hint` : undefined}
          {...(onChange
            ? { checked: Boolean(checked), onChange: (event) => onChange(event.target.checked) }
            : { defaultChecked })}
        />{' '}
        {label}
      </label>
      {hint ? (
        <span className="hint" id={`${name}-hint`}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
