import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';

export type TextFieldProps = Omit<FieldProps, 'children'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** A labelled input: `Field` around `<input>`, the input's own props passed through. */
export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}
