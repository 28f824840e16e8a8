import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildDemoPlan } from './demo-plan.ts';
import { initialsImage, initialsOf, PORTRAIT, portraitColours, renderPortrait } from './demo-portraits.ts';

describe('demo portraits', () => {
  it('takes the initials of the first and last name, letters only', () => {
    expect(initialsOf('Mila Dorn')).toBe('MD');
    expect(initialsOf('ana maría de la Vega')).toBe('AV');
    expect(initialsOf('Zoë')).toBe('Z');
    expect(initialsOf('Jean-Luc Picard')).toBe('JP');
    expect(initialsOf('  ')).toBe('?');
  });

  it('fits the initials of every demo model, and the widest pair, inside the ring', async () => {
    const plan = buildDemoPlan({
      now: new Date('2025-06-01T12:00:00Z'),
      clips: [{ source: 'testsrc', duration: 30, width: 640, height: 360 }],
    });
    const room = Math.floor(PORTRAIT.ring * Math.SQRT2) - 8;
    const pairs = new Set([...plan.models.map((m) => initialsOf(m.title)), 'WW', 'MW', 'W']);
    for (const initials of pairs) {
      const text = await initialsImage(initials);
      expect(text.width, initials).toBeLessThanOrEqual(room);
      expect(text.height, initials).toBeLessThanOrEqual(room);
      // Not shrunk to nothing: still the large type of a card.
      expect(text.height, initials).toBeGreaterThanOrEqual(70);
    }
  });

  it('renders a WebP at the model picture size, its initials drawn in the middle', async () => {
    const webp = await renderPortrait('Wanda Whitfield', 'wanda-whitfield');
    const image = sharp(webp);
    const meta = await image.metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 480,
      height: 640,
    });
    // White type in the centre, none at the edges (nothing runs off the card).
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const whiteIn = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const i = (y * info.width + x) * info.channels;
          if (data[i]! > 235 && data[i + 1]! > 235 && data[i + 2]! > 235) n++;
        }
      return n;
    };
    expect(whiteIn(140, 260, 340, 380)).toBeGreaterThan(2000);
    expect(whiteIn(0, 0, 480, 40) + whiteIn(0, 600, 480, 640)).toBe(0);
    expect(whiteIn(0, 0, 40, 640) + whiteIn(440, 0, 480, 640)).toBe(0);
  });

  it('gives different names different colours, the same name the same', () => {
    expect(portraitColours('a-b')).toEqual(portraitColours('a-b'));
    const hues = new Set(
      ['mila-dorn', 'ana-vega', 'zoe-park', 'kai-lund'].map((n) => portraitColours(n).from),
    );
    expect(hues.size).toBe(4);
  });
});
