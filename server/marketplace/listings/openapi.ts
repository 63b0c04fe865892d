/**
 * The OpenAPI 3 description of `/api/v1` listings, served at `/api/v1/openapi.json`. Request
 * bodies follow the wizard's zod schemas (app/features/listing-draft/listing-rules.ts).
 */
import { LISTING_FEATURES } from '../../../domain/listing/enums.ts';

const error = { $ref: '#/components/responses/Error' };
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const draftParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const ok = (description: string, schema: object = { type: 'object' }) => ({
  description,
  ...json(schema),
});
const secured = [{ bearerIdToken: [] }];

function operation(summary: string, responses: Record<string, object>, extra: object = {}) {
  return { summary, responses: { ...responses, '4XX': error }, ...extra };
}

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Roost marketplace API',
    version: '1.0.0',
    description:
      'Listings, drafts, media, enquiries, reports and favourites. Authenticate with `Authorization: Bearer <ID token>` from the identity service (verified by JWKS). Every write is checked against the token owner. Errors are always `{ error: { code, message, fields } }`.',
  },
  servers: [{ url: '/api/v1' }],
  components: {
    securitySchemes: { bearerIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: { type: 'string', examples: ['VALIDATION_FAILED'] },
              message: { type: 'string' },
              fields: { type: 'object', additionalProperties: { type: 'string' } },
            },
          },
        },
      },
      ListingInput: {
        type: 'object',
        description: 'All wizard fields; see listing-rules.ts for every rule.',
        required: [
          'channel',
          'propertyType',
          'addressLine1',
          'town',
          'postcode',
          'title',
          'description',
          'bedrooms',
          'bathrooms',
          'receptions',
          'councilTaxBand',
          'epcRating',
          'price',
        ],
        properties: {
          channel: { enum: ['sale', 'rent'] },
          propertyType: { type: 'string' },
          addressLine1: { type: 'string' },
          addressLine2: { type: 'string' },
          town: { type: 'string' },
          county: { type: 'string' },
          postcode: { type: 'string', description: 'UK postcode; normalised' },
          isFullAddressShown: { type: 'boolean' },
          title: { type: 'string', minLength: 10, maxLength: 100 },
          description: {
            type: 'string',
            description: 'Plain text; contact details removed; unlawful wording refused',
          },
          keyFeatures: { type: 'array', maxItems: 10, items: { type: 'string' } },
          bedrooms: { type: 'integer' },
          bathrooms: { type: 'integer' },
          receptions: { type: 'integer' },
          floorArea: { type: 'integer' },
          floorAreaUnit: { enum: ['sq_ft', 'sq_m'] },
          tenure: {
            enum: ['freehold', 'leasehold', 'share_of_freehold', 'commonhold', 'shared_ownership'],
          },
          leaseYearsRemaining: { type: 'integer' },
          groundRentPerYear: { type: 'integer' },
          serviceChargePerYear: { type: 'integer' },
          councilTaxBand: { enum: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'domestic_rates'] },
          domesticRatesPerYear: { type: 'integer' },
          epcRating: { enum: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'exempt', 'pending'] },
          materialInfo: { type: 'object', additionalProperties: { type: 'string' } },
          tours: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                kind: { enum: ['video', 'tour'] },
                url: { type: 'string', format: 'uri' },
                title: { type: 'string' },
              },
            },
          },
          price: { type: 'integer', description: 'Whole pounds' },
          priceQualifier: {
            enum: [
              'guide_price',
              'offers_over',
              'offers_in_region_of',
              'fixed_price',
              'from',
              'poa',
            ],
          },
          rentPeriod: { enum: ['month', 'week'] },
          deposit: { type: 'integer', description: "At most 5 weeks' rent (6 at £50,000 a year)" },
          holdingDeposit: { type: 'integer', description: "At most 1 week's rent" },
          furnished: { enum: ['furnished', 'part_furnished', 'unfurnished'] },
          letType: { enum: ['long_term', 'short_term', 'student'] },
          availableFrom: { type: 'string', format: 'date' },
          billsIncluded: { type: 'boolean' },
          petsConsidered: { type: 'boolean' },
          features: {
            type: 'array',
            items: { enum: [...LISTING_FEATURES] },
            description: 'Must-haves visitors filter on',
          },
        },
      },
      Draft: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          listingId: { type: ['integer', 'null'] },
          step: { type: 'integer' },
          data: { type: 'object' },
          media: { type: 'array', items: { $ref: '#/components/schemas/Media' } },
        },
      },
      Media: {
        type: 'object',
        properties: {
          key: { type: 'string' },
          kind: { enum: ['photo', 'floorplan'] },
          width: { type: 'integer' },
          height: { type: 'integer' },
          caption: { type: 'string' },
        },
      },
      Listing: {
        type: 'object',
        description: 'Public view: street and town only unless the lister opts in.',
      },
    },
    responses: { Error: ok('Error', { $ref: '#/components/schemas/Error' }) },
  },
  paths: {
    '/drafts': {
      post: operation(
        'Start a listing draft (signed in or not; signed out, 10 an hour per address: 429 with Retry-After)',
        { 201: ok('Draft', { $ref: '#/components/schemas/Draft' }), 429: error },
      ),
    },
    '/drafts/{id}': {
      get: operation(
        'Read a draft',
        { 200: ok('Draft', { $ref: '#/components/schemas/Draft' }) },
        { parameters: [draftParam] },
      ),
    },
    '/drafts/{id}/steps/{step}': {
      put: operation(
        'Save one wizard step (validated)',
        { 200: ok('Draft') },
        {
          parameters: [
            draftParam,
            {
              name: 'step',
              in: 'path',
              required: true,
              schema: { type: 'integer', minimum: 1, maximum: 7 },
            },
          ],
          requestBody: json({
            type: 'object',
            properties: { fields: { type: 'object' }, nextStep: { type: 'integer' } },
          }),
        },
      ),
    },
    '/drafts/{id}/media': {
      post: operation(
        'Upload a photo or floorplan (raw bytes; JPEG, PNG, WebP, AVIF, HEIC; 25 MB; 100 megapixels, checked from the header; 10 items until a signed-out draft is signed in to: 409; 503 with Retry-After while busy)',
        {
          201: ok('Media', { $ref: '#/components/schemas/Media' }),
          409: error,
          413: error,
          415: error,
          503: error,
        },
        {
          parameters: [
            draftParam,
            { name: 'kind', in: 'query', schema: { enum: ['photo', 'floorplan'] } },
          ],
          requestBody: {
            content: {
              'image/*': { schema: { type: 'string', format: 'binary' } },
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            },
          },
        },
      ),
      put: operation(
        'Reorder, caption and remove media (first photo is the cover)',
        { 200: ok('Media list') },
        {
          parameters: [draftParam],
          requestBody: json({
            type: 'object',
            properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Media' } } },
          }),
        },
      ),
    },
    '/drafts/{id}/publish': {
      post: operation(
        'Publish (sign-in required)',
        { 200: ok('Updated'), 201: ok('Created') },
        { parameters: [draftParam], security: secured },
      ),
    },
    '/me/listings': {
      get: operation('My listings', { 200: ok('Listings') }, { security: secured }),
    },
    '/listings': {
      post: operation(
        'Create a listing',
        { 201: ok('Created') },
        { security: secured, requestBody: json({ $ref: '#/components/schemas/ListingInput' }) },
      ),
    },
    '/listings/{id}': {
      get: operation(
        'Read a listing',
        { 200: ok('Listing', { $ref: '#/components/schemas/Listing' }), 410: error },
        { parameters: [idParam] },
      ),
      patch: operation(
        'Update my listing',
        { 200: ok('Listing') },
        {
          parameters: [idParam],
          security: secured,
          requestBody: json({ $ref: '#/components/schemas/ListingInput' }),
        },
      ),
      delete: operation(
        'Delete my listing (restorable for 30 days)',
        { 204: { description: 'Deleted' } },
        { parameters: [idParam], security: secured },
      ),
    },
    '/listings/{id}/restore': {
      post: operation(
        'Restore a deleted listing',
        { 204: { description: 'Restored' } },
        { parameters: [idParam], security: secured },
      ),
    },
    '/listings/{id}/status': {
      post: operation(
        "Change status. A listing moderators paused stays paused: 'active' asks them to check it (awaitingReview: true), other statuses answer 409.",
        {
          200: ok('Status', {
            type: 'object',
            properties: {
              status: { type: 'string' },
              awaitingReview: { type: 'boolean' },
            },
          }),
          409: error,
        },
        {
          parameters: [idParam],
          security: secured,
          requestBody: json({
            type: 'object',
            properties: {
              status: { enum: ['active', 'under_offer', 'sold_stc', 'let_agreed', 'paused'] },
            },
          }),
        },
      ),
    },
    '/listings/{id}/price': {
      post: operation(
        'Change price (recorded in history)',
        { 200: ok('Price') },
        {
          parameters: [idParam],
          security: secured,
          requestBody: json({ type: 'object', properties: { price: { type: 'integer' } } }),
        },
      ),
    },
    '/listings/{id}/drafts': {
      post: operation(
        'Open an edit draft of my listing',
        { 201: ok('Draft') },
        { parameters: [idParam], security: secured },
      ),
    },
    '/listings/{id}/enquiries': {
      post: operation(
        'Contact the lister (rate limited)',
        { 201: ok('Stored'), 429: error },
        {
          parameters: [idParam],
          requestBody: json({
            type: 'object',
            properties: {
              name: { type: 'string' },
              email: { type: 'string' },
              phone: { type: 'string' },
              message: { type: 'string' },
              wantsViewing: { type: 'boolean' },
              viewingTimes: {
                type: 'array',
                maxItems: 3,
                description:
                  'With wantsViewing: 1 to 3 preferred slots, each a UK day after today within 90 days and a part of the day',
                items: {
                  type: 'object',
                  required: ['date', 'period'],
                  properties: {
                    date: { type: 'string', format: 'date' },
                    period: { enum: ['morning', 'afternoon', 'evening'] },
                  },
                },
              },
            },
          }),
        },
      ),
      get: operation(
        "My listing's enquiries",
        { 200: ok('Enquiries') },
        { parameters: [idParam], security: secured },
      ),
    },
    '/listings/{id}/enquiries/{enquiryId}/reply': {
      post: operation(
        'Answer an enquiry',
        { 204: { description: 'Sent' } },
        {
          parameters: [
            idParam,
            { name: 'enquiryId', in: 'path', required: true, schema: { type: 'integer' } },
          ],
          security: secured,
        },
      ),
    },
    '/listings/{id}/reports': {
      post: operation(
        'Report a listing (one open report each)',
        { 201: ok('Stored'), 409: error, 429: error },
        {
          parameters: [idParam],
          requestBody: json({
            type: 'object',
            properties: { reason: { type: 'string' }, details: { type: 'string' } },
          }),
        },
      ),
    },
    '/admin/reports': {
      get: operation(
        'Administrators: open reports grouped by listing, oldest first',
        { 200: ok('Reported listings'), 403: error },
        { security: secured },
      ),
    },
    '/admin/moderation-actions': {
      get: operation(
        'Administrators: the latest moderation decisions (who, when, outcome, reason)',
        { 200: ok('Decisions'), 403: error },
        { security: secured },
      ),
    },
    '/admin/listings/{id}/moderation': {
      post: operation(
        "Administrators: decide on a listing's open reports — dismiss them, pause the listing or remove it (410). Closes the reports; the lister is e-mailed the reason when paused or removed. Dismissing a paused listing's review request puts it back on Roost (isRelisted: true) and tells the lister.",
        { 201: ok('The recorded decision'), 403: error, 404: error, 409: error, 422: error },
        {
          parameters: [idParam],
          security: secured,
          requestBody: json({
            type: 'object',
            required: ['decision'],
            properties: {
              decision: { enum: ['dismiss', 'pause', 'remove'] },
              reason: {
                type: 'string',
                maxLength: 2000,
                description: 'Required (10+ characters) to pause or remove; e-mailed to the lister',
              },
            },
          }),
        },
      ),
    },
    '/favourites': {
      get: operation('My favourites (ids)', { 200: ok('Ids') }, { security: secured }),
    },
    '/favourites/merge': {
      post: operation("Merge the browser's favourites", { 200: ok('Ids') }, { security: secured }),
    },
    '/favourites/{id}/note': {
      put: operation(
        'Set the private note on a favourite (plain text, up to 1,000 characters)',
        { 200: ok('The saved note') },
        {
          parameters: [idParam],
          security: secured,
          requestBody: json({
            type: 'object',
            required: ['note'],
            properties: { note: { type: 'string' } },
          }),
        },
      ),
    },
    '/search': {
      get: operation(
        'Search listings: the same query parameters as /search/for-sale/ pages, plus `channel`, `place` (town slug) and `limit` (1–24)',
        {
          200: ok('A page of results with total, page count and notices about ignored filters'),
        },
      ),
    },
    '/search/map': {
      get: operation('Every match of a search (newest 1,000) as map points', {
        200: ok('Points and total'),
      }),
    },
    '/places': {
      get: operation('Place suggestions for the location box (`q`, 2+ characters)', {
        200: ok('Places'),
      }),
    },
    '/listing-cards': {
      get: operation('Cards for listings still on the site (`ids`, comma-separated, up to 24)', {
        200: ok('Listing cards'),
      }),
    },
    '/favourites/{id}': {
      put: operation(
        'Add a favourite',
        { 204: { description: 'Added' } },
        { parameters: [idParam], security: secured },
      ),
      delete: operation(
        'Remove a favourite',
        { 204: { description: 'Removed' } },
        { parameters: [idParam], security: secured },
      ),
    },
  },
} as const;
