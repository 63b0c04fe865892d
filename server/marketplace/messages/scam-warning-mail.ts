import type { ScamWarning } from '../../../domain/contact-details/contact-details.ts';
import { escapeHtml } from '../../mail/escape-html.ts';

/** Scam warnings at the top of an e-mail carrying someone's message: plain-text lines. */
export function scamWarningText(warnings: readonly ScamWarning[]): string[] {
  if (warnings.length === 0) return [];
  return [
    'Be careful with this message:',
    ...warnings.map((warning) => `- ${warning.message}`),
    '',
  ];
}

/** The same warnings as an HTML note (a `role="note"` block, read out by screen readers). */
export function scamWarningHtml(warnings: readonly ScamWarning[]): string[] {
  if (warnings.length === 0) return [];
  return [
    '<div role="note" style="border-left:4px solid #b45309;padding:0.5em 1em;background:#fff7ed">',
    '<p><strong>Be careful with this message:</strong></p>',
    `<ul>${warnings.map((warning) => `<li>${escapeHtml(warning.message)}</li>`).join('')}</ul>`,
    '</div>',
  ];
}
