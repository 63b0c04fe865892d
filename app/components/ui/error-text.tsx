import type { ReactNode } from 'react';

/** A field's or group's error message; renders nothing when there is none. */
export function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  if (children === undefined || children === null || children === '' || children === false) {
    return null;
  }
  return (
    <p id={id} className="field-error">
      {children}
    </p>
  );
}
