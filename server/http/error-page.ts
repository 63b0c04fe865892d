import type { Response } from 'express';
import { cspNonceOf } from './content-security-policy.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (value: string) => value.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

const TITLES: Record<number, string> = {
  400: 'We could not read that request',
  403: 'That request was refused',
  413: 'That was too much to send at once',
  415: 'We could not read that form',
  429: 'Please wait a moment',
  503: 'Roost is briefly unavailable',
};

/**
 * A plain page for requests refused before the web app could read them (a malformed address, a
 * form sent in a way no page accepts). It says what went wrong and links home; no scripts.
 */
export function sendErrorPage(res: Response, status: number, message: string): void {
  const title = TITLES[status] ?? (status >= 500 ? 'Something went wrong' : TITLES[400]!);
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | Roost</title>
<style${nonceAttribute(res)}>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1d2b28}a{color:#0f5c4d}</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`,
    );
}

/** The response's CSP nonce as an attribute, so the page's one `<style>` may apply. */
function nonceAttribute(res: Response): string {
  const nonce = cspNonceOf(res);
  return nonce ? ` nonce="${escape(nonce)}"` : '';
}
