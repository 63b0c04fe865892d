/** The Department for Transport's credit for NaPTAN, wherever its stations are shown. */
export const NAPTAN_ATTRIBUTION =
  'Contains Department for Transport NaPTAN data © Crown copyright and database right 2026. This data is licensed under the Open Government Licence v3.0.';
