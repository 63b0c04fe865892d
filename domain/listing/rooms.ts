import { z } from 'zod';
import { formatNumber } from '../format.ts';
import { normaliseText, stripContactDetails, unlawfulWordingReason } from '../text.ts';
import {
  feetAndInchesFromMetres,
  formatArea,
  metresFromFeetAndInches,
  roundToMillimetre,
  squareFeetFromSquareMetres,
  squareMetresFromSquareFeet,
} from '../units.ts';

/**
 * Rooms the lister lists with their sizes: the rules the wizard and the server share, the rooms'
 * total area and the advice when that total and the stated floor area disagree.
 */

export const MAX_ROOMS = 30;
export const MAX_ROOM_NAME = 40;
export const MIN_ROOM_DIMENSION_M = 0.5;
export const MAX_ROOM_DIMENSION_M = 50;
/** Rooms and floor area further apart than this (a share of the floor area) get a warning. */
export const ROOM_AREA_TOLERANCE = 0.15;

/** How the lister types sizes: metres, or feet and inches. One unit for the whole list. */
export const ROOM_UNITS = ['m', 'ft_in'] as const;
export type RoomUnit = (typeof ROOM_UNITS)[number];

/** A room as stored and shown: its sizes in metres, to the millimetre. */
export interface Room {
  name: string;
  lengthM: number;
  widthM: number;
}

/** A size as typed: a number, or text (blank is 'not given'); read in `sideInMetres`. */
const typedSize = z.union([z.number(), z.string()]).nullable().optional();

const SIZE_LABELS = {
  lengthM: 'length in metres',
  widthM: 'width in metres',
  lengthFt: 'feet',
  lengthIn: 'inches',
  widthFt: 'feet',
  widthIn: 'inches',
} as const;
type SizeField = keyof typeof SIZE_LABELS;

/** A typed size as a number; undefined when blank, null (with an issue) when not a number. */
function sizeOf(room: RoomInput, field: SizeField, context: z.RefinementCtx) {
  const value = room[field];
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value.trim());
  if (Number.isFinite(number)) return number;
  context.addIssue({
    code: 'custom',
    message: `Enter the ${SIZE_LABELS[field]} as a number`,
    path: [field],
  });
  return null;
}

const roomName = z
  .string()
  .min(1, 'Enter the room name, such as Kitchen')
  .max(MAX_ROOM_NAME, `Keep the room name under ${MAX_ROOM_NAME} characters`)
  .refine((value) => !unlawfulWordingReason(value), {
    error: (issue) => unlawfulWordingReason(String(issue.input)) ?? 'Not allowed',
  });

/** Checked as typed; the name's rules run with the sides' (below), so all show at once. */
const roomInput = z.object({
  name: z
    .string({ message: 'Enter the room name, such as Kitchen' })
    .transform((value) => stripContactDetails(normaliseText(value))),
  lengthM: typedSize,
  widthM: typedSize,
  lengthFt: typedSize,
  lengthIn: typedSize,
  widthFt: typedSize,
  widthIn: typedSize,
});
type RoomInput = z.infer<typeof roomInput>;

/**
 * One side of a room in metres: in metres when given so, otherwise in feet and inches. An issue
 * is reported on `length` or `width`, the side as a whole.
 */
function sideInMetres(
  room: RoomInput,
  side: 'length' | 'width',
  context: z.RefinementCtx,
): number | undefined {
  const metres = sizeOf(room, `${side}M`, context);
  const feet = sizeOf(room, `${side}Ft`, context);
  const inches = sizeOf(room, `${side}In`, context);
  if (metres === null || feet === null || inches === null) return undefined;
  const issue = (message: string) => {
    context.addIssue({ code: 'custom', message, path: [side] });
    return undefined;
  };
  let value: number;
  if (metres !== undefined) value = metres;
  else if (feet !== undefined || inches !== undefined) {
    if (feet !== undefined && (!Number.isInteger(feet) || feet < 0))
      return issue('Enter whole feet, such as 13');
    if (inches !== undefined && (inches < 0 || inches >= 12))
      return issue('Enter the inches as a number from 0 to 11');
    value = metresFromFeetAndInches(feet ?? 0, inches ?? 0);
  } else return issue(`Enter the ${side}`);
  if (value < MIN_ROOM_DIMENSION_M || value > MAX_ROOM_DIMENSION_M) {
    return issue(`The ${side} must be between 0.5 m and 50 m (1 ft 8 in and 164 ft)`);
  }
  return roundToMillimetre(value);
}

/** One room as typed (metres, or feet and inches) → a `Room` in metres. */
export const roomSchema = roomInput.transform((room, context): Room => {
  const name = roomName.safeParse(room.name);
  if (!name.success) {
    context.addIssue({ code: 'custom', message: name.error.issues[0]!.message, path: ['name'] });
  }
  const lengthM = sideInMetres(room, 'length', context);
  const widthM = sideInMetres(room, 'width', context);
  if (!name.success || lengthM === undefined || widthM === undefined) return z.NEVER;
  return { name: room.name, lengthM, widthM };
});

export const roomsSchema = z
  .array(roomSchema)
  .max(MAX_ROOMS, `Add at most ${MAX_ROOMS} rooms`)
  .default([]);

export const roomUnitSchema = z.enum(ROOM_UNITS).default('m');

/** The rooms' floor area added up, in square metres. */
export function roomsTotalSquareMetres(rooms: readonly Room[]): number {
  return rooms.reduce((total, room) => total + room.lengthM * room.widthM, 0);
}

/** The floor area the rooms add up to, in whole square feet (null without rooms). */
export function floorAreaFromRooms(rooms: readonly Room[]): number | null {
  if (rooms.length === 0) return null;
  return Math.max(1, Math.round(squareFeetFromSquareMetres(roomsTotalSquareMetres(rooms))));
}

/** The rooms that are complete and valid so far (the wizard's running total). */
export function validRooms(rooms: readonly unknown[]): Room[] {
  return rooms.flatMap((room) => {
    const result = roomSchema.safeParse(room);
    return result.success ? [result.data] : [];
  });
}

/**
 * Advice when the rooms' total and the stated floor area differ by more than 15 % of the floor
 * area; null when they agree or either is missing. Advice, not an error: halls, landings and
 * cupboards are not rooms.
 */
export function roomAreaWarning(
  rooms: readonly Room[],
  floorAreaSqFt: number | null | undefined,
): string | null {
  if (rooms.length === 0 || !floorAreaSqFt || floorAreaSqFt <= 0) return null;
  const roomsSqM = roomsTotalSquareMetres(rooms);
  const difference = squareFeetFromSquareMetres(roomsSqM) - floorAreaSqFt;
  const share = Math.abs(difference) / floorAreaSqFt;
  if (share <= ROOM_AREA_TOLERANCE) return null;
  const percent = formatNumber(Math.round(share * 100));
  const stated = formatArea(squareMetresFromSquareFeet(floorAreaSqFt));
  const direction = difference < 0 ? 'less than' : 'more than';
  return (
    `Your rooms add up to ${formatArea(roomsSqM)}, ${percent}% ${direction} the floor area ` +
    `you gave (${stated}). Halls, landings and cupboards are not rooms, so some difference is ` +
    'normal; check the room sizes and the floor area before you publish.'
  );
}

/** A typed number, or undefined when blank or not a number. */
function typedNumber(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const number = Number(typeof value === 'string' ? value.trim() : value);
  return Number.isFinite(number) ? number : undefined;
}

/** One side as typed, in metres, however it was typed; undefined when not typed. */
function typedSideMetres(room: Record<string, unknown>, side: 'length' | 'width') {
  const metres = typedNumber(room[`${side}M`]);
  if (metres !== undefined) return metres;
  const feet = typedNumber(room[`${side}Ft`]);
  const inches = typedNumber(room[`${side}In`]);
  if (feet === undefined && inches === undefined) return undefined;
  return metresFromFeetAndInches(feet ?? 0, inches ?? 0);
}

/**
 * A room's fields as the wizard shows them in `unit`: a stored room given back for editing, or
 * a typed one when the lister switches unit. Metres to the millimetre; feet and inches to a tenth
 * of an inch (a typed 9.5 in comes back as 9.5). A side not typed stays blank.
 */
export function roomFieldsIn(
  room: Record<string, unknown>,
  unit: RoomUnit,
): Record<string, string | number> {
  const fields: Record<string, string | number> = {
    name: typeof room.name === 'string' ? room.name : '',
  };
  for (const side of ['length', 'width'] as const) {
    const metres = typedSideMetres(room, side);
    if (unit === 'm') {
      fields[`${side}M`] = metres === undefined ? '' : roundToMillimetre(metres);
      continue;
    }
    if (metres === undefined) {
      fields[`${side}Ft`] = '';
      fields[`${side}In`] = '';
      continue;
    }
    const { feet, inches } = feetAndInchesFromMetres(metres, 10);
    fields[`${side}Ft`] = feet;
    fields[`${side}In`] = inches;
  }
  return fields;
}
