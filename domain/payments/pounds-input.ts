/**
 * An amount typed in pounds ('4', '4.5', '£4.50') as whole pence; blank is undefined (the admin
 * refund form: refund everything that remains); anything else is 'invalid'.
 */
export function poundsToPence(text: string | undefined): number | undefined | 'invalid' {
  const trimmed = (text ?? '').trim().replace(/^£\s*/, '');
  if (trimmed === '') return undefined;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return 'invalid';
  const [pounds, pence = ''] = trimmed.split('.');
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}
