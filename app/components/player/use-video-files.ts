// The player's file list: GET /api/videofile.php (contract/videofile.ts) through the API client.
import { useCallback, useEffect, useState } from 'react';
import type { VideoFileResponse } from '../../../contract/videofile.ts';
import { getVideoFiles } from '../../lib/api-client.ts';

/** The player is created only when the call succeeds (§4); a failure is logged and can be retried. */
export function useVideoFiles(videoId: number) {
  const [attempt, setAttempt] = useState(0);
  const [files, setFiles] = useState<VideoFileResponse | null>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) calls again.
  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    getVideoFiles(videoId, { signal: abort.signal })
      .then(setFiles)
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
