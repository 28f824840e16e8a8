// Tag suggestions (content.md §2 Suggestions modal, §4): a member suggests a tag for a video; it joins
// the video's tags once `threshold` distinct members (TAG_SUGGESTION_THRESHOLD, 3, by default) suggested
// the same normalised tag. The browser thanks them either way ('Thank you for your contribution').
import {
  TAG_MODAL_RANDOM_TAGS,
  TAG_SUGGESTION_THRESHOLD,
  type TagChoicesResponse,
  tagDirOf,
} from '../../../contract/acts.ts';
import { notFound } from './act-errors.ts';
import { type Actor, actingMember } from './actor.ts';
import type { TagSuggestionsRepository } from './tag-suggestions.repository.ts';

export function createTagSuggestionsService(
  repo: TagSuggestionsRepository,
  threshold = TAG_SUGGESTION_THRESHOLD,
) {
  return {
    /** `tag` is the contract's normalised tag (plain, lower case). `video_not_found` (404). */
    async suggest(actor: Actor | null, videoId: number, tag: string) {
      const member = actingMember(actor);
      const result = await repo.suggest(
        member,
        videoId,
        { dir: tagDirOf(tag), title: tag },
        Math.max(1, threshold),
      );
      if (!result.found) throw notFound('video');
      return { ok: true as const, accepted: result.accepted };
    },

    /** GET /api/tags.php: up to 20 tags containing `q`, or 20 random ones without it. */
    async choices(q: string | undefined): Promise<TagChoicesResponse> {
      const rows = await repo.choices((q ?? '').trim().toLowerCase(), TAG_MODAL_RANDOM_TAGS);
      return { tags: rows.map((r) => ({ tag_id: Number(r.id), title: r.title, dir: r.dir })) };
    },
  };
}

export type TagSuggestionsService = ReturnType<typeof createTagSuggestionsService>;
