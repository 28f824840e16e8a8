// Votes (content.md §4, §7, §8): like or dislike a video or a playlist, once. A vote is final: a second
// one, the same or the other way, is `already_voted` (409) — the spec's notice for it, and it keeps the
// batched counters append-only. The rating shown moves when the next batch is flushed (seconds).
import { ACT_CODES, type VoteSection } from '../../../contract/acts.ts';
import { english } from '../../lib/english.ts';
import { conflict, notFound } from './act-errors.ts';
import { type Actor, actingMember } from './actor.ts';
import type { VotesRepository } from './votes.repository.ts';

export function createVotesService(repo: VotesRepository) {
  return {
    /** `video_not_found` / `playlist_not_found` (404) when the member may not see it. */
    async vote(actor: Actor | null, section: VoteSection, objectId: number, vote: 1 | -1) {
      const member = actingMember(actor);
      const result = await repo.cast(member, section, objectId, vote);
      if (!result.found) throw notFound(section);
      if (!result.cast) throw conflict(ACT_CODES.alreadyVoted, english('notify.vote_already_voted'));
      return { ok: true as const };
    },

    /** The member's vote on an object: 1, -1, or null. */
    voteOf: (actor: Actor, section: VoteSection, objectId: number) =>
      repo.voteOf(actor.user_id, section, objectId),
  };
}

export type VotesService = ReturnType<typeof createVotesService>;
