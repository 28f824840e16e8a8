import { describe, expect, it } from 'vitest';
import { classifyUnreadable, MediaProbeError, mediaProbeArgs, parseMediaProbe } from './probe.ts';

const json = (value: unknown) => JSON.stringify(value);
const videoStream = {
  codec_type: 'video',
  codec_name: 'h264',
  width: 1280,
  height: 720,
  avg_frame_rate: '30000/1001',
};

function failure(stdout: string): string {
  try {
    parseMediaProbe(stdout);
    return 'parsed';
  } catch (error) {
    expect(error).toBeInstanceOf(MediaProbeError);
    return (error as MediaProbeError).code;
  }
}

describe('mediaProbeArgs', () => {
  it('asks for every format and stream field as JSON', () => {
    expect(mediaProbeArgs('/u/x.bin')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '/u/x.bin',
    ]);
  });
});

describe('parseMediaProbe', () => {
  it('reads container, codecs, duration, size and frame rate', () => {
    const stdout = json({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.480000' },
      streams: [videoStream, { codec_type: 'audio', codec_name: 'aac' }],
    });
    expect(parseMediaProbe(stdout)).toEqual({
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      videoCodec: 'h264',
      audioCodec: 'aac',
      durationSeconds: 12.48,
      width: 1280,
      height: 720,
      frameRate: 29.97,
    });
  });

  it('takes the stream duration and r_frame_rate when the container lacks them, and allows no audio', () => {
    const stdout = json({
      format: { format_name: 'matroska,webm' },
      streams: [
        { ...videoStream, codec_name: 'vp9', duration: '3.5', avg_frame_rate: '0/0', r_frame_rate: '25/1' },
      ],
    });
    expect(parseMediaProbe(stdout)).toMatchObject({ durationSeconds: 3.5, frameRate: 25, audioCodec: null });
  });

  it('calls audio, audio with cover art, and pictures not a video', () => {
    const audio = { codec_type: 'audio', codec_name: 'mp3' };
    expect(failure(json({ format: { format_name: 'mp3', duration: '3' }, streams: [audio] }))).toBe(
      'not_a_video',
    );
    const cover = { ...videoStream, codec_name: 'mjpeg', disposition: { attached_pic: 1 } };
    expect(failure(json({ format: { format_name: 'mp3', duration: '3' }, streams: [audio, cover] }))).toBe(
      'not_a_video',
    );
    const jpeg = { ...videoStream, codec_name: 'mjpeg' };
    expect(failure(json({ format: { format_name: 'image2' }, streams: [jpeg] }))).toBe('not_a_video');
    expect(failure(json({ format: { format_name: 'png_pipe' }, streams: [jpeg] }))).toBe('not_a_video');
    expect(failure(json({ format: { format_name: 'gif', duration: '2' }, streams: [jpeg] }))).toBe(
      'not_a_video',
    );
  });

  it('calls a video without duration or size damaged', () => {
    expect(failure(json({ format: { format_name: 'avi' }, streams: [videoStream] }))).toBe('damaged');
    expect(failure(json({ format: { format_name: 'avi', duration: '0' }, streams: [videoStream] }))).toBe(
      'damaged',
    );
    const sizeless = { codec_type: 'video', codec_name: 'h264' };
    expect(failure(json({ format: { format_name: 'avi', duration: '4' }, streams: [sizeless] }))).toBe(
      'damaged',
    );
    expect(failure('not json')).toBe('damaged');
  });
});

describe('classifyUnreadable', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

  it('knows the containers of the allowed types by their first bytes', () => {
    expect(classifyUnreadable(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe('damaged');
    expect(classifyUnreadable(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe('damaged');
    expect(classifyUnreadable(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBe('damaged');
    expect(classifyUnreadable(bytes('FLV', [1]))).toBe('damaged');
    expect(classifyUnreadable(bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6]))).toBe('damaged');
    expect(classifyUnreadable(bytes([0, 0, 1, 0xba, 0x44]))).toBe('damaged');
    expect(classifyUnreadable(bytes('.RMF', [0, 0]))).toBe('damaged');
  });

  it('calls anything else not a video', () => {
    expect(classifyUnreadable(bytes('hello, this is text'))).toBe('not_a_video');
    expect(classifyUnreadable(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe('not_a_video');
    expect(classifyUnreadable(bytes('%PDF-1.7'))).toBe('not_a_video');
    expect(classifyUnreadable(new Uint8Array())).toBe('not_a_video');
    expect(classifyUnreadable(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('not_a_video');
    expect(classifyUnreadable(bytes('PK', [3, 4, 20, 0]))).toBe('not_a_video');
    expect(classifyUnreadable(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBe('not_a_video');
  });

  it('calls unknown bytes under a video name a damaged video, not another type', () => {
    // A fixed pseudo-random block (no known signature, not text).
    const noise = new Uint8Array(512).map((_, i) => (i * 197 + 89) % 251);
    expect(classifyUnreadable(noise)).toBe('damaged');
  });
});
