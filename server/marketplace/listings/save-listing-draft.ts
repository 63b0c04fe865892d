import { toNormalised } from 'postcode';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { materialStep } from '../../../domain/listing/steps/material-step.ts';
import { LAST_STEP, validateStep, WIZARD_STEPS } from '../../../domain/listing/wizard-steps.ts';
import { AppError } from '../../http/app-error.ts';
import type { Geocoder } from '../search/geocoder.ts';
import { checkMaterialSources } from './check-material-sources.ts';
import { letContextFor, type LetRulesSettings } from './let-context.ts';
import { loadListingDraft } from './load-listing-draft.ts';
import { listingDrafts, type ListingDraftRow } from './schema.ts';

/**
 * Saves one wizard step: the step's fields are validated with the same schema the browser used,
 * merged into the draft, and the draft moves on to `nextStep`. A let's fields are also checked
 * against the rules of the nation its postcode is in.
 */
export async function saveListingDraft(
  db: Database,
  options: {
    draftId: string;
    userSub: string | undefined;
    step: number;
    fields: Record<string, unknown>;
    nextStep?: number;
    letRules?: LetRulesSettings;
    /** Places the postcode, to check the material step against the open data there. */
    geocoder?: Geocoder;
  },
): Promise<ListingDraftRow> {
  const draft = await loadListingDraft(db, options.draftId, options.userSub);
  const merged = { ...draft.data, ...options.fields };
  const result = validateStep(
    options.step,
    merged,
    letContextFor(merged.postcode, options.letRules),
  );
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', 'Check the highlighted fields.', result.fields);
  }
  if (options.step === MATERIAL_STEP && options.geocoder) {
    await checkMaterialStep(db, options.geocoder, merged);
  }
  const step = Math.min(LAST_STEP, Math.max(1, Math.trunc(options.nextStep ?? options.step)));
  const [saved] = await db
    .update(listingDrafts)
    .set({ data: merged, step })
    .where(eq(listingDrafts.id, draft.id))
    .returning();
  return saved!;
}

const MATERIAL_STEP = WIZARD_STEPS.find((entry) => entry.key === 'material')!.step;

/** The material step's stated flood risk and broadband against the open data at the postcode. */
async function checkMaterialStep(db: Database, geocoder: Geocoder, data: Record<string, unknown>) {
  const postcode = typeof data.postcode === 'string' ? toNormalised(data.postcode) : undefined;
  const coordinates = postcode ? await geocoder.locatePostcode(postcode) : undefined;
  if (!postcode || !coordinates) return;
  const parsed = materialStep.safeParse(data);
  if (parsed.success) await checkMaterialSources(db, { postcode, ...coordinates }, parsed.data);
}
