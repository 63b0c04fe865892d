import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FigureInput } from './figure-input';

describe('FigureInput', () => {
  it('labels the input and ties its hint and error to it', () => {
    const html = renderToStaticMarkup(
      <FigureInput
        id="sd-price"
        name="price"
        label="Price"
        hint="For example £325,000"
        value="abc"
        onValue={() => undefined}
        error="Enter a price, like £325,000"
      />,
    );
    expect(html).toContain('<label for="sd-price">Price</label>');
    expect(html).toContain('id="sd-price-error"');
    expect(html).toMatch(/<input[^>]*aria-describedby="sd-price-hint sd-price-error"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(html).toMatch(/<input[^>]*inputMode="decimal"[^>]*autoComplete="off"/);
  });

  it('asks for whole numbers when told to, and has no error text without an error', () => {
    const html = renderToStaticMarkup(
      <FigureInput id="term" label="Term" inputMode="numeric" value="25" onValue={() => {}} />,
    );
    expect(html).toMatch(/<input[^>]*inputMode="numeric"/);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('field-error');
  });
});
