/**
 * Just enough RFC 822/MIME reading for the outbox page: top-level headers (RFC 2047 words
 * decoded) and the text/plain part (quoted-printable or base64).
 */
export interface ParsedMail {
  headers: Record<string, string | undefined>;
  text: string;
}

function splitHead(raw: string): [Record<string, string>, string] {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return [headers, body];
}

function decodeWords(value: string): string {
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 §6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([\w-]+)\?([BbQq])\?([^?]*)\?=/g,
      (_m, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  try {
    return decodeURIComponent(bytes);
  } catch {
    return text;
  }
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function findText(headers: Record<string, string>, body: string): string | undefined {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return /^text\/plain/i.test(type) ? decodeBody(headers, body) : undefined;
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const [partHeaders, partBody] = splitHead(part.replace(/^\n/, ''));
    const text = findText(partHeaders, partBody);
    if (text !== undefined) return text;
  }
  return undefined;
}

export function simpleParser(raw: string): ParsedMail {
  const [headers, body] = splitHead(raw);
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) decoded[name] = decodeWords(value);
  return { headers: decoded, text: (findText(headers, body) ?? '').trim() };
}
