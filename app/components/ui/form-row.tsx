import type { ReactNode } from 'react';

/**
 * Fields and the buttons that act on them on one line, wrapping on a narrow screen, each button as
 * wide as its words. Forms inside take part in the row as if their fields were its own, so two
 * small forms (change the status; confirm it is still available) sit side by side.
 */
export function FormRow({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="form-row" role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  );
}
