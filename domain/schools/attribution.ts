/** The credit for Get Information about Schools (Open Government Licence v3.0), wherever shown. */
export const GIAS_ATTRIBUTION =
  'School details from the Department for Education’s Get Information about Schools. Contains public sector information licensed under the Open Government Licence v3.0.';

/** The register's own page for a school, by its unique reference number. */
export const giasSchoolUrl = (urn: number) =>
  `https://get-information-schools.service.gov.uk/Establishments/Establishment/Details/${urn}`;
