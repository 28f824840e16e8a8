// The Suggest Tag modal's input rules (content.md §5: tag max 69), the same as the server's
// (contract/acts.ts addTagActSchema): the text as it will be stored, and what is wrong with it.
import { normaliseTag, TAG_MAX_LENGTH, TAG_MIN_LENGTH, tagDirOf } from '../../../contract/acts-values.ts';

export type TagInputError =
  | { code: 'required' }
  | { code: 'min_length' | 'max_length'; length: number }
  | { code: 'invalid_tag' };

export function tagInputError(raw: string): TagInputError | null {
  const tag = normaliseTag(raw);
  if (!tag) return { code: 'required' };
  if (tag.length < TAG_MIN_LENGTH) return { code: 'min_length', length: TAG_MIN_LENGTH };
  if (tag.length > TAG_MAX_LENGTH) return { code: 'max_length', length: TAG_MAX_LENGTH };
  if (!tagDirOf(tag)) return { code: 'invalid_tag' };
  return null;
}
