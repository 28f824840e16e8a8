// The details call (POST /api/video_edit.php, multipart): the form's fields in the order the page has
// always sent them, and any failure of the submit turned into the answer the form shows.
import { ApiError } from '../../lib/api-client.ts';
import type { ServerAnswer, Values } from './upload-state.ts';

/** The upload's id after a tus upload, else the link to import; then the details and the image. */
export function videoEditForm(values: Values, uploadId: string | null, image: File | null): FormData {
  const form = new FormData();
  if (uploadId !== null) form.append('upload_id', uploadId);
  else form.append('link', values.link.trim());
  form.append('title', values.title.trim());
  form.append('description', values.description.trim());
  form.append('gender', values.gender);
  for (const c of values.categories) form.append('categories[]', String(c));
  form.append('visibility', values.visibility);
  form.append('channel', values.channel);
  form.append('exclusive', values.exclusive ? '1' : '0');
  form.append('preview', values.preview);
  if (image) form.append('preview_image', image);
  return form;
}

/**
 * What a failed submit shows. The API's refusal keeps its codes; an answer that was not JSON is
 * `http_{status}`; no answer is `network`; tus rejects with the server's parsed answer already.
 */
export function answerOf(error: unknown): ServerAnswer {
  if (error instanceof ApiError) {
    return { code: error.body ? error.answerCode : error.code, codes: error.codes, info: error.info };
  }
  return typeof error === 'object' && error !== null ? (error as ServerAnswer) : {};
}
