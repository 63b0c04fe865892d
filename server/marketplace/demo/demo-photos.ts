// size: SVG drawing code and its palettes, read as one picture book; each drawing is a list of shapes.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { cachedDemoFile } from './picture-cache.ts';

/**
 * Demo photos drawn at seed time (nothing is downloaded). Every demo listing gets its own set,
 * composed from its seed: a street view that matches its type (a terrace has neighbours on both
 * sides, a semi one, a flat is a block), rooms in one-point perspective, and a floorplan with its
 * rooms. Colours, brick, roofs, windows, doors, gardens, sky and furniture vary by listing, so no
 * two listings share a picture.
 */
export interface DemoPhoto {
  kind: 'photo' | 'floorplan';
  jpeg: Buffer;
  width: number;
  height: number;
  caption: string;
}

export interface DemoHome {
  /** The listing's property type (flat, terraced, semi_detached, detached, bungalow…). */
  type: string;
  bedrooms: number;
  bathrooms: number;
  receptions: number;
  /** Makes the pictures this listing's own. */
  seed: number;
}

const W = 1200;
const H = 800;

function createRandom(seed: number) {
  let state = (seed * 2654435761) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof createRandom>;

/** A colour nudged lighter (+) or darker (−) by `amount` (−1 to 1). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 255;
    const next = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, next)));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

/** A colour jittered a little, so two listings with the same palette entry still differ. */
function vary(random: Random, hex: string, spread = 0.12): string {
  return shade(hex, random.between(-spread, spread));
}

const BRICKS = ['#a4553b', '#b5653f', '#8e4a35', '#c28a5c', '#9b5e48', '#b07a54', '#7f4b3a'];
const RENDERS = ['#f2ede3', '#e9e1cf', '#f4f1ea', '#dfe6e3', '#efe4d2', '#e6e0d8'];
const STONES = ['#cbbf9f', '#b9ab8a', '#d6ccb4'];
const ROOFS = ['#4a4d55', '#3d3f45', '#5a4e48', '#8a4b36', '#6b5a4e', '#54575e'];
const DOORS = [
  '#1f3a5f',
  '#7a1f2b',
  '#2e5e3e',
  '#222222',
  '#b8902a',
  '#5b4a8b',
  '#3f6f86',
  '#8c2f39',
];
const SKIES: [string, string][] = [
  ['#6fa8dc', '#dcebf8'],
  ['#8fb7d9', '#eef3f7'],
  ['#a9bccb', '#e7ebee'],
  ['#f3b58a', '#fbe6cf'],
  ['#7cb2e8', '#f5f0e1'],
];
const GREENS = ['#5f8f4e', '#6d9b57', '#557f45', '#7aa25e'];

function sky(random: Random, id: string): string {
  const [top, bottom] = random.pick(SKIES);
  const clouds = Array.from({ length: random.int(1, 4) }, () => {
    const x = random.between(0, W);
    const y = random.between(40, 220);
    const s = random.between(0.6, 1.4);
    return `<g fill="#ffffff" opacity="${random.between(0.55, 0.9).toFixed(2)}" transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${s.toFixed(2)})"><ellipse cx="0" cy="0" rx="70" ry="26"/><ellipse cx="50" cy="-14" rx="50" ry="28"/><ellipse cx="-45" cy="-6" rx="40" ry="20"/></g>`;
  });
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${vary(random, top, 0.08)}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>${clouds.join('')}`;
}

function brickPattern(id: string, brick: string): string {
  const mortar = shade(brick, 0.45);
  return `<pattern id="${id}" width="32" height="16" patternUnits="userSpaceOnUse"><rect width="32" height="16" fill="${brick}"/><rect width="15" height="7" fill="${shade(brick, 0.06)}"/><rect x="16" y="8" width="15" height="7" fill="${shade(brick, -0.06)}"/><path d="M0 7.5H32M0 15.5H32M15.5 0V8M7.5 8V16M23.5 8V16" stroke="${mortar}" stroke-width="1"/></pattern>`;
}

function tree(random: Random, x: number, ground: number, size: number): string {
  const green = vary(random, random.pick(GREENS), 0.15);
  const trunk = shade('#6b4f3a', random.between(-0.2, 0.1));
  return `<rect x="${x - size * 0.08}" y="${ground - size * 1.1}" width="${size * 0.16}" height="${size * 1.1}" fill="${trunk}"/><circle cx="${x}" cy="${ground - size * 1.3}" r="${size * 0.6}" fill="${green}"/><circle cx="${x - size * 0.35}" cy="${ground - size * 1.05}" r="${size * 0.42}" fill="${shade(green, -0.12)}"/><circle cx="${x + size * 0.38}" cy="${ground - size * 1.1}" r="${size * 0.45}" fill="${shade(green, 0.1)}"/>`;
}

interface Facade {
  x: number;
  width: number;
  storeys: number;
  wall: string;
  /** The wall's colour as hex (the brick's when `wall` is the brick pattern), for shading. */
  tone: string;
  door: string;
  hasBay: boolean;
  /** Sash windows have a bar across; casements a bar down. */
  windowStyle: 'sash' | 'casement';
  doorSide: 'left' | 'right';
}

const STOREY = 150;

function windowAt(x: number, y: number, w: number, h: number, style: Facade['windowStyle']) {
  const bar =
    style === 'sash'
      ? `<line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="#ffffff" stroke-width="6"/>`
      : `<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#ffffff" stroke-width="6"/>`;
  return `<rect x="${x - 6}" y="${y + h}" width="${w + 12}" height="8" fill="#e8e4dc"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#glass)" stroke="#ffffff" stroke-width="8"/>${bar}`;
}

/** One house front: wall, windows on each storey, a door (with fanlight) and maybe a bay. */
function facade(f: Facade, ground: number): string {
  const top = ground - f.storeys * STOREY;
  const parts = [
    `<rect x="${f.x}" y="${top}" width="${f.width}" height="${ground - top}" fill="${f.wall}"/>`,
  ];
  const doorW = 64;
  const doorX = f.doorSide === 'left' ? f.x + 40 : f.x + f.width - 40 - doorW;
  const openings = f.width - doorW - 80;
  for (let storey = 0; storey < f.storeys; storey += 1) {
    const y = ground - (storey + 1) * STOREY + 32;
    const isGround = storey === 0;
    const count = Math.max(1, Math.floor((isGround ? openings : f.width - 40) / 150));
    const span = isGround ? openings : f.width - 40;
    const start = isGround ? (f.doorSide === 'left' ? doorX + doorW + 20 : f.x + 20) : f.x + 20;
    for (let i = 0; i < count; i += 1) {
      const cell = span / count;
      const w = Math.min(96, cell - 24);
      const wx = start + i * cell + (cell - w) / 2;
      if (isGround && f.hasBay && i === 0) {
        parts.push(
          `<rect x="${wx - 16}" y="${y - 10}" width="${w + 32}" height="${STOREY - 22}" fill="${shade(f.tone, -0.08)}"/><rect x="${wx - 22}" y="${y - 22}" width="${w + 44}" height="14" fill="#e8e4dc"/>`,
          windowAt(wx - 6, y, w + 12, 92, f.windowStyle),
        );
      } else {
        parts.push(windowAt(wx, y, w, isGround ? 90 : 84, f.windowStyle));
      }
    }
  }
  const doorY = ground - 124;
  parts.push(
    `<rect x="${doorX - 8}" y="${doorY - 30}" width="${doorW + 16}" height="${124 + 30}" fill="${shade(f.tone, 0.35)}"/>`,
    `<path d="M${doorX} ${doorY} a${doorW / 2} 22 0 0 1 ${doorW} 0 z" fill="url(#glass)"/>`,
    `<rect x="${doorX}" y="${doorY}" width="${doorW}" height="124" fill="${f.door}"/>`,
    `<rect x="${doorX + 10}" y="${doorY + 12}" width="${doorW - 20}" height="40" fill="none" stroke="${shade(f.door, 0.2)}" stroke-width="3"/>`,
    `<rect x="${doorX + 10}" y="${doorY + 64}" width="${doorW - 20}" height="48" fill="none" stroke="${shade(f.door, 0.2)}" stroke-width="3"/>`,
    `<circle cx="${f.doorSide === 'left' ? doorX + doorW - 12 : doorX + 12}" cy="${doorY + 64}" r="4" fill="#d4af37"/>`,
    `<rect x="${doorX - 14}" y="${ground - 6}" width="${doorW + 28}" height="8" fill="#cfcac0"/>`,
  );
  return parts.join('');
}

function gableRoof(x: number, width: number, top: number, roof: string, pitch: number): string {
  return `<polygon points="${x - 18},${top} ${x + width / 2},${top - pitch} ${x + width + 18},${top}" fill="${roof}"/><line x1="${x - 18}" y1="${top}" x2="${x + width + 18}" y2="${top}" stroke="${shade(roof, -0.3)}" stroke-width="6"/>`;
}

function slopedRoof(
  x: number,
  width: number,
  top: number,
  roof: string,
  pitch: number,
  inset: number,
): string {
  return `<polygon points="${x - 14},${top} ${x + inset},${top - pitch} ${x + width - inset},${top - pitch} ${x + width + 14},${top}" fill="${roof}"/><line x1="${x - 14}" y1="${top}" x2="${x + width + 14}" y2="${top}" stroke="${shade(roof, -0.3)}" stroke-width="6"/>`;
}

function chimney(x: number, top: number, brick: string): string {
  return `<rect x="${x}" y="${top}" width="44" height="70" fill="${shade(brick, -0.1)}"/><rect x="${x - 4}" y="${top - 8}" width="52" height="10" fill="${shade(brick, -0.25)}"/><rect x="${x + 8}" y="${top - 26}" width="12" height="20" fill="#8a5a44"/><rect x="${x + 24}" y="${top - 22}" width="12" height="16" fill="#8a5a44"/>`;
}

function frontGarden(random: Random, ground: number, fill: string): string {
  const hedge = random.chance(0.5);
  const parts = [
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${fill}"/>`,
    `<rect y="${ground + 54}" width="${W}" height="${H - ground - 54}" fill="#b9b6ad"/>`,
    `<rect y="${ground + 50}" width="${W}" height="6" fill="#8f8c84"/>`,
  ];
  if (hedge) {
    const green = vary(random, '#4d7a3e', 0.15);
    parts.push(`<rect y="${ground + 18}" width="${W}" height="34" rx="14" fill="${green}"/>`);
  } else {
    const wall = vary(random, random.pick(['#9a8f86', '#a4553b', '#d8d2c4']));
    parts.push(
      `<rect y="${ground + 28}" width="${W}" height="24" fill="${wall}"/><rect y="${ground + 24}" width="${W}" height="6" fill="${shade(wall, -0.2)}"/>`,
    );
  }
  return parts.join('');
}

function car(random: Random, x: number, y: number): string {
  const colour = vary(random, random.pick(['#b3b8bd', '#2d3a4a', '#8c1c1c', '#f2f2f0', '#3c5a3c']));
  return `<rect x="${x}" y="${y - 44}" width="190" height="44" rx="14" fill="${colour}"/><path d="M${x + 36} ${y - 44} l24 -30 h72 l26 30 z" fill="${shade(colour, -0.1)}"/><path d="M${x + 50} ${y - 46} l16 -22 h26 v22 z M${x + 98} ${y - 46} v-22 h30 l18 22 z" fill="#cfe3f2"/><circle cx="${x + 44}" cy="${y}" r="18" fill="#222"/><circle cx="${x + 148}" cy="${y}" r="18" fill="#222"/>`;
}

// size: one street view, drawn shape by shape from back to front.
function exteriorSvg(home: DemoHome, random: Random): string {
  const brick = vary(random, random.pick(BRICKS));
  const isRendered = random.chance(0.3);
  const roof = vary(random, random.pick(ROOFS), 0.1);
  const ground = 640;
  const wallFor = (b: string) => {
    const render = vary(random, random.pick(RENDERS), 0.04);
    return isRendered ? { wall: render, tone: render } : { wall: `url(#${b})`, tone: brick };
  };
  const defs = [
    brickPattern('brick', brick),
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dbe9f4"/><stop offset="0.5" stop-color="#9fb9cc"/><stop offset="1" stop-color="#6f8799"/></linearGradient>`,
  ];
  const parts: string[] = [sky(random, 'sky')];
  const lawn = vary(random, random.pick(GREENS));
  const door = () => vary(random, random.pick(DOORS), 0.08);
  const windowStyle = random.pick(['sash', 'casement'] as const);
  const type = home.type;
  if (type === 'flat' || type === 'maisonette') {
    const storeys = type === 'maisonette' ? 3 : random.int(4, 5);
    const width = random.int(760, 980);
    const x = (W - width) / 2;
    const top = ground - storeys * 118;
    const wall = isRendered ? vary(random, random.pick(RENDERS), 0.04) : 'url(#brick)';
    parts.push(tree(random, x - 90, ground, 90), tree(random, x + width + 90, ground, 80));
    parts.push(
      `<rect x="${x}" y="${top}" width="${width}" height="${ground - top}" fill="${wall}"/><rect x="${x - 10}" y="${top - 16}" width="${width + 20}" height="18" fill="${shade(roof, 0.2)}"/>`,
    );
    const columns = Math.floor(width / 130);
    const balconies = random.chance(0.6);
    for (let storey = 0; storey < storeys; storey += 1) {
      const y = ground - (storey + 1) * 118 + 24;
      for (let c = 0; c < columns; c += 1) {
        const wx = x + 30 + c * ((width - 60) / columns) + 12;
        const isEntrance = storey === 0 && c === Math.floor(columns / 2);
        if (isEntrance) {
          parts.push(
            `<rect x="${wx - 10}" y="${y - 16}" width="110" height="10" fill="${shade(roof, -0.1)}"/><rect x="${wx + 5}" y="${y}" width="80" height="94" fill="url(#glass)" stroke="${door()}" stroke-width="8"/>`,
          );
          continue;
        }
        parts.push(windowAt(wx, y, 82, 70, 'casement'));
        if (balconies && storey > 0 && c % 2 === 1) {
          parts.push(
            `<rect x="${wx - 10}" y="${y + 70}" width="102" height="8" fill="#d9d9d9"/><path d="M${wx - 10} ${y + 40} h102 M${wx - 10} ${y + 40} v30 M${wx + 92} ${y + 40} v30 ${Array.from({ length: 8 }, (_, k) => `M${wx - 10 + k * 13} ${y + 40} v30`).join(' ')}" stroke="#3a3a3a" stroke-width="3" fill="none"/>`,
          );
        }
      }
    }
  } else {
    const storeys =
      type === 'bungalow'
        ? 1
        : type === 'cottage'
          ? 2
          : type === 'detached'
            ? 2 + (random.chance(0.25) ? 1 : 0)
            : 2 + (random.chance(0.2) ? 1 : 0);
    const height = storeys * STOREY;
    const top = ground - height;
    const hasBay = random.chance(0.55);
    if (type === 'terraced' || type === 'end_of_terrace') {
      // A row: neighbours either side (an end of terrace has a garden on one side instead).
      const width = random.int(330, 380);
      const isEnd = type === 'end_of_terrace';
      const subjectX = isEnd ? W - width - 260 : (W - width) / 2;
      const xs = isEnd
        ? [subjectX - 2 * width, subjectX - width, subjectX]
        : [
            subjectX - 2 * width,
            subjectX - width,
            subjectX,
            subjectX + width,
            subjectX + 2 * width,
          ];
      const rowStart = xs[0]!;
      const rowEnd = xs.at(-1)! + width;
      parts.push(slopedRoof(rowStart, rowEnd - rowStart, top, roof, 90, isEnd ? 0 : 0));
      if (isEnd) {
        parts.push(
          `<polygon points="${rowEnd + 14},${top} ${rowEnd - 60},${top - 90} ${rowEnd - 60},${top}" fill="${shade(roof, -0.15)}"/>`,
        );
        parts.push(tree(random, rowEnd + 140, ground, 110));
      }
      xs.forEach((x, index) => {
        const doorSide = index % 2 === 0 ? 'left' : 'right';
        parts.push(
          facade(
            {
              x,
              width,
              storeys,
              ...wallFor('brick'),
              door: door(),
              hasBay,
              windowStyle,
              doorSide,
            },
            ground,
          ),
        );
        parts.push(
          `<line x1="${x}" y1="${top}" x2="${x}" y2="${ground}" stroke="${shade(brick, -0.25)}" stroke-width="3"/>`,
        );
        if (index % 2 === 0) parts.push(chimney(x + width - 30, top - 110, brick));
      });
    } else if (type === 'semi_detached') {
      const width = random.int(300, 340);
      const x = (W - 2 * width) / 2;
      parts.push(tree(random, x - 120, ground, 110), tree(random, x + 2 * width + 130, ground, 95));
      parts.push(slopedRoof(x, 2 * width, top, roof, 130, 120));
      parts.push(chimney(x + width - 22, top - 150, brick));
      parts.push(
        facade(
          {
            x,
            width,
            storeys,
            ...wallFor('brick'),
            door: door(),
            hasBay,
            windowStyle,
            doorSide: 'left',
          },
          ground,
        ),
      );
      parts.push(
        facade(
          {
            x: x + width,
            width,
            storeys,
            ...wallFor('brick'),
            door: door(),
            hasBay,
            windowStyle,
            doorSide: 'right',
          },
          ground,
        ),
      );
      parts.push(
        `<line x1="${x + width}" y1="${top}" x2="${x + width}" y2="${ground}" stroke="${shade(brick, -0.3)}" stroke-width="4"/>`,
      );
    } else if (type === 'bungalow') {
      const width = random.int(620, 760);
      const x = (W - width) / 2;
      parts.push(tree(random, x - 110, ground, 100), tree(random, x + width + 110, ground, 85));
      parts.push(slopedRoof(x, width, top, roof, 150, 170));
      parts.push(chimney(x + width * 0.65, top - 170, brick));
      if (random.chance(0.5)) {
        parts.push(
          `<rect x="${x + width / 2 - 70}" y="${top - 118}" width="140" height="90" fill="${shade(roof, 0.1)}"/><polygon points="${x + width / 2 - 86},${top - 118} ${x + width / 2},${top - 168} ${x + width / 2 + 86},${top - 118}" fill="${roof}"/>${windowAt(x + width / 2 - 45, top - 104, 90, 62, windowStyle)}`,
        );
      }
      parts.push(
        facade(
          {
            x,
            width,
            storeys: 1,
            ...wallFor('brick'),
            door: door(),
            hasBay,
            windowStyle,
            doorSide: random.pick(['left', 'right'] as const),
          },
          ground,
        ),
      );
    } else if (type === 'cottage') {
      const width = random.int(520, 640);
      const x = (W - width) / 2;
      const stone = vary(random, random.pick([...STONES, ...RENDERS]), 0.05);
      parts.push(tree(random, x - 120, ground, 120));
      parts.push(gableRoof(x, width, top, shade(roof, -0.1), 190));
      parts.push(
        chimney(x + 30, top - 150, '#9a8b78'),
        chimney(x + width - 74, top - 150, '#9a8b78'),
      );
      parts.push(
        facade(
          {
            x,
            width,
            storeys,
            wall: stone,
            tone: stone,
            door: door(),
            hasBay: false,
            windowStyle: 'casement',
            doorSide: 'left',
          },
          ground,
        ),
      );
      for (let k = 0; k < 7; k += 1) {
        parts.push(
          `<circle cx="${x + 120 + k * 60 + random.between(-10, 10)}" cy="${ground - random.between(10, 40)}" r="${random.between(8, 14).toFixed(1)}" fill="${random.pick(['#d0567a', '#e8a0b4', '#f2d14b', '#ffffff'])}"/>`,
        );
      }
    } else {
      // Detached (and land, park homes and others drawn as a detached house): space both sides.
      const width = random.int(460, 560);
      const hasGarage = random.chance(0.55);
      const x = hasGarage ? (W - width) / 2 - 110 : (W - width) / 2;
      parts.push(tree(random, 110, ground, 120));
      if (!hasGarage) parts.push(tree(random, W - 110, ground, 100));
      parts.push(gableRoof(x, width, top, roof, 170));
      parts.push(chimney(x + width - 110, top - 140, brick));
      parts.push(
        facade(
          {
            x,
            width,
            storeys,
            ...wallFor('brick'),
            door: door(),
            hasBay,
            windowStyle,
            doorSide: random.pick(['left', 'right'] as const),
          },
          ground,
        ),
      );
      if (hasGarage) {
        const gx = x + width + 8;
        parts.push(
          `<rect x="${gx}" y="${ground - 190}" width="220" height="190" fill="${wallFor('brick').wall}"/><polygon points="${gx - 10},${ground - 190} ${gx + 110},${ground - 250} ${gx + 230},${ground - 190}" fill="${roof}"/><rect x="${gx + 25}" y="${ground - 150}" width="170" height="150" fill="${vary(random, '#e6e2da')}"/>${Array.from({ length: 6 }, (_, k) => `<line x1="${gx + 25}" y1="${ground - 150 + k * 25}" x2="${gx + 195}" y2="${ground - 150 + k * 25}" stroke="#bdb8ae" stroke-width="3"/>`).join('')}`,
        );
      }
    }
  }
  // The buildings fill more of the frame, as a photographer across the road would frame them.
  const [skyPart, ...buildings] = parts;
  // Whole multiples of the brick tile keep the pattern fast to draw (librsvg).
  const zoom = type === 'flat' || type === 'maisonette' ? 1.125 : 1.25;
  parts.length = 0;
  parts.push(
    skyPart!,
    `<g transform="translate(${W / 2} ${ground}) scale(${zoom}) translate(${-W / 2} ${-ground})">${buildings.join('')}</g>`,
  );
  parts.push(frontGarden(random, ground, lawn));
  if (random.chance(0.4)) parts.push(car(random, random.between(80, W - 300), H - 40));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
}

const WALL_COLOURS = [
  '#efe9df',
  '#e4ebe4',
  '#e9e4ef',
  '#f3eee2',
  '#dfe7ee',
  '#f0e2d8',
  '#e2e5dc',
  '#d9e1e8',
];
const FLOOR_COLOURS = ['#b08962', '#8c6a4f', '#c9a77c', '#9b7b5b', '#a89a8a'];
const ACCENTS = [
  '#2f5d7c',
  '#7c3b3b',
  '#3d6b4f',
  '#c48a2c',
  '#5a4a7a',
  '#8a8f94',
  '#2c4a43',
  '#b5654a',
];

type RoomKind = 'living' | 'kitchen' | 'bedroom' | 'bathroom';

const ROOM_CAPTIONS: Record<RoomKind, string[]> = {
  living: ['Living room', 'Sitting room', 'Reception room', 'Lounge'],
  kitchen: ['Kitchen', 'Kitchen/diner', 'Fitted kitchen'],
  bedroom: ['Main bedroom', 'Double bedroom', 'Bedroom'],
  bathroom: ['Bathroom', 'Family bathroom', 'Shower room'],
};

/** A room seen from the doorway: back wall, side walls, ceiling and a planked or tiled floor. */
function roomShell(random: Random, wall: string, floor: string): string {
  const bx = random.between(230, 290);
  const by = 110;
  const bw = W - 2 * bx;
  const bh = 440;
  const vx = W / 2;
  const vy = by + bh * 0.45;
  const floorLines = Array.from({ length: 14 }, (_, k) => {
    const bottomX = -400 + k * ((W + 800) / 13);
    const t = (by + bh - vy) / (H - vy);
    const topX = vx + (bottomX - vx) * t;
    return `<line x1="${topX.toFixed(0)}" y1="${by + bh}" x2="${bottomX.toFixed(0)}" y2="${H}" stroke="${shade(floor, -0.18)}" stroke-width="2"/>`;
  }).join('');
  return [
    `<rect width="${W}" height="${H}" fill="${shade(wall, -0.08)}"/>`,
    `<polygon points="0,0 ${W},0 ${bx + bw},${by} ${bx},${by}" fill="${shade(wall, 0.3)}"/>`,
    `<polygon points="0,0 ${bx},${by} ${bx},${by + bh} 0,${H}" fill="${shade(wall, -0.12)}"/>`,
    `<polygon points="${W},0 ${bx + bw},${by} ${bx + bw},${by + bh} ${W},${H}" fill="${shade(wall, -0.06)}"/>`,
    `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${wall}"/>`,
    `<polygon points="${bx},${by + bh} ${bx + bw},${by + bh} ${W},${H} 0,${H}" fill="${floor}"/>`,
    floorLines,
    `<rect x="${bx}" y="${by + bh - 12}" width="${bw}" height="12" fill="${shade(wall, 0.4)}"/>`,
  ].join('');
}

function backWindow(x: number, y: number, w: number, h: number, curtain: string | null): string {
  const curtains = curtain
    ? `<path d="M${x - 40} ${y - 20} h50 q-10 ${h / 2} 10 ${h + 40} h-60 z" fill="${curtain}"/><path d="M${x + w + 40} ${y - 20} h-50 q10 ${h / 2} -10 ${h + 40} h60 z" fill="${curtain}"/><rect x="${x - 50}" y="${y - 26}" width="${w + 100}" height="8" fill="#444"/>`
    : '';
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#view)" stroke="#ffffff" stroke-width="14"/><line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#ffffff" stroke-width="8"/><rect x="${x - 10}" y="${y + h}" width="${w + 20}" height="12" fill="#f4f4f4"/>${curtains}`;
}

function plant(x: number, y: number, green: string): string {
  return `<path d="M${x - 22} ${y - 50} h44 l-8 50 h-28 z" fill="#c9c2b5"/><g fill="${green}"><ellipse cx="${x}" cy="${y - 90}" rx="18" ry="42"/><ellipse cx="${x - 26}" cy="${y - 80}" rx="12" ry="34" transform="rotate(-25 ${x - 26} ${y - 80})"/><ellipse cx="${x + 26}" cy="${y - 80}" rx="12" ry="34" transform="rotate(25 ${x + 26} ${y - 80})"/></g>`;
}

function picture(random: Random, x: number, y: number, w: number, h: number): string {
  const a = vary(random, random.pick(ACCENTS), 0.3);
  const b = vary(random, random.pick(ACCENTS), 0.3);
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#ffffff" stroke="#3a3a3a" stroke-width="6"/><rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${h - 28}" fill="${shade(a, 0.5)}"/><circle cx="${x + w * 0.35}" cy="${y + h * 0.45}" r="${h * 0.18}" fill="${a}"/><rect x="${x + w * 0.5}" y="${y + h * 0.35}" width="${w * 0.3}" height="${h * 0.4}" fill="${b}"/>`;
}

// size: one room in perspective, drawn shape by shape from back to front.
function roomSvg(kind: RoomKind, random: Random): string {
  const wall = vary(random, random.pick(WALL_COLOURS), 0.05);
  const floor = vary(random, random.pick(FLOOR_COLOURS), 0.1);
  const accent = vary(random, random.pick(ACCENTS), 0.12);
  const green = vary(random, '#4f7f42', 0.15);
  const floorY = 550;
  const parts = [roomShell(random, wall, kind === 'bathroom' ? '#d8d6d0' : floor)];
  const windowX = random.between(320, 720);
  const defs = `<linearGradient id="view" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bcd8ef"/><stop offset="0.7" stop-color="#e4eef5"/><stop offset="0.7" stop-color="${shade(green, 0.3)}"/><stop offset="1" stop-color="${green}"/></linearGradient>`;
  if (kind === 'living') {
    parts.push(
      backWindow(windowX, 170, 170, 220, random.chance(0.7) ? vary(random, accent, 0.3) : null),
    );
    const sofaX = windowX > 520 ? 300 : 560;
    parts.push(picture(random, sofaX + 70, 200, 180, 120));
    parts.push(`<ellipse cx="${W / 2}" cy="690" rx="330" ry="70" fill="${shade(accent, 0.45)}"/>`);
    parts.push(
      `<rect x="${sofaX}" y="${floorY - 110}" width="330" height="90" rx="18" fill="${shade(accent, -0.1)}"/><rect x="${sofaX - 20}" y="${floorY - 60}" width="370" height="80" rx="16" fill="${accent}"/><rect x="${sofaX + 30}" y="${floorY - 96}" width="70" height="56" rx="12" fill="${shade(accent, 0.35)}"/><rect x="${sofaX + 230}" y="${floorY - 96}" width="70" height="56" rx="12" fill="${shade(accent, 0.5)}"/>`,
    );
    parts.push(
      `<rect x="${W / 2 - 120}" y="640" width="240" height="22" rx="6" fill="${shade(floor, -0.35)}"/><rect x="${W / 2 - 100}" y="662" width="14" height="50" fill="${shade(floor, -0.45)}"/><rect x="${W / 2 + 86}" y="662" width="14" height="50" fill="${shade(floor, -0.45)}"/>`,
    );
    parts.push(
      `<line x1="1010" y1="600" x2="1010" y2="330" stroke="#333" stroke-width="6"/><path d="M970 330 h80 l-16 -60 h-48 z" fill="#f4ead2"/>`,
      plant(150, 760, green),
    );
  } else if (kind === 'kitchen') {
    const unit = vary(
      random,
      random.pick(['#f2f2ee', '#2f4858', '#7b9e89', '#c9c0b0', '#3b3b3b', '#a3b8c8']),
      0.05,
    );
    const top = random.pick(['#e9e5dc', '#3a3a3a', '#b58b5e', '#f7f7f7']);
    const bx = 250;
    const bw = W - 500;
    parts.push(
      `<rect x="${bx}" y="${floorY - 210}" width="${bw}" height="90" fill="${vary(random, '#ffffff', 0.05)}"/>${Array.from({ length: 18 }, (_, k) => `<line x1="${bx + k * (bw / 18)}" y1="${floorY - 210}" x2="${bx + k * (bw / 18)}" y2="${floorY - 120}" stroke="#dddddd" stroke-width="2"/>`).join('')}`,
    );
    parts.push(backWindow(windowX - 20, 150, 170, 130, null));
    parts.push(
      `<rect x="${bx}" y="150" width="${windowX - 60 - bx}" height="110" fill="${unit}" stroke="${shade(unit, -0.15)}" stroke-width="3"/><rect x="${windowX + 180}" y="150" width="${bx + bw - windowX - 180}" height="110" fill="${unit}" stroke="${shade(unit, -0.15)}" stroke-width="3"/>`,
    );
    parts.push(
      `<rect x="${bx - 30}" y="${floorY - 120}" width="${bw + 60}" height="22" fill="${top}"/><rect x="${bx - 20}" y="${floorY - 98}" width="${bw + 40}" height="110" fill="${unit}"/>${Array.from({ length: 6 }, (_, k) => `<rect x="${bx - 10 + k * ((bw + 20) / 6)}" y="${floorY - 90}" width="${(bw + 20) / 6 - 12}" height="94" fill="none" stroke="${shade(unit, -0.2)}" stroke-width="3"/><rect x="${bx - 10 + k * ((bw + 20) / 6) + 40}" y="${floorY - 80}" width="30" height="5" fill="#999"/>`).join('')}`,
    );
    parts.push(
      `<rect x="${windowX + 10}" y="${floorY - 128}" width="110" height="10" fill="#bbbbbb"/><path d="M${windowX + 65} ${floorY - 128} v-36 h20" stroke="#999" stroke-width="6" fill="none"/>`,
    );
    parts.push(
      `<rect x="${bx + bw - 200}" y="${floorY - 126}" width="130" height="8" fill="#222"/><circle cx="${bx + bw - 170}" cy="${floorY - 122}" r="3" fill="#555"/>`,
    );
    parts.push(
      `<path d="M${W / 2 - 200} 0 v120 M${W / 2 + 200} 0 v120" stroke="#333" stroke-width="3"/><path d="M${W / 2 - 230} 150 l30 -30 l30 30 z M${W / 2 + 170} 150 l30 -30 l30 30 z" fill="${accent}"/>`,
    );
    if (random.chance(0.6))
      parts.push(
        `<rect x="${W / 2 - 260}" y="620" width="520" height="30" fill="${top}"/><rect x="${W / 2 - 240}" y="650" width="480" height="120" fill="${shade(unit, -0.08)}"/>`,
      );
  } else if (kind === 'bedroom') {
    parts.push(backWindow(windowX > 560 ? 820 : 300, 180, 140, 200, vary(random, accent, 0.4)));
    const bedX = W / 2 - 210;
    parts.push(
      `<rect x="${bedX + 20}" y="${floorY - 190}" width="380" height="150" rx="14" fill="${shade(accent, -0.2)}"/>`,
    );
    parts.push(
      `<polygon points="${bedX},${floorY - 60} ${bedX + 420},${floorY - 60} ${bedX + 520},${H - 40} ${bedX - 100},${H - 40}" fill="${vary(random, '#f6f4ef', 0.03)}"/><polygon points="${bedX - 30},${floorY + 40} ${bedX + 450},${floorY + 40} ${bedX + 520},${H - 40} ${bedX - 100},${H - 40}" fill="${shade(accent, 0.3)}"/>`,
    );
    parts.push(
      `<rect x="${bedX + 40}" y="${floorY - 100}" width="150" height="50" rx="18" fill="#ffffff"/><rect x="${bedX + 230}" y="${floorY - 100}" width="150" height="50" rx="18" fill="#ffffff"/>`,
    );
    for (const side of [bedX - 110, bedX + 440]) {
      parts.push(
        `<rect x="${side}" y="${floorY - 70}" width="90" height="80" fill="${shade(floor, -0.3)}"/><rect x="${side + 30}" y="${floorY - 110}" width="30" height="40" fill="#ddd"/><path d="M${side + 15} ${floorY - 110} h60 l-10 -40 h-40 z" fill="#f4ead2"/>`,
      );
    }
    parts.push(picture(random, W / 2 - 90, 130, 180, 110));
  } else {
    const tile = vary(
      random,
      random.pick(['#ffffff', '#dfe9ec', '#e8e2d6', '#cfd8d2', '#2f3e46']),
      0.04,
    );
    const grout = shade(tile, tile === '#2f3e46' ? 0.3 : -0.15);
    parts.push(
      `<defs><pattern id="tiles" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${tile}"/><path d="M0 39.5H40M39.5 0V40" stroke="${grout}" stroke-width="1.5"/></pattern></defs><rect x="${250}" y="300" width="${W - 500}" height="250" fill="url(#tiles)"/>`,
    );
    parts.push(backWindow(W / 2 + 120, 140, 120, 120, null));
    parts.push(
      `<rect x="260" y="${floorY - 110}" width="440" height="120" rx="20" fill="#ffffff" stroke="#cfcfcf" stroke-width="4"/><rect x="280" y="${floorY - 100}" width="400" height="26" rx="12" fill="#e6eef2"/><path d="M300 ${floorY - 110} v-70 h30" stroke="#b0b0b0" stroke-width="8" fill="none"/>`,
    );
    parts.push(
      `<rect x="${W - 420}" y="${floorY - 150}" width="130" height="24" rx="10" fill="#ffffff"/><rect x="${W - 380}" y="${floorY - 126}" width="50" height="136" fill="#f2f2f2"/><rect x="${W - 420}" y="170" width="130" height="170" rx="12" fill="#dfeaf0" stroke="#c0c0c0" stroke-width="6"/>`,
    );
    parts.push(
      `<rect x="${W - 268}" y="320" width="14" height="160" fill="#bbbbbb"/><rect x="${W - 290}" y="340" width="58" height="110" fill="${accent}"/>`,
      plant(1000, 760, green),
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs>${defs}</defs>${parts.join('')}</svg>`;
}

interface PlanRoom {
  name: string;
  share: number;
}

function planFloors(home: DemoHome): { label: string; rooms: PlanRoom[][] }[] {
  const bedrooms = Math.max(1, home.bedrooms);
  const bathrooms = Math.max(1, home.bathrooms);
  const receptions = Math.max(1, home.receptions);
  const bedroomRooms = Array.from({ length: bedrooms }, (_, i) => ({
    name: i === 0 ? 'Bedroom 1' : `Bedroom ${i + 1}`,
    share: i === 0 ? 1.3 : 1,
  }));
  const bathroomRooms = Array.from({ length: bathrooms }, (_, i) => ({
    name: i === 0 ? 'Bathroom' : 'En suite',
    share: 0.7,
  }));
  const livingRooms = Array.from({ length: receptions }, (_, i) => ({
    name: i === 0 ? 'Living room' : i === 1 ? 'Dining room' : 'Study',
    share: i === 0 ? 1.5 : 1,
  }));
  const singleFloor = ['flat', 'maisonette', 'bungalow', 'park_home'].includes(home.type);
  if (singleFloor) {
    return [
      {
        label: home.type === 'flat' ? 'Flat' : 'Ground floor',
        rooms: [
          [...livingRooms, { name: 'Kitchen', share: 1 }],
          [{ name: 'Hall', share: 0.6 }, ...bedroomRooms, ...bathroomRooms],
        ],
      },
    ];
  }
  return [
    {
      label: 'Ground floor',
      rooms: [
        livingRooms,
        [
          { name: 'Hall', share: 0.7 },
          { name: 'Kitchen/diner', share: 1.4 },
          { name: 'WC', share: 0.4 },
        ],
      ],
    },
    {
      label: 'First floor',
      rooms: [
        bedroomRooms.slice(0, Math.ceil(bedrooms / 2)),
        [
          ...bedroomRooms.slice(Math.ceil(bedrooms / 2)),
          { name: 'Landing', share: 0.5 },
          ...bathroomRooms,
        ],
      ],
    },
  ];
}

function floorplanSvg(home: DemoHome, random: Random): string {
  const floors = planFloors(home);
  const ink = '#1f2a33';
  const scale = random.between(60, 72); // pixels a metre
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#ffffff"/>`];
  const slotWidth = W / floors.length;
  floors.forEach((floor, floorIndex) => {
    const width = Math.min(
      slotWidth - 100,
      random.between(400, 520) * (floors.length === 1 ? 1.6 : 1),
    );
    const height = random.between(520, 600);
    const x0 = floorIndex * slotWidth + (slotWidth - width) / 2;
    const y0 = 120;
    const leftWidth = width * random.between(0.45, 0.6);
    parts.push(
      `<text x="${x0 + width / 2}" y="${y0 - 40}" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="700" fill="${ink}" text-anchor="middle">${floor.label}</text>`,
    );
    floor.rooms.forEach((column, columnIndex) => {
      const cx = columnIndex === 0 ? x0 : x0 + leftWidth;
      const cw = columnIndex === 0 ? leftWidth : width - leftWidth;
      const total = column.reduce((sum, room) => sum + room.share, 0);
      let y = y0;
      column.forEach((room) => {
        const rh = (height * room.share) / total;
        const metres = `${(cw / scale).toFixed(1)} m × ${(rh / scale).toFixed(1)} m`;
        const isSmall = rh < 70;
        parts.push(
          `<rect x="${cx}" y="${y}" width="${cw}" height="${rh}" fill="${room.name.startsWith('Hall') || room.name === 'Landing' ? '#f3f1ec' : '#fbfaf7'}" stroke="${ink}" stroke-width="5"/>`,
        );
        parts.push(
          `<text x="${cx + cw / 2}" y="${y + rh / 2 - (isSmall ? -6 : 6)}" font-family="Helvetica, Arial, sans-serif" font-size="${isSmall ? 18 : 22}" font-weight="700" fill="${ink}" text-anchor="middle">${room.name}</text>`,
        );
        if (!isSmall)
          parts.push(
            `<text x="${cx + cw / 2}" y="${y + rh / 2 + 22}" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#4a5560" text-anchor="middle">${metres}</text>`,
          );
        // A door: a gap in the wall facing the other column, with its swing.
        const doorY = y + Math.min(rh - 50, 20 + random.between(0, Math.max(0, rh - 90)));
        const wallX = columnIndex === 0 ? cx + cw : cx;
        const swing = columnIndex === 0 ? -40 : 40;
        parts.push(
          `<rect x="${wallX - 4}" y="${doorY}" width="8" height="40" fill="#ffffff"/><path d="M${wallX} ${doorY} l${swing} 0 a40 40 0 0 ${columnIndex === 0 ? 0 : 1} ${-swing} 40" fill="none" stroke="#8a949c" stroke-width="2"/>`,
        );
        y += rh;
      });
    });
    parts.push(
      `<rect x="${x0}" y="${y0}" width="${width}" height="${height}" fill="none" stroke="${ink}" stroke-width="9"/>`,
    );
    // Windows on the outer walls, drawn as thin double lines.
    for (let k = 0; k < 3; k += 1) {
      const wx = x0 + 40 + k * ((width - 120) / 2);
      parts.push(
        `<rect x="${wx}" y="${y0 - 5}" width="70" height="10" fill="#ffffff" stroke="${ink}" stroke-width="2"/>`,
      );
    }
  });
  parts.push(
    `<text x="40" y="${H - 30}" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#4a5560">For illustration only; not to scale. Measurements are approximate.</text>`,
  );
  parts.push(
    `<g transform="translate(${W - 80} ${H - 70})"><polygon points="0,-30 10,0 -10,0" fill="${ink}"/><text x="0" y="24" font-family="Helvetica, Arial, sans-serif" font-size="18" font-weight="700" fill="${ink}" text-anchor="middle">N</text></g>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
}

/** A picture as JPEG, drawn once per SVG (picture-cache.ts). */
async function render(svg: string): Promise<Buffer> {
  const key = createHash('sha256').update(`jpeg82:${svg}`).digest('hex');
  return cachedDemoFile(`${key}.jpg`, () =>
    sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer(),
  );
}

const TYPE_WORDS: Record<string, string> = {
  flat: 'The building',
  maisonette: 'The building',
  terraced: 'Front of the terrace',
  end_of_terrace: 'Front, at the end of the terrace',
  semi_detached: 'Front of the semi-detached house',
  detached: 'Front of the house',
  bungalow: 'Front of the bungalow',
  cottage: 'Front of the cottage',
};

/** The rooms a listing's photos show: always the living room and kitchen, then a bedroom or bathroom. */
function roomsFor(home: DemoHome, random: Random): RoomKind[] {
  return ['living', 'kitchen', random.chance(0.5) ? 'bedroom' : 'bathroom'];
}

/** This listing's own photos (street view first, then rooms) and its floorplan. */
export async function createDemoPhotos(home: DemoHome): Promise<DemoPhoto[]> {
  const random = createRandom(home.seed + 1);
  const pictures: { kind: DemoPhoto['kind']; svg: string; caption: string }[] = [
    {
      kind: 'photo',
      svg: exteriorSvg(home, random),
      caption: TYPE_WORDS[home.type] ?? 'Front of the property',
    },
    ...roomsFor(home, random).map((room) => ({
      kind: 'photo' as const,
      svg: roomSvg(room, random),
      caption: random.pick(ROOM_CAPTIONS[room]),
    })),
    { kind: 'floorplan', svg: floorplanSvg(home, random), caption: 'Floorplan' },
  ];
  return Promise.all(
    pictures.map(async (picture) => ({
      kind: picture.kind,
      jpeg: await render(picture.svg),
      width: W,
      height: H,
      caption: picture.caption,
    })),
  );
}

/** The SVG of each picture, for tests and for looking at the designs without a database. */
export function demoPictureSvgs(home: DemoHome): string[] {
  const random = createRandom(home.seed + 1);
  return [
    exteriorSvg(home, random),
    ...roomsFor(home, random).map((room) => roomSvg(room, random)),
    floorplanSvg(home, random),
  ];
}
