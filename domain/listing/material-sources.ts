import type { MaterialField, MaterialInformation } from './material-information.ts';

/** The material-information parts Roost can suggest from open data (flood risk, broadband). */
export const PREFILLED_FIELDS = ['floodRisk', 'broadband'] as const satisfies MaterialField[];
export type PrefilledField = (typeof PREFILLED_FIELDS)[number];

/** What an open dataset says about one part of a home's material information. */
export interface MaterialSuggestion {
  field: PrefilledField;
  /** The wording the wizard fills in, as the listing would show it. */
  text: string;
  /** The dataset, named as its publisher asks, e.g. 'Ofcom Connected Nations'. */
  source: string;
  /** When the dataset describes (YYYY-MM-DD). */
  asOf: string;
  /** Made up for the demonstration homes, not the publisher's data. */
  isDemo: boolean;
}

/**
 * Where a listing's stated part came from: the open data as suggested, or the lister's own words
 * where they differ from it, with the reason they gave and what the data said.
 */
export type MaterialSource =
  | { from: 'data'; source: string; asOf: string; isDemo: boolean }
  | {
      from: 'lister';
      reason: string;
      dataText: string;
      source: string;
      asOf: string;
      isDemo: boolean;
    };
export type MaterialSources = Partial<Record<PrefilledField, MaterialSource>>;
export type MaterialReasons = Partial<Record<PrefilledField, string>>;

export const MAX_REASON_LENGTH = 300;

/**
 * Each suggested part's source, given what the lister stated. A part left empty has no source;
 * one that differs from the data needs the lister's reason, else a field error names it.
 */
export function materialSourcesFor(
  suggestions: readonly MaterialSuggestion[],
  materialInfo: MaterialInformation,
  reasons: MaterialReasons = {},
): { sources: MaterialSources; fieldErrors: Record<string, string> } {
  const sources: MaterialSources = {};
  const fieldErrors: Record<string, string> = {};
  for (const suggestion of suggestions) {
    const { field, source, asOf, isDemo } = suggestion;
    const stated = materialInfo[field]?.trim();
    if (!stated) continue;
    if (sameWording(stated, suggestion.text)) {
      sources[field] = { from: 'data', source, asOf, isDemo };
      continue;
    }
    const reason = reasons[field]?.trim();
    if (reason) {
      sources[field] = { from: 'lister', reason, dataText: suggestion.text, source, asOf, isDemo };
    } else {
      fieldErrors[`materialReasons.${field}`] =
        `Say why this differs from the ${source} data, or use its wording`;
    }
  }
  return { sources, fieldErrors };
}

/** Spacing and case aside, the same words. */
export function sameWording(a: string, b: string): boolean {
  const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return fold(a) === fold(b);
}
