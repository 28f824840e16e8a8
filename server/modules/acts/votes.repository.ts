// Votes (content.md §7 act=vote): one row per member and object (the votes table's primary key). The
// vote is written with INSERT ... ON CONFLICT DO NOTHING and, in the same statement, its like or dislike
// is staged in counter_events; the object's counters are changed later, in batches (counters.repository.ts),
// so no vote locks the video's or the playlist's row.
import { sql } from 'kysely';
import type { VoteSection } from '../../../contract/acts.ts';
import type { DB } from '../../db/database.ts';
import { type ActingMember, actableVideo, visiblePlaylist } from './acts-sql.ts';

export function createVotesRepository(db: DB) {
  return {
    /** found: the member may see the object; cast: this call recorded the vote. */
    async cast(member: ActingMember, section: VoteSection, objectId: number, vote: 1 | -1) {
      const target =
        section === 'video'
          ? sql`SELECT v.id FROM videos v WHERE v.id = ${objectId} AND ${actableVideo(member)}`
          : sql`SELECT p.id FROM playlists p WHERE p.id = ${objectId} AND ${visiblePlaylist(member.userId)}`;
      const { rows } = await sql<{ found: number; cast: number }>`
        WITH target AS (${target}), ins AS (
          INSERT INTO votes (user_id, section, object_id, vote)
          SELECT ${member.userId}::bigint, ${section}::text, id, ${vote}::smallint FROM target
          ON CONFLICT DO NOTHING RETURNING object_id, vote
        ), staged AS (
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT ${section}::text, object_id, CASE WHEN vote > 0 THEN 'likes' ELSE 'dislikes' END, 1 FROM ins
        )
        SELECT (SELECT count(*) FROM target)::int AS found, (SELECT count(*) FROM ins)::int AS cast`.execute(
        db,
      );
      return { found: Number(rows[0]?.found) > 0, cast: Number(rows[0]?.cast) > 0 };
    },

    async voteOf(userId: number, section: VoteSection, objectId: number): Promise<1 | -1 | null> {
      const row = await db
        .selectFrom('votes')
        .select('vote')
        .where('user_id', '=', userId)
        .where('section', '=', section)
        .where('object_id', '=', objectId)
        .executeTakeFirst();
      return row ? (Number(row.vote) > 0 ? 1 : -1) : null;
    },
  };
}

export type VotesRepository = ReturnType<typeof createVotesRepository>;
