import { describe, expect, it } from 'vitest';
import { foreignFileType } from './file-signature.ts';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('foreignFileType', () => {
  it('names pictures, archives, documents, programs and audio by their first bytes', () => {
    expect(foreignFileType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(foreignFileType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(foreignFileType(bytes('GIF89a'))).toBe('gif');
    expect(foreignFileType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(foreignFileType(bytes('%PDF-1.4'))).toBe('pdf');
    expect(foreignFileType(bytes('PK', [3, 4]))).toBe('zip');
    expect(foreignFileType(bytes('MZ', [0x90, 0]))).toBe('exe');
    expect(foreignFileType(bytes([0x7f], 'ELF', [2, 1]))).toBe('elf');
    expect(foreignFileType(bytes('ID3', [4, 0]))).toBe('mp3');
    expect(foreignFileType(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe('heic/avif');
  });

  it('calls plain and UTF-8 text text', () => {
    expect(foreignFileType(bytes('<!doctype html><html>'))).toBe('text');
    expect(foreignFileType(new TextEncoder().encode('Grüße aus Köln, ça va? こんにちは'))).toBe('text');
  });

  it('leaves the video containers and unknown bytes to ffprobe', () => {
    expect(foreignFileType(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBeNull();
    expect(foreignFileType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBeNull();
    expect(foreignFileType(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBeNull();
    expect(foreignFileType(bytes('FLV', [1, 5, 0, 0, 0, 9]))).toBeNull();
    expect(foreignFileType(bytes([0x47, 0x40, 0x00, 0x10, 0x00, 0x00, 0xb0, 0x0d]))).toBeNull();
    expect(foreignFileType(new Uint8Array(512).map((_, i) => (i * 197 + 89) % 251))).toBeNull();
  });
});
