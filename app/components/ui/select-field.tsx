import type { ComponentProps } from 'react';
import { Field, type FieldProps } from './field';
import { Select } from './select';

type SelectFieldProps = Omit<FieldProps, 'children'> &
  Omit<ComponentProps<typeof Select>, 'id' | 'className'>;

/** A labelled select: `Field` around `Select`, the select's own props passed through. */
export function SelectField({ id, label, hint, error, className, ...select }: SelectFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <Select {...control} {...select} />}
    </Field>
  );
}
