// The edit page's calls to POST /api/member.php (contract/profile.ts): text sections form-encoded
// through the API client; images as multipart through XMLHttpRequest, the one browser API that reports
// upload progress. Errors come back as ApiError with the spec's shape (field codes on their inputs).
import type { ProfileAnswer } from '../../../contract/profile.ts';
import { PROFILE_PATH, type ProfileSection } from '../../../contract/profile-values.ts';
import { ApiError, type JsonObject, send } from '../../lib/api-client.ts';

/** A text section (everything but the images), form-encoded. */
export async function postProfile(
  section: ProfileSection,
  fields: Record<string, string> = {},
): Promise<ProfileAnswer> {
  const body = new URLSearchParams({ section, ...fields }).toString();
  const answer = await send(PROFILE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return answer as unknown as ProfileAnswer;
}

/** An avatar or cover image, with upload progress in percent. */
export function uploadProfileImage(
  section: 'avatar' | 'cover',
  file: File,
  onProgress: (percent: number) => void,
): Promise<ProfileAnswer> {
  const form = new FormData();
  form.append('section', section);
  form.append(section, file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', PROFILE_PATH);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onload = () => {
      let body: JsonObject | null = null;
      try {
        const parsed: unknown = JSON.parse(xhr.responseText);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as JsonObject;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as unknown as ProfileAnswer);
      else reject(new ApiError(xhr.status, body));
    };
    xhr.send(form);
  });
}
