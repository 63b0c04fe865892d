import sharp from 'sharp';

/**
 * Placeholder photos drawn locally (nothing is downloaded): simple illustrated house fronts and
 * rooms in varied palettes, rendered from SVG to JPEG like a real upload would arrive.
 */
export interface DemoPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
  caption: string;
}

const WIDTH = 1600;
const HEIGHT = 1067;

const BRICKS = [
  '#a4553b',
  '#c07a55',
  '#8d6e63',
  '#d7c4a3',
  '#e9e4d8',
  '#b0826a',
  '#6d7b8d',
  '#f1e3c6',
];
const SKIES = [
  ['#8ec5ff', '#e3f1ff'],
  ['#a7c7e7', '#f6f1e7'],
  ['#ffd6a5', '#fff4e0'],
  ['#9fb8d0', '#e8edf2'],
];
const DOORS = ['#1f3a5f', '#7a1f2b', '#2e5e3e', '#222222', '#c9a227', '#5b4a8b'];
const WALLS = ['#f4efe6', '#e8efe9', '#efe8f3', '#f7f3e9', '#e6edf5'];
const FLOORS = ['#b08962', '#8c6a4f', '#c9b59a', '#7d7d7d'];

function houseSvg(variant: number): string {
  const brick = BRICKS[variant % BRICKS.length]!;
  const [skyTop, skyBottom] = SKIES[variant % SKIES.length]!;
  const door = DOORS[variant % DOORS.length]!;
  const storeys = 2 + (variant % 2);
  const bodyTop = HEIGHT - 240 - storeys * 190;
  const windows: string[] = [];
  for (let storey = 0; storey < storeys; storey += 1) {
    for (const x of [520, 760, 1000]) {
      if (storey === 0 && x === 760) continue; // the front door sits here
      const y = bodyTop + 60 + storey * 190;
      windows.push(
        `<rect x="${x}" y="${y}" width="110" height="120" fill="#dfeefc" stroke="#ffffff" stroke-width="10"/>`,
        `<line x1="${x + 55}" y1="${y}" x2="${x + 55}" y2="${y + 120}" stroke="#ffffff" stroke-width="6"/>`,
      );
    }
  }
  const doorY = HEIGHT - 240 - 190 + 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <rect y="${HEIGHT - 240}" width="100%" height="240" fill="#6a9f58"/>
  <rect y="${HEIGHT - 250}" width="100%" height="20" fill="#7d8a6e"/>
  <polygon points="400,${bodyTop} 800,${bodyTop - 260} 1200,${bodyTop}" fill="#4a4a52"/>
  <rect x="440" y="${bodyTop}" width="720" height="${HEIGHT - 240 - bodyTop}" fill="${brick}"/>
  <rect x="1040" y="${bodyTop - 200}" width="60" height="120" fill="#5a4a45"/>
  ${windows.join('\n  ')}
  <rect x="765" y="${doorY}" width="100" height="160" fill="${door}"/>
  <circle cx="845" cy="${doorY + 85}" r="7" fill="#d4af37"/>
  <rect x="250" y="${HEIGHT - 420}" width="40" height="180" fill="#6b4f3a"/>
  <circle cx="270" cy="${HEIGHT - 470}" r="110" fill="#3f7d3a"/>
  <circle cx="1380" cy="${HEIGHT - 360}" r="80" fill="#4f8f45"/>
</svg>`;
}

function roomSvg(variant: number): string {
  const wall = WALLS[variant % WALLS.length]!;
  const floor = FLOORS[variant % FLOORS.length]!;
  const accent = DOORS[(variant + 2) % DOORS.length]!;
  const floorY = 700;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect width="100%" height="100%" fill="${wall}"/>
  <rect y="${floorY}" width="100%" height="${HEIGHT - floorY}" fill="${floor}"/>
  <rect x="980" y="180" width="380" height="360" fill="#cfe6fb" stroke="#ffffff" stroke-width="16"/>
  <line x1="1170" y1="180" x2="1170" y2="540" stroke="#ffffff" stroke-width="10"/>
  <rect x="200" y="520" width="560" height="200" rx="30" fill="${accent}"/>
  <rect x="180" y="470" width="80" height="250" rx="30" fill="${accent}"/>
  <rect x="700" y="470" width="80" height="250" rx="30" fill="${accent}"/>
  <rect x="300" y="780" width="400" height="30" fill="#ffffff" opacity="0.6"/>
  <rect x="380" y="250" width="240" height="160" fill="#ffffff" stroke="#333333" stroke-width="8"/>
  <circle cx="1300" cy="760" r="60" fill="#5d8f4e"/>
  <rect x="1280" y="800" width="40" height="90" fill="#8d6e63"/>
</svg>`;
}

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

export async function createDemoPhotos(): Promise<{
  exteriors: DemoPhoto[];
  interiors: DemoPhoto[];
}> {
  const exteriorCaptions = ['Front elevation', 'Street view', 'Front of the property'];
  const interiorCaptions = ['Living room', 'Reception room', 'Sitting room', 'Lounge'];
  const exteriors = await Promise.all(
    Array.from({ length: 12 }, async (_, variant) => ({
      jpeg: await render(houseSvg(variant)),
      width: WIDTH,
      height: HEIGHT,
      caption: exteriorCaptions[variant % exteriorCaptions.length]!,
    })),
  );
  const interiors = await Promise.all(
    Array.from({ length: 10 }, async (_, variant) => ({
      jpeg: await render(roomSvg(variant)),
      width: WIDTH,
      height: HEIGHT,
      caption: interiorCaptions[variant % interiorCaptions.length]!,
    })),
  );
  return { exteriors, interiors };
}
