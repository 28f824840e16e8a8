// The pure upload rules: allowed containers by ffprobe's demuxer names, file names, dir slugs.
import { describe, expect, it } from 'vitest';
import { isValidFileName } from '../../../contract/upload.ts';
import { parseUploadMetadata } from '../../http/upload-tus.routes.ts';
import { containerExtension, dirFromTitle, minimumSeconds, uploadMessage } from './upload.rules.ts';

describe('upload rules', () => {
  it('maps the probed container to a stored extension, refusing what is not in the allowed list', () => {
    expect(containerExtension('mov,mp4,m4a,3gp,3g2,mj2')).toBe('mp4');
    expect(containerExtension('matroska,webm')).toBe('mkv');
    expect(containerExtension('asf')).toBe('wmv');
    expect(containerExtension('mpegts')).toBe('ts');
    expect(containerExtension('mpeg')).toBe('mpg');
    expect(containerExtension('avi')).toBe('avi');
    expect(containerExtension('flv')).toBe('flv');
    expect(containerExtension('wav')).toBeNull();
    expect(containerExtension('gif')).toBeNull();
    expect(containerExtension('image2')).toBeNull();
  });

  it('allows latin letters and numbers in file names (with - _ and the extension dot)', () => {
    for (const ok of ['clip.mp4', 'Clip01.MKV', 'my-video_2.webm', 'noext'])
      expect(isValidFileName(ok)).toBe(true);
    for (const bad of [
      '',
      'clip name.mp4',
      'видео.mp4',
      '../clip.mp4',
      '.hidden',
      'a.b.mp4',
      'clip.mp4 ',
      'x/y.mp4',
    ])
      expect(isValidFileName(bad)).toBe(false);
  });

  it('needs 6 minutes for exclusive videos and 10 for the rest', () => {
    expect(minimumSeconds(true)).toBe(360);
    expect(minimumSeconds(false)).toBe(600);
  });

  it('makes a dir from the title in latin letters and numbers', () => {
    expect(dirFromTitle('Second pattern, 1080p!')).toBe('second-pattern-1080p');
    expect(dirFromTitle('Café à la plage')).toBe('cafe-a-la-plage');
    expect(dirFromTitle('Видео')).toBe('video');
  });

  it('reads tus Upload-Metadata and words the error codes as the spec does', () => {
    const meta = parseUploadMetadata(`filename ${Buffer.from('a.mp4').toString('base64')},is_confidential`);
    expect(meta.get('filename')).toBe('a.mp4');
    expect(meta.get('is_confidential')).toBe('');
    expect(uploadMessage('required')).toBe('This field is required');
    expect(uploadMessage('preview_upload_error')).toBe('Error uploading preview');
    expect(uploadMessage('file_damaged')).toBe(
      'Error [file_damaged] uploading video to the site, please contact support',
    );
  });
});
