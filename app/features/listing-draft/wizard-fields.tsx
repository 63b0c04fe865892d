import type { ReactNode } from 'react';

/** Form controls for the wizard: a label, an optional hint and the field's error, wired for AT. */
interface FieldProps {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

function describedBy(name: string, hint?: string, error?: string) {
  return (
    [hint ? `${name}-hint` : undefined, error ? `${name}-error` : undefined]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

function FieldShell({ name, label, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={`field-${name}`}>{label}</label>
      {hint ? (
        <span className="hint" id={`${name}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

export function TextField({
  value,
  onChange,
  type = 'text',
  multiline = false,
  autoComplete,
  inputMode,
  ...props
}: FieldProps & {
  value: unknown;
  onChange: (value: string) => void;
  type?: 'text' | 'number' | 'date' | 'url';
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
}) {
  const common = {
    id: `field-${props.name}`,
    name: props.name,
    value: value === undefined || value === null ? '' : String(value),
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy(props.name, props.hint, props.error),
  };
  return (
    <FieldShell {...props}>
      {multiline ? (
        <textarea {...common} rows={8} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type === 'number' ? 'text' : type}
          inputMode={type === 'number' ? 'numeric' : inputMode}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder = 'Choose…',
  ...props
}: FieldProps & {
  value: unknown;
  onChange: (value: string) => void;
  options: [string, string][];
  placeholder?: string;
}) {
  return (
    <FieldShell {...props}>
      <select
        id={`field-${props.name}`}
        name={props.name}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.name, props.hint, props.error)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function RadioField({
  value,
  onChange,
  options,
  name,
  label,
  error,
}: FieldProps & {
  value: unknown;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  return (
    <fieldset
      className="form-field wizard__radios"
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend>{label}</legend>
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
      {options.map(([optionValue, optionLabel]) => (
        <label key={optionValue} className="wizard__choice">
          <input
            type="radio"
            name={name}
            value={optionValue}
            checked={value === optionValue}
            onChange={() => onChange(optionValue)}
          />{' '}
          {optionLabel}
        </label>
      ))}
    </fieldset>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="form-field wizard__checkbox">
      <label>
        <input
          type="checkbox"
          name={name}
          checked={checked}
          aria-describedby={hint ? `${name}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
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
