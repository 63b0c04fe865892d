import { positive, type Positive } from './types.ts';

const link = (text: string, detail: string) => positive('link', text, detail);

/** Links, plain, bare on any top-level domain, and defanged. */
export const linkPositives: Positive[] = [
  link('see https://example.com/flat for photos', 'https://example.com/flat'),
  link('http://example.org', 'http://example.org'),
  link('more at www.example.com', 'www.example.com'),
  link('HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'),
  link('photos: example.com.', 'example.com'),
  link('(example.com)', 'example.com'),
  link('https://evil.click/a?b=1', 'https://evil.click/a?b=1'),
  link('http://203.0.113.5/pay', 'http://203.0.113.5/pay'),
  link('short link bit.ly/3xYz', 'bit.ly/3xYz'),
  link('tinyurl.com/abc123', 'tinyurl.com/abc123'),
  link('docs.google.com/forms/d/abc', 'docs.google.com/forms/d/abc'),
  link('fill https://forms.gle/abcdef', 'https://forms.gle/abcdef'),
  link('linktr.ee/jsmith', 'linktr.ee/jsmith'),
  link('pay at paypal.me/jsmith', 'paypal.me/jsmith'),
  link('evil.co.uk/pay', 'evil.co.uk/pay'),
  link('rentals.io/12', 'rentals.io/12'),
  // Bare domains on other top-level domains.
  link('visit roost-deals.xyz', 'roost-deals.xyz'),
  link('flatdeals.london/listing/12', 'flatdeals.london/listing/12'),
  link('cheaprent.top is cheaper', 'cheaprent.top'),
  link('go to my-flats.online', 'my-flats.online'),
  link('evil.shop has more', 'evil.shop'),
  // Defanged, spaced, full-width, invisible characters.
  link('hxxps://evil.example.com/pay', 'hxxps://evil.example.com/pay'),
  link('hxxp://evil.example.com', 'hxxp://evil.example.com'),
  link('visit evil[.]com', 'evil[.]com'),
  link('visit evil(dot)com', 'evil(dot)com'),
  link('visit evil dot com', 'evil dot com'),
  link('www dot evil dot co dot uk', 'www dot evil dot co dot uk'),
  link('evil[.]co[.]uk', 'evil[.]co[.]uk'),
  link('example．com', 'example．com'),
  link('ｅｘａｍｐｌｅ.ｃｏｍ', 'ｅｘａｍｐｌｅ.ｃｏｍ'),
  link('https://ex\u200bample.com', 'https://ex\u200bample.com'),
  link('h t t p s : / / e v i l . c o m', 'h t t p s : / / e v i l . c o m'),
];
