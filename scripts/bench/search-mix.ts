import { slugify } from '../../domain/listing/listing-url.ts';
import { SEED_PLACES } from '../../server/marketplace/demo/uk-places.ts';

export type MixKind = 'place' | 'filters' | 'keywords' | 'district' | 'browse';

export interface MixItem {
  kind: MixKind;
  channel: 'sale' | 'rent';
  params: URLSearchParams;
  placeSlug?: string;
}

/**
 * The fixed benchmark mix: 1,000 searches drawn by a seeded generator, so every run (and every
 * machine) measures the same work. Shares: place + radius 45%, filters 25%, keywords 10%,
 * outcodes 10%, whole-country browsing with deep pages 10%.
 */
export function searchMix(size = 1000): MixItem[] {
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const radii = ['0', '1', '3', '5', '10', '20', '40'];
  const sorts = ['newest', 'price-asc', 'price-desc', 'nearest'];
  const items: MixItem[] = [];
  for (let index = 0; index < size; index += 1) {
    const place = pick(SEED_PLACES);
    const channel = random() < 0.65 ? 'sale' : 'rent';
    const params = new URLSearchParams();
    const kind = random();
    let placeSlug: string | undefined = slugify(place.town);
    let mixKind: MixKind = 'place';
    params.set('radius', pick(radii));
    params.set('sort', pick(sorts));
    if (kind < 0.45) {
      // place + radius only
    } else if (kind < 0.7) {
      mixKind = 'filters';
      const typical = channel === 'sale' ? place.typicalSalePrice : place.typicalRentPcm;
      params.set('maxPrice', String(Math.round(typical * (0.8 + random()))));
      params.set('minBeds', String(1 + Math.floor(random() * 3)));
      if (random() < 0.5)
        params.append('type', pick(['flat', 'terraced', 'semi_detached', 'detached']));
      if (random() < 0.3) params.set('added', pick(['3', '7', '14']));
    } else if (kind < 0.8) {
      mixKind = 'keywords';
      params.set(
        'keywords',
        pick(['garden', 'parking', 'garage', 'balcony', 'period features', 'station']),
      );
    } else if (kind < 0.9) {
      mixKind = 'district';
      placeSlug = undefined;
      params.set('location', pick(place.outcodes));
    } else {
      mixKind = 'browse';
      placeSlug = undefined;
      params.delete('radius');
      params.set('sort', pick(['newest', 'price-asc', 'price-desc']));
      params.set('page', String(1 + Math.floor(random() * 40)));
    }
    items.push({ kind: mixKind, channel, params, placeSlug });
  }
  return items;
}
