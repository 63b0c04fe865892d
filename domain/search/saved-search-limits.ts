/** A saved search's name, at most this long: apart from the schemas, for pages that only show it. */
export const MAX_SAVED_SEARCH_NAME_LENGTH = 80;
