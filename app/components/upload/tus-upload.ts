// The file's way to the server: tus (resumable, TUS_PATH), through tus-js-client loaded only when a
// file is sent. An earlier interrupted upload of the same file resumes (fingerprint in localStorage).
import { TUS_PATH } from '../../../contract/upload-values.ts';
import type { ServerAnswer } from './upload-state.ts';

type TusError = Error & {
  originalResponse?: { getBody(): string; getStatus(): number } | null;
};

/** Resolves the upload's id; rejects with the server's answer (or `network`) when it is refused. */
export async function sendFile(
  file: File,
  onProgress: (sent: number, total: number) => void,
): Promise<string> {
  const tus = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: TUS_PATH,
      metadata: { filename: file.name, filetype: file.type },
      chunkSize: 64 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      onProgress,
      onSuccess: () => resolve((upload.url ?? '').split('/').pop() ?? ''),
      onError: (error) => {
        const body = (error as TusError).originalResponse?.getBody();
        try {
          reject(JSON.parse(body ?? '') as ServerAnswer);
        } catch {
          reject({ code: 'network' } satisfies ServerAnswer);
        }
      },
      // A refused create (name, size) is final: no retries.
      onShouldRetry: (error) => {
        const status = (error as TusError).originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
    });
    upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    }, reject);
  });
}
