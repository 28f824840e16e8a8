// What a file is by its first bytes, for the cases where that alone decides: a picture, an archive, a
// document, a program, audio or text that was renamed to a video's extension. Bytes that match none of
// these are not judged here (ffprobe judges them, and unreadable unknown bytes are a damaged video).

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** Signatures of common files that are not video containers, each with a name for logs and tests. */
const FOREIGN: ReadonlyArray<readonly [name: string, test: (h: Uint8Array) => boolean]> = [
  ['png', (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['jpeg', (h) => startsWith(h, [0xff, 0xd8, 0xff])],
  ['gif', (h) => ascii(h, 0, 4) === 'GIF8'],
  ['bmp', (h) => ascii(h, 0, 2) === 'BM' && h.length >= 14 && h[6] === 0 && h[7] === 0],
  ['tiff', (h) => startsWith(h, [0x49, 0x49, 0x2a, 0x00]) || startsWith(h, [0x4d, 0x4d, 0x00, 0x2a])],
  ['webp', (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP'],
  ['wav', (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WAVE'],
  ['heic/avif', (h) => ascii(h, 4, 8) === 'ftyp' && /^(heic|heix|mif1|avif|msf1)$/.test(ascii(h, 8, 12))],
  ['pdf', (h) => ascii(h, 0, 5) === '%PDF-'],
  ['zip', (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]) || startsWith(h, [0x50, 0x4b, 0x05, 0x06])],
  ['rar', (h) => ascii(h, 0, 6) === 'Rar!\x1a\x07'],
  ['7z', (h) => startsWith(h, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
  ['gzip', (h) => startsWith(h, [0x1f, 0x8b])],
  ['bzip2', (h) => ascii(h, 0, 3) === 'BZh'],
  ['xz', (h) => startsWith(h, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])],
  ['elf', (h) => startsWith(h, [0x7f, 0x45, 0x4c, 0x46])],
  ['exe', (h) => ascii(h, 0, 2) === 'MZ'],
  ['mach-o', (h) => startsWith(h, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(h, [0xca, 0xfe, 0xba, 0xbe])],
  ['mp3', (h) => ascii(h, 0, 3) === 'ID3' || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0)],
  ['flac', (h) => ascii(h, 0, 4) === 'fLaC'],
  ['ogg', (h) => ascii(h, 0, 4) === 'OggS'],
  ['sqlite', (h) => ascii(h, 0, 15) === 'SQLite format 3'],
];

/** Text: no NUL and nothing but printable ASCII, whitespace or UTF-8 sequences (at least 8 bytes read). */
function isText(header: Uint8Array): boolean {
  if (header.length < 8) return false;
  const text = Buffer.from(header.buffer, header.byteOffset, header.byteLength);
  // A cut-off multi-byte character at the end of the header is still text.
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(text.subarray(0, text.length - 3));
  if (decoded.includes('\uFFFD')) return false;
  for (const code of text.subarray(0, text.length - 3)) {
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
    if (code === 0x7f) return false;
  }
  return true;
}

/**
 * The kind of a known non-video file these first bytes start (e.g. 'png', 'zip', 'text'), or null when
 * they match none: those may be a video (ffprobe decides) or unknown bytes.
 */
export function foreignFileType(header: Uint8Array): string | null {
  for (const [name, test] of FOREIGN) if (test(header)) return name;
  return isText(header) ? 'text' : null;
}
