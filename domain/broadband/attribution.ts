/** Ofcom's credit for Connected Nations data, wherever its figures are shown (docs/data.md). */
export const OFCOM_ATTRIBUTION =
  'Contains Ofcom Connected Nations data, used under Ofcom’s terms of use for its open data.';

/** Where Ofcom's terms for reusing Connected Nations data are published. */
export const OFCOM_TERMS_URL =
  'https://www.ofcom.org.uk/research-and-data/multi-sector-research/infrastructure-research/connected-nations-2015/downloads/terms-of-use';
