import { createHash } from 'node:crypto';
import type { BlobStore } from '../platform/blob-store.ts';
import { imageLibrary } from '../platform/image-library.ts';
import type { ShapeKind } from './taxonomy.ts';

// Product, category, shop and banner pictures for the demo catalogue, drawn as SVG and rendered to
// WebP with sharp: no downloads, deterministic output, content-addressed like any upload.

const SHAPES: Record<ShapeKind, string> = {
  shirt: '<path d="M120 80 L170 60 Q200 92 230 60 L280 80 L342 142 L302 178 L282 162 L282 340 L118 340 L118 162 L98 178 L58 142 Z"/>',
  shoe: '<path d="M58 252 Q66 192 120 192 L178 202 Q222 150 262 172 L302 222 Q352 232 352 272 L352 292 L58 292 Z"/><rect x="58" y="292" width="294" height="16" rx="6" opacity="0.6"/>',
  bag: '<rect x="88" y="140" width="224" height="200" rx="26"/><path d="M150 150 Q150 78 200 78 Q250 78 250 150" fill="none" stroke="COLOR" stroke-width="18"/>',
  gem: '<polygon points="200,64 306,158 200,336 94,158"/><polyline points="94,158 306,158" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/><polyline points="150,110 200,336 250,110" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="5"/>',
  phone: '<rect x="138" y="56" width="124" height="288" rx="22"/><rect x="150" y="80" width="100" height="230" rx="8" fill="#ffffff" fill-opacity="0.35"/>',
  laptop: '<rect x="96" y="96" width="208" height="140" rx="10"/><rect x="110" y="110" width="180" height="112" fill="#ffffff" fill-opacity="0.35"/><polygon points="64,246 336,246 356,278 44,278"/>',
  screen: '<circle cx="200" cy="200" r="130"/><circle cx="200" cy="200" r="62" fill="#ffffff" fill-opacity="0.35"/><circle cx="200" cy="200" r="22"/>',
  mug: '<rect x="110" y="120" width="150" height="190" rx="18"/><path d="M260 160 Q330 160 330 215 Q330 270 260 270" fill="none" stroke="COLOR" stroke-width="22"/>',
  pillow: '<path d="M80 100 Q200 130 320 100 Q290 200 320 300 Q200 270 80 300 Q110 200 80 100 Z"/>',
  chair: '<rect x="130" y="70" width="140" height="150" rx="14"/><rect x="110" y="214" width="180" height="38" rx="10"/><rect x="122" y="250" width="18" height="90"/><rect x="260" y="250" width="18" height="90"/>',
  bottle: '<rect x="170" y="56" width="60" height="50" rx="8"/><path d="M150 120 Q150 100 170 100 L230 100 Q250 100 250 120 L262 330 Q262 344 248 344 L152 344 Q138 344 138 330 Z"/>',
  box: '<polygon points="200,70 330,130 200,190 70,130"/><polygon points="70,130 200,190 200,340 70,280" opacity="0.8"/><polygon points="330,130 200,190 200,340 330,280" opacity="0.65"/>',
  toy: '<circle cx="138" cy="110" r="36"/><circle cx="262" cy="110" r="36"/><circle cx="200" cy="160" r="86"/><ellipse cx="200" cy="300" rx="104" ry="70"/>',
  ball: '<circle cx="200" cy="200" r="132"/><path d="M80 150 Q200 220 320 150 M80 250 Q200 180 320 250" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="10"/>',
  car: '<path d="M60 250 L90 180 Q104 150 140 150 L260 150 Q296 150 312 180 L342 250 L342 292 L60 292 Z"/><circle cx="122" cy="296" r="34" fill="#333333"/><circle cx="280" cy="296" r="34" fill="#333333"/>',
  wrench: '<path d="M120 320 L250 190 Q234 130 276 98 Q306 80 336 90 L294 132 L308 168 L344 182 L386 140 Q396 170 378 200 Q346 242 286 226 L156 356 Q138 374 120 356 Q102 338 120 320 Z"/>',
  paw: '<ellipse cx="200" cy="260" rx="92" ry="78"/><circle cx="118" cy="160" r="34"/><circle cx="172" cy="118" r="36"/><circle cx="228" cy="118" r="36"/><circle cx="282" cy="160" r="34"/>',
  pencil: '<polygon points="92,308 268,132 308,172 132,348"/><polygon points="92,308 132,348 70,370" opacity="0.7"/><rect x="262" y="104" width="56" height="52" transform="rotate(45 290 130)"/>',
};

/** Fill colours of the demo palette (order of taxonomy COLOURS). */
export const PALETTE = ['#222831', '#f4f4f2', '#d64045', '#2f6fdf', '#3aa864', '#8a8f98', '#ef8fb5', '#f2c14e', '#1f2e5a', '#d8c3a5'];

function hsl(hue: number, saturation: number, lightness: number): string {
  return `hsl(${hue}, ${saturation}%, ${lightness}%)`;
}

function pattern(variant: number, hue: number): string {
  switch (variant % 3) {
    case 0:
      return Array.from({ length: 12 }, (_, index) => `<circle cx="${(index * 73) % 400}" cy="${(index * 131) % 400}" r="${8 + (index % 4) * 6}" fill="${hsl(hue, 50, 88)}"/>`).join('');
    case 1:
      return Array.from({ length: 8 }, (_, index) => `<rect x="${index * 52 - 10}" y="0" width="18" height="400" fill="${hsl(hue, 45, 90)}" transform="rotate(20 200 200)"/>`).join('');
    default:
      return `<circle cx="330" cy="70" r="120" fill="${hsl(hue, 55, 88)}"/><circle cx="60" cy="360" r="90" fill="${hsl(hue, 55, 90)}"/>`;
  }
}

export function productSvg(shape: ShapeKind, hue: number, colourIndex: number, variant: number): string {
  const colour = PALETTE[colourIndex % PALETTE.length] ?? '#333333';
  const body = SHAPES[shape].replaceAll('COLOR', colour);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 96)}"/><stop offset="1" stop-color="${hsl(hue + 20, 55, 84)}"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#bg)"/>${pattern(variant, hue)}
<ellipse cx="200" cy="362" rx="140" ry="16" fill="#000000" fill-opacity="0.08"/>
<g fill="${colour}" stroke="#000000" stroke-opacity="0.12" stroke-width="3">${body}</g></svg>`;
}

export function bannerSvg(hue: number, shapes: ShapeKind[], variant: number): string {
  const items = shapes
    .map((shape, index) => {
      const x = 760 + index * 260;
      const colour = PALETTE[(variant + index * 3) % PALETTE.length] ?? '#333333';
      return `<g transform="translate(${x} ${60 + (index % 2) * 30}) scale(0.85)" fill="${colour}" stroke="#000" stroke-opacity="0.1" stroke-width="3">${SHAPES[shape].replaceAll('COLOR', colour)}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="480" viewBox="0 0 1600 480">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(hue, 70, 45)}"/><stop offset="1" stop-color="${hsl(hue + 40, 70, 65)}"/></linearGradient></defs>
<rect width="1600" height="480" fill="url(#bg)"/><circle cx="220" cy="240" r="300" fill="#ffffff" fill-opacity="0.08"/><circle cx="520" cy="60" r="160" fill="#ffffff" fill-opacity="0.08"/>
<rect x="120" y="170" width="420" height="36" rx="18" fill="#ffffff" fill-opacity="0.85"/><rect x="120" y="230" width="300" height="24" rx="12" fill="#ffffff" fill-opacity="0.6"/>${items}</svg>`;
}

export function iconSvg(shape: ShapeKind, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" rx="90" fill="${hsl(hue, 65, 92)}"/>
<g fill="${hsl(hue, 60, 45)}">${SHAPES[shape].replaceAll('COLOR', hsl(hue, 60, 45))}</g></svg>`;
}

export function avatarSvg(shape: ShapeKind, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><circle cx="200" cy="200" r="200" fill="${hsl(hue, 55, 55)}"/>
<g transform="translate(60 60) scale(0.7)" fill="#ffffff">${SHAPES[shape].replaceAll('COLOR', '#ffffff')}</g></svg>`;
}

async function store(blobs: BlobStore, bytes: Buffer): Promise<string> {
  const key = `${createHash('sha256').update(bytes).digest('hex')}.webp`;
  await blobs.put(key, bytes);
  return key;
}

export interface RenderedImage {
  large: string;
  thumb: string;
}

/** Renders an SVG at two sizes and stores both; answers the blob keys. */
export async function renderPicture(blobs: BlobStore, svg: string, largeWidth: number, thumbWidth: number): Promise<RenderedImage> {
  const sharp = await imageLibrary();
  const large = await sharp(Buffer.from(svg)).resize({ width: largeWidth }).webp({ quality: 78, effort: 2 }).toBuffer();
  const thumb = await sharp(large).resize({ width: thumbWidth }).webp({ quality: 72, effort: 2 }).toBuffer();
  return { large: await store(blobs, large), thumb: await store(blobs, thumb) };
}

/** Runs tasks with bounded concurrency (sharp works on the libuv thread pool). */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}
