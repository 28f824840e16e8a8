// Portraits of the demo models (issue 20): synthetic, non-photographic cards at the size an uploaded
// model picture gets (TAXONOMY_IMAGE_SIZE.model, 3:4 like the model card) — a diagonal gradient in
// colours drawn from the model's name, a ring, and the initials centred inside it, set with the
// packaged DejaVu font (no system fonts needed) and shrunk until they fit the ring, so no text is ever
// cut off, whatever the card crops. WebP, as the admin's upload stores them.
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { TAXONOMY_IMAGE_SIZE } from '../../contract/admin-taxonomy.ts';
import { DRAWTEXT_FONT_FILE } from '../media/tools.ts';
import type { Storage } from '../storage/storage.ts';

export const PORTRAIT = {
  ...TAXONOMY_IMAGE_SIZE.model,
  /** The ring's radius; the initials stay inside the square it encloses. */
  ring: 170,
  /** Point size the initials start at. */
  fontSize: 150,
} as const;
// Bump when the drawing changes: the stored portraits are then made again under new keys.
const PORTRAIT_VERSION = 1;

export function portraitKey(dir: string): string {
  return `demo/portraits-${PORTRAIT_VERSION}/${dir}.webp`;
}

/** "Mila van Dorn" → "MD": the first letters of the first and the last word, capitals only. */
export function initialsOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[^A-Za-z\s-]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words.at(-1)!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

/** FNV-1a of the text: a stable number per name. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Two colours per name, dark enough under white text: a hue and a darker neighbour. */
export function portraitColours(name: string): { from: string; to: string } {
  const h = hashOf(name);
  const hue = h % 360;
  const shift = 30 + ((h >>> 9) % 50);
  return {
    from: `hsl(${hue}, 62%, 42%)`,
    to: `hsl(${(hue + shift) % 360}, 55%, 18%)`,
  };
}

function backgroundSvg(colours: { from: string; to: string }): string {
  const { width, height, ring } = PORTRAIT;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.from}"/><stop offset="1" stop-color="${colours.to}"/></linearGradient>
<radialGradient id="r" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width / 2}" cy="${height / 2}" r="${ring}" fill="url(#r)" stroke="#fff" stroke-opacity="0.4" stroke-width="6"/>
</svg>`;
}

/** The initials as a white RGBA image, at the largest size (from PORTRAIT.fontSize down) that fits the ring. */
export async function initialsImage(
  initials: string,
): Promise<{ data: Buffer; width: number; height: number }> {
  const room = Math.floor(PORTRAIT.ring * Math.SQRT2) - 8; // the square inside the ring, less the stroke
  let size: number = PORTRAIT.fontSize;
  for (;;) {
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="#ffffff">${initials}</span>`,
        font: `DejaVu Sans Bold ${size}`,
        fontfile: DRAWTEXT_FONT_FILE,
        rgba: true,
        dpi: 72,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    if ((info.width <= room && info.height <= room) || size <= 24) {
      return { data, width: info.width, height: info.height };
    }
    size = Math.floor((size * room) / Math.max(info.width, info.height));
  }
}

/** One portrait: WebP at PORTRAIT's size. */
export async function renderPortrait(title: string, seed = title): Promise<Buffer> {
  const text = await initialsImage(initialsOf(title));
  return sharp(Buffer.from(backgroundSvg(portraitColours(seed))))
    .composite([{ input: text.data, gravity: 'centre' }])
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * Stores a portrait per model (reusing one already stored under this version's key) and answers the
 * storage keys in the order of `models`.
 */
export async function ensureDemoPortraits(
  storage: Storage,
  models: ReadonlyArray<{ dir: string; title: string }>,
  options: { concurrency?: number } = {},
): Promise<string[]> {
  const keys: string[] = new Array(models.length);
  let next = 0;
  const worker = async () => {
    while (next < models.length) {
      const i = next++;
      const { dir, title } = models[i]!;
      const key = portraitKey(dir);
      if (!(await storage.exists(key))) {
        const body = await renderPortrait(title, dir);
        await storage.putStream(key, Readable.from([body]), { contentType: 'image/webp' });
      }
      keys[i] = key;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, models.length) }, worker));
  return keys;
}
