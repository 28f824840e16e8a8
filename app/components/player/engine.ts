// What feeds the <video>: progressive MP4 renditions, or HLS (above 1800 s) through hls.js, loaded
// with a dynamic import only then so that the page's first-load JavaScript stays small.
import type { VideoFileResponse, VideoSource } from '../../../contract/videofile.ts';
import { pickSource, wantsHls } from './timeline.ts';

export interface Quality {
  id: string;
  label: string;
}

export interface Engine {
  kind: 'mp4' | 'hls' | 'native-hls';
  qualities: Quality[];
  current: string;
  setQuality(id: string): void;
  destroy(): void;
}

export const AUTO = 'auto';

function mp4Engine(
  video: HTMLVideoElement,
  sources: VideoSource[],
  neededHeight: number,
  onChange: () => void,
): Engine {
  const first = pickSource(sources, neededHeight);
  const engine: Engine = {
    kind: 'mp4',
    qualities: sources.map((s) => ({ id: s.format, label: s.format })),
    current: first?.format ?? '',
    setQuality(id) {
      const next = sources.find((s) => s.format === id);
      if (!next || id === engine.current) return;
      // Same moment, same play state: a new src resets both.
      const at = video.currentTime;
      const wasPlaying = !video.paused && !video.ended;
      engine.current = id;
      video.src = next.video_url;
      video.addEventListener(
        'loadedmetadata',
        () => {
          video.currentTime = at;
          if (wasPlaying) video.play().catch(() => undefined);
        },
        { once: true },
      );
      onChange();
    },
    destroy() {
      video.removeAttribute('src');
      video.load();
    },
  };
  if (first) video.src = first.video_url;
  return engine;
}

/**
 * HLS when the video is long enough and has a master playlist: hls.js where Media Source works
 * (checked first: Chromium answers "maybe" to canPlayType for HLS, NOTES.md), else native HLS
 * (Safari, "probably"/"maybe" there too), else the MP4 renditions.
 */
export async function createEngine(
  video: HTMLVideoElement,
  files: VideoFileResponse,
  neededHeight: number,
  onChange: () => void,
): Promise<Engine> {
  if (wantsHls(files.duration, files.hls_url)) {
    const hlsUrl = files.hls_url;
    const { default: Hls } = await import('hls.js');
    if (Hls.isSupported()) {
      // Like the MP4's preload="metadata": the playlists now, the segments from the first play or seek
      // (issue 29: a phone that opens the page without playing spent ~4 MB and its main thread on them).
      const hls = new Hls({ capLevelToPlayerSize: true, autoStartLoad: false });
      const start = () => {
        video.removeEventListener('play', start);
        video.removeEventListener('seeking', start);
        hls.startLoad(video.currentTime > 0 ? video.currentTime : -1);
      };
      video.addEventListener('play', start);
      video.addEventListener('seeking', start);
      const engine: Engine = {
        kind: 'hls',
        qualities: [{ id: AUTO, label: AUTO }],
        current: AUTO,
        setQuality(id) {
          engine.current = id;
          hls.currentLevel = id === AUTO ? -1 : Number(id);
          onChange();
        },
        destroy() {
          video.removeEventListener('play', start);
          video.removeEventListener('seeking', start);
          hls.destroy();
        },
      };
      hls.on(Hls.Events.MANIFEST_PARSED, () => {
        engine.qualities = [
          { id: AUTO, label: AUTO },
          ...hls.levels
            .map((level, index) => ({ id: String(index), label: `${level.height}p`, height: level.height }))
            .sort((a, b) => b.height - a.height)
            .map(({ id, label }) => ({ id, label })),
        ];
        onChange();
      });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) console.warn('hls error', data.type, data.details);
      });
      hls.loadSource(hlsUrl);
      hls.attachMedia(video);
      return engine;
    }
    if (files.sources.length === 0 && video.canPlayType('application/vnd.apple.mpegurl') !== '') {
      video.src = hlsUrl;
      return { kind: 'native-hls', qualities: [], current: '', setQuality() {}, destroy() {} };
    }
    if (video.canPlayType('application/vnd.apple.mpegurl') === 'probably') {
      video.src = hlsUrl;
      return { kind: 'native-hls', qualities: [], current: '', setQuality() {}, destroy() {} };
    }
  }
  return mp4Engine(video, files.sources, neededHeight, onChange);
}
