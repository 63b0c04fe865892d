import type { Database } from '../../../db/client.ts';
import type { MaterialInformation } from '../../../domain/listing/material-information.ts';
import {
  materialSourcesFor,
  type MaterialReasons,
  type MaterialSources,
} from '../../../domain/listing/material-sources.ts';
import { AppError } from '../../http/app-error.ts';
import { suggestMaterialInfo, type HomePlace } from '../area-facts/suggest-material-info.ts';

/**
 * The sources of a listing's stated flood risk and broadband, worked out on the server from the
 * imported data (never taken from the browser); refused when the lister's words differ from the
 * data without a reason.
 */
export async function checkMaterialSources(
  db: Database,
  place: HomePlace,
  input: { materialInfo: MaterialInformation; materialReasons?: MaterialReasons },
): Promise<MaterialSources> {
  const suggestions = await suggestMaterialInfo(db, place);
  const { sources, fieldErrors } = materialSourcesFor(
    suggestions,
    input.materialInfo,
    input.materialReasons,
  );
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Check the highlighted fields.', fieldErrors);
  }
  return sources;
}
