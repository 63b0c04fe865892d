import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../validation/field-errors.ts';
import {
  floorAreaFromRooms,
  MAX_ROOMS,
  roomAreaWarning,
  roomFieldsIn,
  roomSchema,
  roomsSchema,
  roomsTotalSquareMetres,
  validRooms,
} from './rooms.ts';

const kitchen = { name: 'Kitchen', lengthM: '4.2', widthM: '3.1' };

describe('a room', () => {
  it('takes sizes in metres, as typed', () => {
    expect(roomSchema.parse(kitchen)).toEqual({ name: 'Kitchen', lengthM: 4.2, widthM: 3.1 });
    expect(roomSchema.parse({ name: ' Lounge ', lengthM: 5, widthM: ' 4.05 ' })).toEqual({
      name: 'Lounge',
      lengthM: 5,
      widthM: 4.05,
    });
  });

  it('takes sizes in feet and inches, stored in metres to the millimetre', () => {
    const room = roomSchema.parse({
      name: 'Kitchen',
      lengthFt: '13',
      lengthIn: '9',
      widthFt: 10,
      widthIn: '',
    });
    expect(room).toEqual({ name: 'Kitchen', lengthM: 4.191, widthM: 3.048 });
  });

  it('names what is wrong, on the side that is wrong', () => {
    const errorsOf = (input: unknown) => {
      const result = roomSchema.safeParse(input);
      return result.success ? {} : fieldErrorsOf(result.error);
    };
    expect(errorsOf({ ...kitchen, name: '  ' })).toEqual({
      name: 'Enter the room name, such as Kitchen',
    });
    expect(errorsOf({ ...kitchen, name: 'K'.repeat(41) })).toEqual({
      name: 'Keep the room name under 40 characters',
    });
    expect(errorsOf({ name: 'Hall', lengthM: '', widthM: '2' })).toEqual({
      length: 'Enter the length',
    });
    // A room added and left blank: every missing part at once.
    expect(errorsOf({ name: '', lengthFt: '', lengthIn: '', widthFt: '', widthIn: '' })).toEqual({
      name: 'Enter the room name, such as Kitchen',
      length: 'Enter the length',
      width: 'Enter the width',
    });
    expect(errorsOf({ ...kitchen, name: 'No DSS' }).name).toMatch(/./);
    expect(errorsOf({ ...kitchen, widthM: 'wide' })).toEqual({
      widthM: 'Enter the width in metres as a number',
    });
    expect(errorsOf({ ...kitchen, lengthM: '0.4' })).toEqual({
      length: 'The length must be between 0.5 m and 50 m (1 ft 8 in and 164 ft)',
    });
    expect(errorsOf({ ...kitchen, widthM: '50.01' }).width).toMatch(/between 0.5 m and 50 m/);
    expect(errorsOf({ name: 'Hall', lengthFt: 3, lengthIn: 12, widthFt: 3 })).toEqual({
      length: 'Enter the inches as a number from 0 to 11',
    });
    expect(errorsOf({ name: 'Hall', lengthFt: 3.5, widthFt: 3 })).toEqual({
      length: 'Enter whole feet, such as 13',
    });
    expect(errorsOf({ name: 'Hall', lengthFt: 1, lengthIn: 7, widthFt: 3 }).length).toMatch(
      /between/,
    );
    expect(errorsOf({ name: 'Hall', lengthFt: 1, lengthIn: 8, widthFt: 3 })).toEqual({});
  });

  it('allows at most 30 rooms', () => {
    expect(roomsSchema.safeParse(Array(MAX_ROOMS).fill(kitchen)).success).toBe(true);
    const tooMany = roomsSchema.safeParse(Array(MAX_ROOMS + 1).fill(kitchen));
    expect(tooMany.success).toBe(false);
    if (!tooMany.success) expect(fieldErrorsOf(tooMany.error)._form).toBe('Add at most 30 rooms');
    expect(roomsSchema.parse(undefined)).toEqual([]);
  });
});

describe('the rooms together', () => {
  const rooms = [
    { name: 'Kitchen', lengthM: 4.2, widthM: 3.1 },
    { name: 'Bedroom', lengthM: 4, widthM: 3 },
  ];

  it('adds up their area and gives it as a floor area in square feet', () => {
    expect(roomsTotalSquareMetres(rooms)).toBeCloseTo(25.02, 10);
    expect(floorAreaFromRooms(rooms)).toBe(269);
    expect(floorAreaFromRooms([])).toBeNull();
  });

  it('counts only the rooms typed in full so far', () => {
    expect(validRooms([kitchen, { name: 'Hall', lengthM: '3' }, {}])).toEqual([
      { name: 'Kitchen', lengthM: 4.2, widthM: 3.1 },
    ]);
  });

  it('warns when the rooms and the floor area differ by more than 15 %', () => {
    // The rooms come to 269.3 sq ft: 15 % either side is 234.2 to 316.8 sq ft.
    expect(roomAreaWarning(rooms, 269)).toBeNull();
    expect(roomAreaWarning(rooms, 235)).toBeNull();
    expect(roomAreaWarning(rooms, 316)).toBeNull();
    expect(roomAreaWarning(rooms, 1050)).toBe(
      'Your rooms add up to 269 sq ft (25 m²), 74% less than the floor area you gave ' +
        '(1,050 sq ft (98 m²)). Halls, landings and cupboards are not rooms, so some difference ' +
        'is normal; check the room sizes and the floor area before you publish.',
    );
    expect(roomAreaWarning(rooms, 330)).toMatch(/^Your rooms add up to 269 sq ft/);
    expect(roomAreaWarning(rooms, 200)).toMatch(/35% more than the floor area you gave/);
    expect(roomAreaWarning(rooms, null)).toBeNull();
    expect(roomAreaWarning([], 1050)).toBeNull();
  });
});

describe('a room in the other unit', () => {
  it('gives sizes back in feet and inches or metres, blank sides left blank', () => {
    expect(roomFieldsIn({ name: 'Kitchen', lengthM: 4.191, widthM: '3.1' }, 'ft_in')).toEqual({
      name: 'Kitchen',
      lengthFt: 13,
      lengthIn: 9,
      widthFt: 10,
      widthIn: 2,
    });
    expect(
      roomFieldsIn({ name: 'Hall', lengthFt: '13', lengthIn: '9.5', widthFt: '' }, 'm'),
    ).toEqual({ name: 'Hall', lengthM: 4.204, widthM: '' });
    expect(roomFieldsIn({ lengthFt: 12, lengthIn: 11.99 }, 'ft_in')).toMatchObject({
      name: '',
      lengthFt: 13,
      lengthIn: 0,
      widthFt: '',
      widthIn: '',
    });
  });

  it('round-trips a stored room through the fields of either unit', () => {
    const stored = roomSchema.parse({ name: 'Den', lengthFt: 9, lengthIn: 9.5, widthFt: 8 });
    for (const unit of ['m', 'ft_in'] as const) {
      expect(roomSchema.parse(roomFieldsIn({ ...stored }, unit))).toEqual(stored);
    }
  });
});
