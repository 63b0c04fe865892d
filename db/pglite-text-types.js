// Drizzle parses dates, intervals and some arrays itself, so it asks PGlite with every statement
// to leave those types as PostgreSQL's text. PGlite copies its whole table of parsers (some 300
// types) for each statement that brings parsers of its own, which cost more than reading the
// rows. The instance Drizzle uses keeps those types as text itself, and statements asking for
// just that bring no parsers. Plain JavaScript: the PGlite thread uses it too.

/** The types Drizzle's PGlite driver keeps as text (`drizzle-orm/pglite/session`). */
export const DRIZZLE_TEXT_TYPES = [
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1082, // date
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value) => value;
const textTypes = new Set(DRIZZLE_TEXT_TYPES);

/** Makes the instance keep Drizzle's text types as text for every statement. */
export function keepDrizzleTextTypes(pglite) {
  for (const type of DRIZZLE_TEXT_TYPES) pglite.parsers[type] = asText;
  return pglite;
}

const probe = 'Roost: text as sent';

/** Whether a parser leaves its type's value as PostgreSQL's text. */
export function keepsText(parse, type) {
  return parse(probe, Number(type)) === probe;
}

/** Whether every parser given only keeps one of those types' text (what the instance does). */
export function onlyKeepsText(parsers) {
  for (const type in parsers) {
    if (!textTypes.has(Number(type)) || !keepsText(parsers[type], type)) return false;
  }
  return true;
}

/**
 * The instance's `query` without the parsers it already applies: Drizzle's statements then
 * bring none (any other parsers are passed on as given).
 */
export function withoutTextParsers(pglite) {
  keepDrizzleTextTypes(pglite);
  const query = pglite.query.bind(pglite);
  pglite.query = (text, params, options) => {
    if (!options?.parsers || !onlyKeepsText(options.parsers)) return query(text, params, options);
    const { parsers: _kept, ...rest } = options;
    return query(text, params, rest);
  };
  return pglite;
}
