// The image port (images.ts) on sharp (libvips): the one module that imports it. Decoding and encoding
// run on libuv's thread pool, never on the event loop.
import sharp, { type Sharp } from 'sharp';
import type { DecodeOptions, EncodeOptions, ImagePort } from './images.ts';

function open(input: Buffer | string, options: DecodeOptions = {}): Sharp {
  return sharp(input, {
    ...(options.maxPixels !== undefined ? { limitInputPixels: options.maxPixels } : {}),
    ...(options.tolerateWarnings ? { failOn: 'error' as const } : {}),
  });
}

function pipeline(input: Buffer | string, options: EncodeOptions): Sharp {
  let image = open(input, options);
  if (options.autoOrient) image = image.autoOrient();
  if (options.resize) {
    const { width, height, fit, position, withoutEnlargement } = options.resize;
    image = image.resize({
      width,
      ...(height !== undefined ? { height } : {}),
      ...(fit ? { fit } : {}),
      ...(position ? { position } : {}),
      ...(withoutEnlargement ? { withoutEnlargement: true } : {}),
    });
  }
  return options.format === 'jpeg'
    ? image.jpeg({ quality: options.quality, ...(options.mozjpeg ? { mozjpeg: true } : {}) })
    : image.webp({ quality: options.quality });
}

export const sharpImages: ImagePort = {
  async facts(input, options) {
    const meta = await open(input, options).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    const orientation = meta.orientation ?? 1;
    const turned = orientation >= 5;
    return {
      format: meta.format ?? '',
      width,
      height,
      orientation,
      shownWidth: turned ? height : width,
      shownHeight: turned ? width : height,
    };
  },

  async encode(input, options) {
    const { data, info } = await pipeline(input, options).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  },

  async encodeToFile(input, file, options) {
    const info = await pipeline(input, options).toFile(file);
    return { width: info.width, height: info.height };
  },
};
