import { describe, expect, it } from 'vitest';
import { pickMediaFile } from './vast.ts';

const mp4 = (mime: string) => mime === 'video/mp4';

describe('pickMediaFile', () => {
  it('takes a progressive file the browser plays, the closest to the player width', () => {
    const files = [
      {
        fileURL: 'https://ads.test/1920.mp4',
        mimeType: 'video/mp4',
        deliveryType: 'progressive',
        width: 1920,
      },
      { fileURL: 'https://ads.test/640.mp4', mimeType: 'video/mp4', deliveryType: 'progressive', width: 640 },
      {
        fileURL: 'https://ads.test/854.webm',
        mimeType: 'video/webm',
        deliveryType: 'progressive',
        width: 854,
      },
    ];
    expect(pickMediaFile(files, mp4, 800)).toBe('https://ads.test/640.mp4');
    expect(pickMediaFile(files, mp4, 1600)).toBe('https://ads.test/1920.mp4');
    expect(pickMediaFile(files, () => true, 800)).toBe('https://ads.test/854.webm');
  });

  it('skips streaming files, VPAID, other schemes and files the browser cannot play', () => {
    expect(
      pickMediaFile(
        [
          {
            fileURL: 'https://ads.test/a.m3u8',
            mimeType: 'video/mp4',
            deliveryType: 'streaming',
            width: 640,
          },
          { fileURL: 'https://ads.test/vpaid.js', mimeType: 'video/mp4', apiFramework: 'VPAID', width: 640 },
          { fileURL: 'javascript:alert(1)', mimeType: 'video/mp4', width: 640 },
          { fileURL: 'https://ads.test/a.flv', mimeType: 'video/x-flv', width: 640 },
          { fileURL: null, mimeType: 'video/mp4' },
        ],
        mp4,
        640,
      ),
    ).toBeNull();
    expect(pickMediaFile([{ fileURL: '  https://ads.test/b.mp4\n', mimeType: 'VIDEO/MP4' }], mp4, 640)).toBe(
      'https://ads.test/b.mp4',
    );
  });
});
