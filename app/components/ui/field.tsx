import type { ReactNode } from 'react';
import { ErrorText } from './error-text';

/** What a form control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; the hint and error take `<id>-hint` and `<id>-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Extra classes beside `form-field`, e.g. for a field laid out in a row. */
  className?: string;
  /** Renders the control (input, select, textarea) with the props that wire it up. */
  children: (control: ControlProps) => ReactNode;
}

/** The ids a control's `aria-describedby` lists: its hint, then its error. */
export function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  return (
    [hasHint ? `${id}-hint` : '', hasError ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined
  );
}

/** A field's or group's hint, then its error, with the ids `describedBy` lists. */
export function FieldNotes({ id, hint, error }: Pick<FieldProps, 'id' | 'hint' | 'error'>) {
  return (
    <>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <ErrorText id={`${id}-error`}>{error}</ErrorText>
    </>
  );
}

/**
 * The one markup for a labelled form field: label, optional hint, the error (announced with the
 * control through `aria-describedby`), then the control.
 */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} error={error} />
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(id, Boolean(hint), Boolean(error)),
      })}
    </div>
  );
}
