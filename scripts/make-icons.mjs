#!/usr/bin/env node
// Draws the app icons from one SVG mark (a car on the theme colour) with sharp:
// public/favicon.svg, public/icons/icon-192.png, icon-512.png and icon-maskable-512.png (the
// mark inside the central 80% safe zone, background to the edges). The PNGs are committed; run
// `node scripts/make-icons.mjs` again only when the mark changes.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');

const THEME = '#0f4c5c';
const MARK = '#ffffff';
const ACCENT = '#f4a259';

/** The car, drawn on a 512 grid around its centre (256, 273). */
const car = `
  <path fill="${MARK}" d="M150 252 L190 180 Q198 166 214 166 L306 166 Q322 166 331 180 L372 252 Z"/>
  <rect fill="${MARK}" x="96" y="246" width="320" height="96" rx="30"/>
  <path fill="${THEME}" d="M180 244 L207 193 Q211 186 219 186 L249 186 L249 244 Z"/>
  <path fill="${THEME}" d="M265 186 L297 186 Q305 186 309 193 L340 244 L265 244 Z"/>
  <rect fill="${ACCENT}" x="388" y="268" width="22" height="16" rx="6"/>
  <rect fill="${THEME}" x="100" y="270" width="16" height="12" rx="5" opacity="0.5"/>
  <g fill="${MARK}" stroke="${THEME}" stroke-width="14">
    <circle cx="176" cy="340" r="40"/>
    <circle cx="336" cy="340" r="40"/>
  </g>
  <g fill="${THEME}">
    <circle cx="176" cy="340" r="13"/>
    <circle cx="336" cy="340" r="13"/>
  </g>`;

function svg({ size, maskable }) {
  // Maskable icons are cropped to a circle of 40% radius by some launchers: the mark shrinks to
  // fit inside it and the background fills the whole square.
  const scale = maskable ? 0.78 : 1;
  const background = maskable
    ? `<rect width="512" height="512" fill="${THEME}"/>`
    : `<rect width="512" height="512" rx="104" fill="${THEME}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  ${background}
  <g transform="translate(256 273) scale(${scale}) translate(-256 -273)">${car}
  </g>
</svg>
`;
}

async function png(file, size, maskable) {
  const out = path.join(publicDir, 'icons', file);
  await sharp(Buffer.from(svg({ size, maskable })))
    // A palette of the few colours the mark has (edges anti-aliased at quality 90): about a
    // third of the size of full RGBA, and the icons are in the service worker's precache.
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toFile(out);
  console.log(`wrote ${path.relative(root, out)}`);
}

await mkdir(path.join(publicDir, 'icons'), { recursive: true });
await writeFile(path.join(publicDir, 'favicon.svg'), svg({ size: 64, maskable: false }).replace(/\n\s*/g, ''));
console.log('wrote public/favicon.svg');
await png('icon-192.png', 192, false);
await png('icon-512.png', 512, false);
await png('icon-maskable-512.png', 512, true);
