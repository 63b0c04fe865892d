import fs from 'node:fs';

/** The real HEIC fixture (640 × 480, HEVC-coded): see tests/fixtures/heic/README.md. */
export function readHeicFixture(): Buffer {
  return fs.readFileSync(new URL('../fixtures/heic/two-halves-with-gps.heic', import.meta.url));
}

/**
 * The fixture with its `ispe` (image spatial extents) box rewritten to declare `width` ×
 * `height`: a few hundred bytes that claim a huge picture, as a hostile upload would. An `ispe`
 * box is a full box: size, 'ispe', version and flags, then width and height (32 bits each).
 */
export function heicDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(readHeicFixture());
  const type = bytes.indexOf('ispe', 0, 'latin1');
  if (type < 4 || bytes.indexOf('ispe', type + 4, 'latin1') !== -1) {
    throw new Error('expected exactly one ispe box in the fixture');
  }
  bytes.writeUInt32BE(width, type + 8);
  bytes.writeUInt32BE(height, type + 12);
  return bytes;
}
