import { Field } from '~/components/ui/field';
import { Select, type Option } from '~/components/ui/select';

/** What every labelled control takes: its name (the id is `field-<name>`), words and error. */
interface LabelledProps {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** The Field primitive's props for a control named `name` (its id is `field-<name>`). */
const fieldProps = ({ name, label, hint, error }: LabelledProps) => ({
  id: `field-${name}`,
  label,
  hint,
  error,
});

/**
 * A text input (a number is typed as text, with a numeric keypad, so nothing is rounded or
 * spun by the browser), a date, a link, or a text area: the Field primitive around the control.
 */
export function TextInputField({
  value,
  onChange,
  type = 'text',
  autoComplete,
  isMultiline = false,
  onBlur,
  ...labelled
}: LabelledProps & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  type?: 'text' | 'number' | 'date' | 'url';
  autoComplete?: string | undefined;
  isMultiline?: boolean;
}) {
  return (
    <Field {...fieldProps(labelled)}>
      {(control) =>
        isMultiline ? (
          <textarea
            {...control}
            name={labelled.name}
            value={value}
            rows={8}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            {...control}
            name={labelled.name}
            value={value}
            type={type === 'number' ? 'text' : type}
            inputMode={type === 'number' ? 'numeric' : undefined}
            autoComplete={autoComplete}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        )
      }
    </Field>
  );
}

/**
 * A select with an empty first choice ('Choose…' unless told; none when `placeholder` is null, for
 * a choice that always has a value), in the Field primitive.
 */
export function SelectField({
  value,
  onChange,
  options,
  placeholder = 'Choose…',
  ...labelled
}: LabelledProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  placeholder?: string | null;
}) {
  return (
    <Field {...fieldProps(labelled)}>
      {(control) => (
        <Select
          {...control}
          name={labelled.name}
          value={value}
          options={options}
          placeholder={placeholder ?? undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
