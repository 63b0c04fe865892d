import { useEffect, useState } from 'react';
import { MAX_ROOMS, roomFieldsIn, type RoomUnit } from '@domain/listing/rooms';
import { Button } from '~/components/ui/button';
import { RadioGroup } from '~/components/ui/choice-group';
import { FieldGroup } from '~/components/ui/field-group';
import { useDraftField, useStepErrors } from '../fields/draft-fields';
import { TextInputField } from '../fields/labelled-controls';
import { roomsSummaryOf } from './rooms-summary';

type TypedRoom = Record<string, unknown>;

const ROOM_UNIT_OPTIONS = [
  ['m', 'Metres'],
  ['ft_in', 'Feet and inches'],
] as const;

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The rooms and their sizes (length × width) in one unit for the list, with the rooms' total as
 * the lister types and advice when it is far from the floor area given.
 */
export function RoomsEditor() {
  const [rooms = [], setRooms] = useDraftField<TypedRoom[]>('rooms');
  const [unitValue, setUnit] = useDraftField<RoomUnit>('roomUnit');
  const unit: RoomUnit = unitValue === 'ft_in' ? 'ft_in' : 'm';
  const errors = useStepErrors();
  // A new object each time, so the same id twice in a row still moves the focus.
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);
  const setFocusId = (id: string) => setFocusTarget({ id });

  const update = (index: number, patch: TypedRoom) =>
    setRooms(rooms.map((room, position) => (position === index ? { ...room, ...patch } : room)));
  const add = () => {
    setRooms([...rooms, roomFieldsIn({}, unit)]);
    setFocusId(`field-rooms-${rooms.length}-name`);
  };
  const remove = (index: number) => {
    setRooms(rooms.filter((_, position) => position !== index));
    setFocusId(rooms.length > 1 ? `field-rooms-${Math.max(0, index - 1)}-name` : 'add-room');
  };
  const switchUnit = (next: string) => {
    const nextUnit: RoomUnit = next === 'ft_in' ? 'ft_in' : 'm';
    setUnit(nextUnit);
    setRooms(rooms.map((room) => roomFieldsIn(room, nextUnit)));
  };

  return (
    <FieldGroup
      idBase="field-rooms"
      legend="Rooms (optional)"
      hint={`Room sizes you give, length × width, up to ${MAX_ROOMS} rooms. If you leave the floor area blank, it is worked out from the rooms.`}
      error={errors.rooms}
    >
      <RadioGroup
        name="roomUnit"
        legend="Room sizes in"
        options={ROOM_UNIT_OPTIONS}
        value={unit}
        onChange={switchUnit}
      />
      {rooms.length > 0 ? (
        <ol className="rooms-editor__list">
          {rooms.map((room, index) => (
            <li key={index}>
              <RoomFields
                room={room}
                index={index}
                unit={unit}
                onChange={(patch) => update(index, patch)}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      ) : null}
      {rooms.length < MAX_ROOMS ? (
        <Button id="add-room" variant="secondary" size="small" onClick={add}>
          Add a room
        </Button>
      ) : null}
      <RoomsTotal rooms={rooms} />
    </FieldGroup>
  );
}

/** The first error under `prefix` (the side as a whole, or one of its fields). */
function errorUnder(errors: Record<string, string>, prefix: string): string | undefined {
  return errors[prefix] ?? Object.entries(errors).find(([key]) => key.startsWith(prefix))?.[1];
}

function RoomFields({
  room,
  index,
  unit,
  onChange,
  onRemove,
}: {
  room: TypedRoom;
  index: number;
  unit: RoomUnit;
  onChange: (patch: TypedRoom) => void;
  onRemove: () => void;
}) {
  const errors = useStepErrors();
  const name = asText(room.name);
  const label = `Room ${index + 1}`;
  return (
    <fieldset className="rooms-editor__room">
      <legend>{label}</legend>
      <div className="wizard__row">
        <TextInputField
          name={`rooms-${index}-name`}
          label="Room name"
          hint="For example: Kitchen"
          value={name}
          onChange={(value) => onChange({ name: value })}
          error={errors[`rooms.${index}.name`]}
        />
        {(['length', 'width'] as const).map((side) =>
          unit === 'm' ? (
            <TextInputField
              key={side}
              name={`rooms-${index}-${side}M`}
              label={side === 'length' ? 'Length (metres)' : 'Width (metres)'}
              value={asText(room[`${side}M`])}
              onChange={(value) => onChange({ [`${side}M`]: value })}
              error={errorUnder(errors, `rooms.${index}.${side}`)}
            />
          ) : (
            <SideInFeet key={side} room={room} index={index} side={side} onChange={onChange} />
          ),
        )}
      </div>
      <Button variant="secondary" size="small" onClick={onRemove}>
        Remove {name.trim() ? `${name.trim()} (room ${index + 1})` : `room ${index + 1}`}
      </Button>
    </fieldset>
  );
}

/** One side in feet and inches: two labelled boxes, the side's error on the feet. */
function SideInFeet({
  room,
  index,
  side,
  onChange,
}: {
  room: TypedRoom;
  index: number;
  side: 'length' | 'width';
  onChange: (patch: TypedRoom) => void;
}) {
  const errors = useStepErrors();
  const word = side === 'length' ? 'Length' : 'Width';
  return (
    <>
      <TextInputField
        name={`rooms-${index}-${side}Ft`}
        label={`${word} (feet)`}
        type="number"
        value={asText(room[`${side}Ft`])}
        onChange={(value) => onChange({ [`${side}Ft`]: value })}
        error={errorUnder(errors, `rooms.${index}.${side}`)}
      />
      <TextInputField
        name={`rooms-${index}-${side}In`}
        label={`${word} (inches)`}
        value={asText(room[`${side}In`])}
        onChange={(value) => onChange({ [`${side}In`]: value })}
      />
    </>
  );
}

/** The rooms' total as the lister types, and the advice against the floor area given. */
function RoomsTotal({ rooms }: { rooms: TypedRoom[] }) {
  const [floorArea] = useDraftField<unknown>('floorArea');
  const [floorAreaUnit] = useDraftField<string>('floorAreaUnit');
  const { total, warning } = roomsSummaryOf({ rooms, floorArea, floorAreaUnit });
  return (
    <div aria-live="polite">
      {total ? (
        <p className="rooms-editor__total" data-testid="rooms-total">
          Rooms’ total area: {total}
        </p>
      ) : null}
      {warning ? (
        <p className="notice notice--warning" data-testid="rooms-warning">
          {warning}
        </p>
      ) : null}
    </div>
  );
}
