import type { OutgoingMessage } from './message-sender.ts';

export type CodePurpose =
  | 'sign-up'
  | 'reset-password'
  | 'verify-email'
  | 'verify-phone'
  | 'mfa'
  | 'sign-in'
  | 'temporary-password';

const subjects: Record<CodePurpose, string> = {
  'sign-up': 'Your Roost verification code',
  'reset-password': 'Reset your Roost password',
  'verify-email': 'Confirm your e-mail address for Roost',
  'verify-phone': 'Confirm your phone number for Roost',
  mfa: 'Your Roost sign-in code',
  'sign-in': 'Your Roost sign-in code',
  'temporary-password': 'Your Roost account is ready',
};

const intros: Record<CodePurpose, string> = {
  'sign-up': 'Thank you for joining Roost. To finish creating your account, enter this code:',
  'reset-password':
    'We received a request to reset the password for your Roost account. Your code is:',
  'verify-email': 'To confirm this e-mail address for your Roost account, enter this code:',
  'verify-phone': 'To confirm this phone number for your Roost account, enter this code:',
  mfa: 'To finish signing in to Roost, enter this code:',
  'sign-in': 'To sign in to Roost, enter this code:',
  'temporary-password':
    'An administrator has created a Roost account for you. Sign in with your e-mail address and this temporary password, then choose your own:',
};

const validity: Record<CodePurpose, string> = {
  'sign-up': 'The code is valid for 24 hours.',
  'reset-password': 'The code is valid for 1 hour.',
  'verify-email': 'The code is valid for 24 hours.',
  'verify-phone': 'The code is valid for 24 hours.',
  mfa: 'The code is valid for 3 minutes.',
  'sign-in': 'The code is valid for 3 minutes.',
  'temporary-password': 'The temporary password is valid for 7 days.',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A code (or temporary password) message, as e-mail or SMS, in plain text and HTML. */
export function codeMessage(
  purpose: CodePurpose,
  channel: 'email' | 'sms',
  to: string,
  code: string,
): OutgoingMessage {
  const tag = `identity.${purpose}`;
  if (channel === 'sms') {
    return { channel, to, tag, text: `Roost: ${intros[purpose]} ${code}. ${validity[purpose]}` };
  }
  const ignore =
    purpose === 'temporary-password'
      ? 'If you were not expecting this, you can ignore this message.'
      : 'If you did not ask for this code, you can ignore this e-mail: your account is safe.';
  const text = `Hello,\n\n${intros[purpose]}\n\n    ${code}\n\n${validity[purpose]}\n${ignore}\n\nThe Roost team\n`;
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;color:#1d2a35">
<p>Hello,</p>
<p>${escapeHtml(intros[purpose])}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:4px">${escapeHtml(code)}</p>
<p>${escapeHtml(validity[purpose])}<br>${escapeHtml(ignore)}</p>
<p>The Roost team</p>
</body></html>`;
  return { channel, to, tag, subject: subjects[purpose], text, html };
}
