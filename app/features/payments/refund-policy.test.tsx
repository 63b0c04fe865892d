import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CATALOGUE } from '@domain/payments/catalogue';

// Figures no real rule uses: if the page shows them, its figures come from the constants.
vi.mock('@domain/payments/cancellation', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  CANCELLATION_DAYS: 17,
  QUOTE_VALID_MINUTES: 41,
  REFUND_PAID_WITHIN_DAYS: 23,
  USE_COUNTED_IN_HOURS: 3,
}));
vi.mock('@domain/payments/vat', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  VAT_RATE_PERCENT: 19,
}));

const { RefundPolicy } = await import('./refund-policy');

const text = (element: React.ReactElement) =>
  renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the payment and refund policy', () => {
  it('takes its figures from the rules the code uses, and lists the upgrades on sale', () => {
    const page = text(<RefundPolicy products={[...DEFAULT_CATALOGUE]} checkoutKind="stripe" />);
    expect(page).toContain('cancel within 17 days of paying');
    expect(page).toContain('If you cancel within those 17 days');
    expect(page).toContain('even after the 17 days');
    expect(page).toContain('within 41 minutes');
    expect(page).toContain('complete periods of 3 hours');
    expect(page).toContain('if I cancel within 17 days I will get back');
    expect(page).toContain('within 23 days of your cancelling');
    expect(page).toContain('VAT at 19 %');
    expect(page).not.toMatch(/(within|after the|those) 14 days|30 minutes|20 %/);
    expect(page).not.toMatch(/coming soon/i);
    for (const product of DEFAULT_CATALOGUE) expect(page).toContain(product.name);
    expect(page).toContain('Featured, 7 days: £9.99');
  });
});
