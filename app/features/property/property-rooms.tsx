import type { Room } from '@domain/listing/rooms';
import { formatRoomSize } from '@domain/units';

/** The rooms and their sizes as the lister gave them, in metres and in feet and inches. */
export function PropertyRooms({ rooms }: { rooms: readonly Room[] }) {
  if (rooms.length === 0) return null;
  return (
    <section aria-labelledby="rooms" className="property__rooms">
      <h2 id="rooms">Rooms</h2>
      <table>
        <caption>Room sizes the lister gives, length × width</caption>
        <thead>
          <tr>
            <th scope="col">Room</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {rooms.map((room, index) => (
            <tr key={`${room.name}-${index}`}>
              <th scope="row">{room.name}</th>
              <td>{formatRoomSize(room.lengthM, room.widthM)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
