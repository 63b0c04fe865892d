import { roomAreaWarning, roomsTotalSquareMetres, validRooms } from '@domain/listing/rooms';
import { detailsStep, toSquareFeet } from '@domain/listing/steps/details-step';
import { formatArea } from '@domain/units';

/**
 * The rooms typed in full so far, their total area ('278 sq ft (26 m²)') and the advice when it
 * is far from the floor area given: the details step and the review step show the same.
 */
export function roomsSummaryOf(detail: Record<string, unknown>) {
  const rooms = Array.isArray(detail.rooms) ? (detail.rooms as unknown[]) : [];
  const complete = validRooms(rooms);
  const stated = detailsStep.shape.floorArea.safeParse(detail.floorArea);
  const statedSqFt = stated.success
    ? toSquareFeet(stated.data, detail.floorAreaUnit === 'sq_m' ? 'sq_m' : 'sq_ft')
    : null;
  return {
    count: complete.length,
    total: complete.length > 0 ? formatArea(roomsTotalSquareMetres(complete)) : null,
    warning: roomAreaWarning(complete, statedSqFt),
  };
}
