// The console's taxonomy calls from the browser (issue 17; contract/admin-taxonomy.ts): create, edit
// and delete a category, tag, model or channel, and set its picture. A refusal is an ApiError with the
// answer's field codes, which the forms show on their inputs.
import {
  type AdminItemOf,
  type ImageKind,
  TAXONOMY_IMAGE_PATH,
  TAXONOMY_PATHS,
  type TaxonomyImageSaved,
  type TaxonomyKind,
  type TaxonomySaved,
} from '../../contract/admin-taxonomy.ts';
import { ApiError, send } from './api-client.ts';

export { ApiError };

/** POST the kind's call as JSON: `{act, id?, move_to?, …fields}`. */
export async function saveTaxonomy<K extends TaxonomyKind>(
  kind: K,
  body: Record<string, unknown>,
): Promise<TaxonomySaved<K>> {
  const answer = await send(TAXONOMY_PATHS[kind], {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer) throw new ApiError(200, null);
  return answer as unknown as TaxonomySaved<K>;
}

/** A new picture (multipart), or none with `remove`. */
export async function saveTaxonomyImage(
  kind: ImageKind,
  id: number,
  file: File | null,
  remove = false,
): Promise<TaxonomyImageSaved> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('id', String(id));
  if (remove) form.append('remove', '1');
  if (file) form.append('file', file);
  const answer = await send(TAXONOMY_IMAGE_PATH, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  });
  if (!answer) throw new ApiError(200, null);
  return answer as unknown as TaxonomyImageSaved;
}

export type { AdminItemOf };
