import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonLd } from './json-ld';

describe('JsonLd', () => {
  it('keeps a listing’s text from closing the script element', () => {
    const html = renderToStaticMarkup(
      <JsonLd value={{ name: 'Flat </script><script>alert(1)</script>' }} />,
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    const json = html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual({ name: 'Flat </script><script>alert(1)</script>' });
  });
});
