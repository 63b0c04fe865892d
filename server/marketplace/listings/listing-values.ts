import { toOutcode } from 'postcode';
import { toSquareFeet } from '../../../domain/listing/steps/details-step.ts';
import type { ListingInput } from '../../../domain/listing/listing-schema.ts';
import type { MaterialReasons, MaterialSources } from '../../../domain/listing/material-sources.ts';
import { floorAreaFromRooms, roomFieldsIn } from '../../../domain/listing/rooms.ts';
import { EPC_BANDS } from '../../../domain/listing/enums.ts';
import { normaliseRegistrationNumber } from '../../../domain/lettings/check-let.ts';
import { nationForPostcode } from '../geography/nation.ts';
import type { Coordinates } from '../search/geocoder.ts';
import { listingTextWithoutContactDetails } from './listing-text.ts';
import type { Listing, NewListing } from './schema.ts';

/**
 * The columns a validated listing sets (everything but owner, status and timestamps), its free
 * text run through the full contact-detail detector.
 */
export function toListingValues(
  input: ListingInput,
  coordinates: Coordinates,
): Omit<NewListing, 'ownerSub' | 'status'> {
  const isRent = input.channel === 'rent';
  const text = listingTextWithoutContactDetails(input);
  return {
    channel: input.channel,
    propertyType: input.propertyType,
    title: text.title,
    description: text.description,
    keyFeatures: text.keyFeatures,
    price: input.price,
    priceQualifier: isRent ? null : (input.priceQualifier ?? null),
    rentPeriod: isRent ? (input.rentPeriod ?? 'month') : null,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    receptions: input.receptions,
    // Floor area not given: the rooms' total, so the listing still meets the floor-area filter.
    floorAreaSqFt:
      toSquareFeet(input.floorArea, input.floorAreaUnit) ?? floorAreaFromRooms(input.rooms),
    rooms: input.rooms,
    roomUnit: input.roomUnit,
    features: input.features,
    furnished: isRent ? (input.furnished ?? null) : null,
    letType: isRent ? (input.letType ?? null) : null,
    availableFrom: isRent ? (input.availableFrom ?? null) : null,
    deposit: isRent ? (input.deposit ?? null) : null,
    holdingDeposit: isRent ? (input.holdingDeposit ?? null) : null,
    billsIncluded: isRent && input.billsIncluded,
    petsConsidered: isRent && input.petsConsidered,
    registrationNumber: isRent ? normaliseRegistrationNumber(input.registrationNumber) : null,
    // The values passed every rule just now, so an earlier finding no longer stands.
    letRuleIssues: null,
    letRulesDueAt: null,
    tenure: input.tenure ?? null,
    leaseYearsRemaining: input.tenure === 'leasehold' ? (input.leaseYearsRemaining ?? null) : null,
    groundRentPerYear: input.groundRentPerYear ?? null,
    serviceChargePerYear: input.serviceChargePerYear ?? null,
    councilTaxBand: input.councilTaxBand,
    domesticRatesPerYear:
      input.councilTaxBand === 'domestic_rates' ? (input.domesticRatesPerYear ?? null) : null,
    epcRating: input.epcRating,
    epcPotential: isEpcBand(input.epcRating) ? (input.epcPotential ?? null) : null,
    materialInfo: Object.fromEntries(
      Object.entries(text.materialInfo).filter(([, value]) => value),
    ),
    tours: input.tours,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2 || null,
    isFullAddressShown: input.isFullAddressShown,
    town: input.town,
    county: input.county || null,
    country: nationForPostcode(input.postcode),
    postcode: input.postcode,
    outcode: toOutcode(input.postcode)!,
    lat: coordinates.lat,
    lng: coordinates.lng,
  };
}

function isEpcBand(rating: string | undefined): boolean {
  return (EPC_BANDS as readonly string[]).includes(rating ?? '');
}

/** The reasons the lister gave for differing from open data, to edit again. */
function listerReasons(sources: MaterialSources): MaterialReasons {
  return Object.fromEntries(
    Object.entries(sources).flatMap(([field, source]) =>
      source.from === 'lister' ? [[field, source.reason]] : [],
    ),
  );
}

/** A listing row back into the wizard's fields (editing reuses the wizard). */
export function toDraftData(listing: Listing): Record<string, unknown> {
  return {
    channel: listing.channel,
    propertyType: listing.propertyType,
    addressLine1: listing.addressLine1,
    addressLine2: listing.addressLine2 ?? '',
    town: listing.town,
    county: listing.county ?? '',
    postcode: listing.postcode,
    isFullAddressShown: listing.isFullAddressShown,
    title: listing.title,
    description: listing.description,
    keyFeatures: listing.keyFeatures,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    receptions: listing.receptions,
    floorArea: statedFloorArea(listing) ?? '',
    floorAreaUnit: 'sq_ft',
    rooms: listing.rooms.map((room) => roomFieldsIn({ ...room }, listing.roomUnit)),
    roomUnit: listing.roomUnit,
    features: listing.features,
    tenure: listing.tenure ?? undefined,
    leaseYearsRemaining: listing.leaseYearsRemaining ?? '',
    groundRentPerYear: listing.groundRentPerYear ?? '',
    serviceChargePerYear: listing.serviceChargePerYear ?? '',
    councilTaxBand: listing.councilTaxBand ?? undefined,
    domesticRatesPerYear: listing.domesticRatesPerYear ?? '',
    epcRating: listing.epcRating ?? undefined,
    epcPotential: listing.epcPotential ?? undefined,
    materialInfo: listing.materialInfo,
    materialReasons: listerReasons(listing.materialSources),
    tours: listing.tours,
    price: listing.price,
    priceQualifier: listing.priceQualifier ?? undefined,
    rentPeriod: listing.rentPeriod ?? undefined,
    deposit: listing.deposit ?? '',
    holdingDeposit: listing.holdingDeposit ?? '',
    furnished: listing.furnished ?? undefined,
    letType: listing.letType ?? undefined,
    availableFrom: listing.availableFrom ?? '',
    billsIncluded: listing.billsIncluded,
    petsConsidered: listing.petsConsidered,
    registrationNumber: listing.registrationNumber ?? '',
  };
}

/**
 * The floor area as the lister gave it: none when it is the rooms' total (it was worked out from
 * them, so it follows the rooms when they change; a figure equal to it gives the same listing).
 */
function statedFloorArea(listing: Listing): number | null {
  const fromRooms = floorAreaFromRooms(listing.rooms);
  return listing.floorAreaSqFt === fromRooms ? null : listing.floorAreaSqFt;
}
