// Friends and the wall (issue 14), put together once per process by app-services.ts: the wall's post
// limiter in process by default, in Redis when REDIS_URL is set (shared by every web process, its own
// key prefix), as the comment limiter is chosen.
import type { Redis } from 'ioredis';
import type { CommunityActInput } from '../../../contract/community.ts';
import type { DB } from '../../db/database.ts';
import type { Actor } from '../acts/actor.ts';
import {
  createMemorySlidingLimiter,
  createRedisSlidingLimiter,
  type SlidingLimiter,
} from '../acts/comment-limiter.ts';
import { createFriendsRepository } from './friends.repository.ts';
import { createFriendsService } from './friends.service.ts';
import { createWallRepository } from './wall.repository.ts';
import { createWallService, type WallLimits } from './wall.service.ts';

/** The wall's keys in Redis, apart from the comments' (limit:comment:). */
export const WALL_LIMIT_PREFIX = 'limit:wall:';

export interface SocialOptions {
  redis?: Redis | null;
  wallLimits?: WallLimits;
  /** A limiter to use instead of the one the options choose (tests). */
  limiter?: SlidingLimiter;
}

export function createSocial(db: DB, options: SocialOptions = {}) {
  const limiter =
    options.limiter ??
    (options.redis
      ? createRedisSlidingLimiter(options.redis, { prefix: WALL_LIMIT_PREFIX })
      : createMemorySlidingLimiter());
  const friends = createFriendsService(createFriendsRepository(db));
  const wall = createWallService(createWallRepository(db), friends, limiter, options.wallLimits);
  return {
    friends,
    wall,
    /** One act of POST /api/input.php (`friend` or `wall`), as the contract parsed it. */
    perform(actor: Actor | null, act: CommunityActInput, context: { ip: string }) {
      if (act.act === 'friend') return friends.perform(actor, act);
      return act.section === 'add'
        ? wall.add(actor, act.object_id, act.msg, context)
        : wall.remove(actor, act.object_id);
    },
    close: () => limiter.close(),
  };
}

export type SocialService = ReturnType<typeof createSocial>;
