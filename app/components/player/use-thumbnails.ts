// The timeline thumbnails: the WebVTT index the file list names (a media file, not an /api/ call),
// parsed into sprite rectangles for the seek bar's preview.
import { useEffect, useState } from 'react';
import { parseThumbnailVtt, type ThumbCue } from './timeline.ts';

/** None when the video has no sprites or the index fails (logged). */
export function useThumbnails(vttUrl: string | null): ThumbCue[] {
  const [cues, setCues] = useState<ThumbCue[]>([]);
  useEffect(() => {
    if (!vttUrl) return;
    const abort = new AbortController();
    const absolute = new URL(vttUrl, location.href).href;
    fetch(absolute, { signal: abort.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`vtt ${res.status}`))))
      .then((text) => setCues(parseThumbnailVtt(text, absolute)))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn('timeline thumbnails not loaded', error);
      });
    return () => abort.abort();
  }, [vttUrl]);
  return cues;
}
