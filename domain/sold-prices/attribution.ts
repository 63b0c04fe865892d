/** HM Land Registry's required attribution for Price Paid Data, wherever its figures are shown. */
export const PRICE_PAID_ATTRIBUTION =
  'Contains HM Land Registry data © Crown copyright and database right 2026. This data is licensed under the Open Government Licence v3.0.';
