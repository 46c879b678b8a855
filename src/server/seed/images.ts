/**
 * Demo pictures drawn as SVG and rasterised with sharp: no network, no fonts (a fresh machine may
 * have none), so everything is shapes. A car is a side profile in the vehicle's colour; the
 * image index picks the scene and the angle so a vehicle's carousel shows different pictures.
 */
import sharp from 'sharp';

export type BodyStyle = 'hatch' | 'saloon' | 'suv' | 'van';

const WIDTH = 1200;
const HEIGHT = 800;

interface BodyShape {
  /** Outline of the body (facing right, ground at y=300) without the wheel arches. */
  body: string;
  /** The glass area, drawn over the body. */
  glass: string;
  /** x of the pillars that split the glass. */
  pillars: number[];
  /** Rear and front wheel centres (x); both sit on y=300. */
  wheels: [number, number];
  headlight: string;
  taillight: string;
  /** Door shut lines. */
  doors: number[];
}

const arches = (rear: number, front: number) =>
  `L${front + 80},300 A80,80 0 0 0 ${front - 80},300 L${rear + 80},300 A80,80 0 0 0 ${rear - 80},300 Z`;

const BODIES: Record<BodyStyle, BodyShape> = {
  hatch: {
    body: `M70,300 L66,205 Q68,178 100,170 L190,160 L300,96 Q322,86 352,85 L600,85 Q642,88 672,110 L760,165 L890,186 Q936,196 938,238 L940,300 ${arches(230, 770)}`,
    glass: 'M200,160 L306,104 Q324,96 352,95 L592,95 Q630,98 655,116 L735,163 Z',
    pillars: [430, 610],
    wheels: [230, 770],
    headlight: 'M880,196 L932,206 L934,226 L884,220 Z',
    taillight: 'M68,190 L96,186 L96,226 L68,228 Z',
    doors: [450, 640],
  },
  saloon: {
    body: `M40,300 L38,222 Q40,196 70,190 L215,178 L318,108 Q340,96 372,95 L590,95 Q628,98 660,122 L752,180 L920,198 Q962,206 962,246 L962,300 ${arches(225, 790)}`,
    glass: 'M226,176 L324,114 Q344,104 372,104 L585,104 Q620,107 648,126 L726,178 Z',
    pillars: [462, 640],
    wheels: [225, 790],
    headlight: 'M905,206 L956,214 L958,232 L910,228 Z',
    taillight: 'M40,208 L74,202 L74,236 L40,238 Z',
    doors: [470, 660],
  },
  suv: {
    body: `M60,300 L56,180 Q58,140 92,132 L160,124 L240,62 Q258,50 292,49 L640,49 Q672,51 698,70 L790,134 L905,156 Q944,166 946,210 L948,300 ${arches(240, 780)}`,
    glass: 'M170,124 L246,68 Q262,58 292,58 L636,58 Q664,60 684,76 L764,132 Z',
    pillars: [300, 470, 640],
    wheels: [240, 780],
    headlight: 'M890,166 L940,176 L942,198 L894,192 Z',
    taillight: 'M58,150 L92,144 L92,196 L58,200 Z',
    doors: [480, 660],
  },
  van: {
    body: `M50,300 L50,70 Q52,40 84,38 L680,38 Q720,40 742,70 L812,160 L920,176 Q952,184 954,220 L956,300 ${arches(230, 790)}`,
    glass: 'M620,52 L690,52 Q716,54 730,76 L790,158 L620,158 Z',
    pillars: [],
    wheels: [230, 790],
    headlight: 'M905,186 L950,192 L952,212 L908,208 Z',
    taillight: 'M50,120 L78,120 L78,190 L50,190 Z',
    doors: [420, 610],
  },
};

/** Scenes by image index: where the car stands, which way it faces and how close we are. */
interface Scene {
  background: (variant: number) => string;
  facing: 'right' | 'left';
  scale: number;
  /** Where the car's origin (rear bumper, ground line) lands on the canvas. */
  x: number;
  y: number;
}

const SKIES = [
  ['#8ec5ff', '#dff0ff'],
  ['#7fb2e5', '#f3f7fb'],
  ['#a3c9f0', '#fdf6e3'],
];
const DUSKS = [
  ['#3b2a5a', '#f08a5d'],
  ['#283e6d', '#f5b971'],
  ['#452650', '#f07167'],
];
const STUDIOS = [
  ['#e9ecef', '#adb5bd'],
  ['#f1ede6', '#bcb3a6'],
  ['#e3eaf0', '#9aa8b5'],
];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

const SCENES: Scene[] = [
  {
    facing: 'right',
    scale: 1,
    x: 100,
    y: 600,
    background: (variant) => {
      const [top, bottom] = pick(SKIES, variant);
      return `
        <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
        <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
        <circle cx="${980 - variant * 90}" cy="150" r="60" fill="#fff6c9" opacity="0.9"/>
        <path d="M0,520 Q300,${440 + variant * 20} 620,500 T1200,480 L1200,800 L0,800 Z" fill="#9cc47a"/>
        <rect y="560" width="${WIDTH}" height="140" fill="#5b6168"/>
        <rect y="626" width="${WIDTH}" height="8" fill="#f1f1f1" opacity="0.8"/>
        <rect y="700" width="${WIDTH}" height="100" fill="#86ad66"/>`;
    },
  },
  {
    facing: 'left',
    scale: 0.95,
    x: 1110,
    y: 620,
    background: (variant) => {
      const [top, bottom] = pick(DUSKS, variant);
      const hills = [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${40 + i * 230}" y="${300 + ((i * 67 + variant * 31) % 140)}" width="150" height="400" fill="#2a2238" opacity="0.55"/>`,
        )
        .join('');
      return `
        <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
        <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
        ${hills}
        <rect y="580" width="${WIDTH}" height="220" fill="#34303b"/>
        <rect x="0" y="660" width="${WIDTH}" height="6" fill="#f5d37a" opacity="0.7"/>`;
    },
  },
  {
    facing: 'right',
    scale: 1.08,
    x: 60,
    y: 640,
    background: (variant) => {
      const [top, bottom] = pick(STUDIOS, variant);
      return `
        <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.7" stop-color="${bottom}"/><stop offset="1" stop-color="${top}"/></linearGradient>
        <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
        <ellipse cx="600" cy="640" rx="560" ry="70" fill="#ffffff" opacity="0.35"/>`;
    },
  },
  {
    facing: 'left',
    scale: 1.7,
    x: 1560,
    y: 700,
    background: (variant) => {
      const blocks = [0, 1, 2, 3, 4, 5, 6]
        .map((i) => {
          const height = 200 + ((i * 97 + variant * 53) % 260);
          const windows = [0, 1, 2]
            .map(
              (row) =>
                `<rect x="${i * 180 + 40}" y="${560 - height + 30 + row * 60}" width="90" height="30" fill="#ffe8a3" opacity="0.5"/>`,
            )
            .join('');
          return `<rect x="${i * 180 + 10}" y="${560 - height}" width="150" height="${height}" fill="${pick(['#5c6b7a', '#6f7d8c', '#4f5d6b'], i + variant)}"/>${windows}`;
        })
        .join('');
      return `
        <rect width="${WIDTH}" height="${HEIGHT}" fill="#c8d6e5"/>
        ${blocks}
        <rect y="560" width="${WIDTH}" height="240" fill="#707880"/>
        <rect y="560" width="${WIDTH}" height="14" fill="#9aa1a8"/>`;
    },
  },
];

/** Darkens (amount < 0) or lightens a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const next = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(Math.min(255, Math.max(0, next)));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

function wheel(cx: number): string {
  const spokes = [0, 72, 144, 216, 288]
    .map(
      (angle) =>
        `<rect x="${cx - 5}" y="262" width="10" height="38" fill="#8e949b" transform="rotate(${angle} ${cx} 300)"/>`,
    )
    .join('');
  return `
    <circle cx="${cx}" cy="300" r="78" fill="#202225"/>
    <circle cx="${cx}" cy="300" r="64" fill="#2b2d31"/>
    <circle cx="${cx}" cy="300" r="42" fill="#c9ced4"/>
    ${spokes}
    <circle cx="${cx}" cy="300" r="11" fill="#6c7279"/>`;
}

function car(style: BodyStyle, colour: string): string {
  const shape = BODIES[style];
  const dark = shade(colour, -0.35);
  const light = shade(colour, 0.35);
  const pillars = shape.pillars.map((x) => `<rect x="${x - 9}" y="40" width="18" height="140" fill="${colour}"/>`);
  const doors = shape.doors.map(
    (x) =>
      `<path d="M${x},${style === 'van' ? 60 : 110} L${x - 6},262" stroke="${dark}" stroke-width="3" fill="none"/>` +
      `<rect x="${x - 70}" y="${style === 'suv' ? 160 : 192}" width="34" height="8" rx="4" fill="${dark}"/>`,
  );
  return `
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${colour}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9fb8cc"/><stop offset="1" stop-color="#2d3b4a"/></linearGradient>
    <ellipse cx="${(shape.wheels[0] + shape.wheels[1]) / 2}" cy="372" rx="520" ry="26" fill="#000" opacity="0.28"/>
    <path d="${shape.body}" fill="url(#paint)" stroke="${dark}" stroke-width="4"/>
    <clipPath id="glassClip"><path d="${shape.glass}"/></clipPath>
    <path d="${shape.glass}" fill="url(#glass)"/>
    <g clip-path="url(#glassClip)">${pillars.join('')}<path d="M0,40 L260,40 L120,200 L0,200 Z" fill="#fff" opacity="0.15" transform="translate(${shape.wheels[0] + 120} 0)"/></g>
    ${doors.join('')}
    <path d="${shape.headlight}" fill="#fff7d1" stroke="${dark}" stroke-width="2"/>
    <path d="${shape.taillight}" fill="#d7263d" stroke="${dark}" stroke-width="2"/>
    <rect x="${shape.wheels[0] - 100}" y="286" width="${shape.wheels[1] - shape.wheels[0] + 200}" height="10" fill="${dark}" opacity="0.5"/>
    ${wheel(shape.wheels[0])}
    ${wheel(shape.wheels[1])}`;
}

/** The SVG of picture `index` (0-based) of a car; also the cache key for its render. */
export function vehicleSvg(style: BodyStyle, colour: string, index: number, variant: number): string {
  const scene = pick(SCENES, index);
  const mirror = scene.facing === 'left' ? ' scale(-1 1)' : '';
  // The car is drawn with its ground line at y=300; the scene says where that lands.
  const transform = `translate(${scene.x} ${scene.y - 300 * scene.scale}) scale(${scene.scale})${mirror}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    ${scene.background(variant)}
    <g transform="${transform}">${car(style, colour)}</g>
  </svg>`;
}

export type LogoDesign = 'wheel' | 'waves';

export function logoSvg(design: LogoDesign): string {
  const size = 512;
  if (design === 'wheel') {
    const spokes = [0, 60, 120, 180, 240, 300]
      .map(
        (angle) =>
          `<rect x="248" y="150" width="16" height="106" rx="6" fill="#ffffff" transform="rotate(${angle} 256 256)"/>`,
      )
      .join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
      <rect width="${size}" height="${size}" rx="96" fill="#1b2a4a"/>
      <circle cx="256" cy="256" r="150" fill="none" stroke="#ffffff" stroke-width="34"/>
      ${spokes}
      <circle cx="256" cy="256" r="34" fill="#f2a93b"/>
      <path d="M256,36 L292,118 L256,100 L220,118 Z" fill="#f2a93b"/>
    </svg>`;
  }
  const wave = (y: number, colour: string) =>
    `<path d="M40,${y} Q110,${y - 44} 180,${y} T320,${y} T460,${y} L472,${y} L472,${y + 30} L40,${y + 30} Z" fill="${colour}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <circle cx="256" cy="256" r="240" fill="#0f7c8c"/>
    <clipPath id="round"><circle cx="256" cy="256" r="240"/></clipPath>
    <g clip-path="url(#round)">
      <circle cx="256" cy="250" r="96" fill="#ffd166"/>
      ${wave(300, '#7fd1da')}
      ${wave(350, '#3fb0c0')}
      ${wave(400, '#ffffff')}
      <rect y="430" width="${size}" height="100" fill="#ffffff"/>
    </g>
  </svg>`;
}

/** Rasterises an SVG to PNG; the PNG is fed straight back to sharp, so compression is kept low. */
export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
