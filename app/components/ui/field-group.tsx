import type { ReactNode } from 'react';
import { describedBy, FieldNotes } from './field';

export interface FieldGroupProps {
  /** The base of the hint's and error's ids: `<idBase>-hint`, `<idBase>-error`. */
  idBase: string;
  /** The fieldset's own id, when a control points at it (`aria-controls`). */
  id?: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * The one markup for a group of fields or choices: a fieldset with its legend, optional hint and
 * the group's error (both announced through `aria-describedby`), then the fields.
 */
export function FieldGroup({
  idBase,
  id,
  legend,
  hint,
  error,
  className,
  children,
}: FieldGroupProps) {
  return (
    <fieldset
      id={id}
      className={className ? `form-field ${className}` : 'form-field'}
      aria-describedby={describedBy(idBase, Boolean(hint), Boolean(error))}
    >
      <legend>{legend}</legend>
      <FieldNotes id={idBase} hint={hint} error={error} />
      {children}
    </fieldset>
  );
}
