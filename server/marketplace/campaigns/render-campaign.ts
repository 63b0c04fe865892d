import { createHmac, timingSafeEqual } from 'node:crypto';
import MarkdownIt from 'markdown-it';
import { escapeHtml } from '../../mail/escape-html.ts';

/**
 * Campaign bodies are Markdown written by administrators. Raw HTML is never passed through
 * (`html: false` escapes it) and links may only be http(s) or mailto, so an e-mail or the
 * preview can never carry script, `javascript:` or `data:` links.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.validateLink = (url) => /^(https?:|mailto:)/i.test(url.trim());

export function renderCampaignHtmlBody(body: string): string {
  return markdown.render(body);
}

/** The plain-text part: the Markdown itself reads well as text. */
export interface CampaignEmail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export function buildCampaignEmail(options: {
  subject: string;
  body: string;
  unsubscribeUrl: string;
  accountUrl: string;
}): CampaignEmail {
  const { unsubscribeUrl, accountUrl } = options;
  const footerText = `You get this because you asked Roost for news and offers.\nUnsubscribe: ${unsubscribeUrl}\nOr change your choice in your account: ${accountUrl}`;
  const footerHtml = `<hr><p style="font-size:small">You get this because you asked Roost for news and offers. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeHtml(accountUrl)}">Your account</a></p>`;
  return {
    subject: options.subject,
    html: `${renderCampaignHtmlBody(options.body)}${footerHtml}`,
    text: `${options.body}\n\n--\n${footerText}\n`,
    // RFC 8058 one-click: mail clients POST to the URL; no sign-in needed.
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** `<campaign>.<sub as base64url>.<mac>`: stops marketing e-mails for that one person. */
export function createMarketingUnsubscribeToken(
  secret: Buffer,
  userSub: string,
  campaignId: number,
): string {
  const sub = Buffer.from(userSub).toString('base64url');
  return `${campaignId}.${sub}.${mac(secret, userSub, campaignId)}`;
}

export function readMarketingUnsubscribeToken(
  secret: Buffer | undefined,
  token: string,
): { userSub: string; campaignId: number } | undefined {
  if (!secret) return undefined;
  const match = /^(\d{1,15})\.([\w-]{1,200})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const campaignId = Number(match[1]);
  const userSub = Buffer.from(match[2]!, 'base64url').toString();
  const expected = Buffer.from(mac(secret, userSub, campaignId));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userSub, campaignId }
    : undefined;
}

function mac(secret: Buffer, userSub: string, campaignId: number): string {
  return createHmac('sha256', secret)
    .update(`marketing-unsubscribe:${campaignId}:${userSub}`)
    .digest('base64url');
}
