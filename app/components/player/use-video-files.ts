// The player's two reads: the video-file call (GET /api/videofile.php, contract/videofile.ts) and the
// WebVTT index of the timeline thumbnails it names.
import { useCallback, useEffect, useState } from 'react';
import type { VideoFileResponse } from '../../../contract/videofile.ts';
import { parseThumbnailVtt, type ThumbCue } from './timeline.ts';

/** The player is created only when the call succeeds (§4); a failure is logged and can be retried. */
export function useVideoFiles(videoId: number) {
  const [attempt, setAttempt] = useState(0);
  const [files, setFiles] = useState<VideoFileResponse | null>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) calls again.
  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    fetch(`/api/videofile.php?video_id=${videoId}`, { signal: abort.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`videofile ${res.status}`);
        const body = (await res.json()) as VideoFileResponse;
        if (!Array.isArray(body.sources)) throw new Error('videofile: no sources');
        setFiles(body);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn('video files not loaded', error);
        setFailed(true);
      });
    return () => abort.abort();
  }, [videoId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { files, failed, setFailed, retry };
}

/** Timeline thumbnails; none when the video has no sprites or the index fails (logged). */
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
