// The image port: what the site does with pictures — read their facts, turn them upright, resize and
// encode them — so that no service or pipeline step knows the library. The adapter is sharp
// (sharp-images.ts, beside this file, as storage.ts has local-storage.ts and s3-storage.ts); `images`
// below is the process's one instance. Every call throws on a picture it cannot read, as the library
// does: callers turn that into their own field error.
import { sharpImages } from './sharp-images.ts';

export interface DecodeOptions {
  /** Refuse a picture of more pixels than this (a decompression bomb). Default: the library's. */
  maxPixels?: number;
  /** Read a picture with recoverable damage (a warning) instead of refusing it; fatal errors still throw. */
  tolerateWarnings?: boolean;
}

export interface ImageFacts {
  /** The format the bytes are in: jpeg, png, webp, gif, … ('' when the library names none). */
  format: string;
  /** As stored, before the EXIF orientation. */
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 when the picture has none). */
  orientation: number;
  /** As shown: the EXIF orientation applied (5–8 swap width and height). */
  shownWidth: number;
  shownHeight: number;
}

export interface Resize {
  width: number;
  /** Without a height the width decides and the aspect ratio is kept. */
  height?: number;
  /** cover: fill the box, cropping; inside: fit in it. Default cover. */
  fit?: 'cover' | 'inside';
  /** What a cover crop keeps: the centre, or the most interesting part. Default centre. */
  position?: 'centre' | 'attention';
  /** Never make a picture larger than it is. */
  withoutEnlargement?: boolean;
}

export interface EncodeOptions extends DecodeOptions {
  /** Turn the picture upright by its EXIF orientation first (the result carries no orientation). */
  autoOrient?: boolean;
  resize?: Resize;
  format: 'jpeg' | 'webp';
  /** 1–100. */
  quality: number;
  /** JPEG: mozjpeg's settings (smaller files, slower). */
  mozjpeg?: boolean;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ImagePort {
  facts(input: Buffer, options?: DecodeOptions): Promise<ImageFacts>;
  /** The picture (bytes or a file path) re-encoded; metadata is not kept. */
  encode(input: Buffer | string, options: EncodeOptions): Promise<EncodedImage>;
  /** As encode, written to `file`. */
  encodeToFile(
    input: Buffer | string,
    file: string,
    options: EncodeOptions,
  ): Promise<{ width: number; height: number }>;
}

/** The process's image tool. */
export const images: ImagePort = sharpImages;
