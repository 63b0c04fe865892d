import { describe, expect, it, vi } from 'vitest';
import type * as Detector from '../../../domain/contact-details/contact-details.ts';
import { validateListing } from '../../../domain/listing/listing-schema.ts';
import { rentSteps } from '../../../tests/support/listing-world.ts';
import { toListingValues } from './listing-values.ts';

/**
 * A stand-in for the detector's insides, through its interface: it finds '@lena_lets' (a
 * handle the browser's light patterns do not know), so these tests show that saving a listing
 * runs the full detector over each free-text field.
 */
vi.mock('../../../domain/contact-details/contact-details.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Detector>();
  return {
    ...actual,
    findContactDetails: (text: string) =>
      [...text.matchAll(/@lena_lets/g)].map((match) => ({
        start: match.index,
        end: match.index + match[0].length,
        kind: 'handle' as const,
      })),
  };
});

function listingWith(fields: Record<string, unknown>) {
  const data = Object.assign({}, ...rentSteps.map(([, stepFields]) => stepFields), fields);
  const result = validateListing(data as Record<string, unknown>);
  if (!result.success) throw new Error(JSON.stringify(result.fields));
  return toListingValues(result.data, { lat: 53.8, lng: -1.57 });
}

describe('listing text saved on the server', () => {
  it('has contact details replaced in the title, description, key features and material information', () => {
    const values = listingWith({
      title: 'Bright flat, message @lena_lets',
      description: 'A lovely flat near the park. Find me on Instagram: @lena_lets for photos.',
      keyFeatures: ['Balcony', 'DM @lena_lets'],
      materialInfo: { parking: 'Ask @lena_lets' },
    });
    expect(values).toMatchObject({
      title: 'Bright flat, message [removed]',
      description:
        "A lovely flat near the park. Find me on Instagram: [contact details removed: use Roost's message button] for photos.",
      keyFeatures: ['Balcony', 'DM [removed]'],
      materialInfo: { parking: 'Ask [removed]' },
    });
  });

  it('leaves text without contact details as written', () => {
    const values = listingWith({ title: 'Bright two bedroom flat near the park' });
    expect(values.title).toBe('Bright two bedroom flat near the park');
    expect(values.keyFeatures).toEqual(['Balcony', 'Bike store']);
  });
});
