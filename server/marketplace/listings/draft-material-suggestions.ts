import { toNormalised } from 'postcode';
import type { Database } from '../../../db/client.ts';
import type { MaterialSuggestion } from '../../../domain/listing/material-sources.ts';
import { suggestMaterialInfo } from '../area-facts/suggest-material-info.ts';
import type { Geocoder } from '../search/geocoder.ts';
import { loadListingDraft } from './load-listing-draft.ts';

/** What the open data says about the draft's home, once its postcode is saved and placed. */
export async function draftMaterialSuggestions(
  db: Database,
  geocoder: Geocoder,
  options: { draftId: string; userSub: string | undefined },
): Promise<MaterialSuggestion[]> {
  const draft = await loadListingDraft(db, options.draftId, options.userSub);
  // Drafts keep the fields as typed: 'ls6 2ab' is placed as 'LS6 2AB'.
  const postcode =
    typeof draft.data.postcode === 'string' ? toNormalised(draft.data.postcode) : undefined;
  const coordinates = postcode ? await geocoder.locatePostcode(postcode) : undefined;
  if (!postcode || !coordinates) return [];
  return suggestMaterialInfo(db, { postcode, ...coordinates });
}
