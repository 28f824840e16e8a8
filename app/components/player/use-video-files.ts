// The player's file list: GET /api/videofile.php (contract/videofile.ts) through the API client.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoFileResponse } from '../../../contract/videofile.ts';
import { getVideoFiles } from '../../lib/api-client.ts';

/** The UK gate's share of the files (components/watch/uk-media.ts): none, or with the page's pass. */
export interface FilesAccess {
  gated: boolean;
  pass: string | null;
}

/**
 * The player is created only when the call succeeds (§4); a failure is logged and can be retried.
 * While the UK gate is shown, nothing is asked for (the server would refuse it).
 */
export function useVideoFiles(videoId: number, access?: FilesAccess) {
  const gated = access?.gated === true;
  // Each loader run signs a new pass: a revalidation (a vote, a comment) must not reload the files.
  const pass = useRef(access?.pass ?? null);
  pass.current ??= access?.pass ?? null;
  const [attempt, setAttempt] = useState(0);
  const [files, setFiles] = useState<VideoFileResponse | null>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) calls again.
  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    if (gated) {
      setFiles(null);
      return () => abort.abort();
    }
    getVideoFiles(videoId, { signal: abort.signal, pass: pass.current })
      .then(setFiles)
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn('video files not loaded', error);
        setFailed(true);
      });
    return () => abort.abort();
  }, [videoId, attempt, gated]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { files, failed, setFailed, retry };
}
