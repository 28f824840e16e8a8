// Builds the acts' services from the configuration: the comment limiter in process by default, in Redis
// when REDIS_URL is set (shared by every web process), as the accounts' limiters are chosen.
import type { Redis } from 'ioredis';
import { COMMENT_LIMITS, TAG_SUGGESTION_THRESHOLD } from '../../../contract/acts.ts';
import type { DB } from '../../db/database.ts';
import { type ActsService, createActsService } from './acts.service.ts';
import {
  createMemorySlidingLimiter,
  createRedisSlidingLimiter,
  type SlidingLimiter,
} from './comment-limiter.ts';
import { createCommentsRepository } from './comments.repository.ts';
import { type CommentLimits, createCommentsService } from './comments.service.ts';
import { createCountersRepository } from './counters.repository.ts';
import { createListsRepository } from './lists.repository.ts';
import { createListsService } from './lists.service.ts';
import { createPlaylistsRepository } from './playlists.repository.ts';
import { createPlaylistsService } from './playlists.service.ts';
import { createSubscriptionsRepository } from './subscriptions.repository.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';
import { createTagSuggestionsRepository } from './tag-suggestions.repository.ts';
import { createTagSuggestionsService } from './tag-suggestions.service.ts';
import { createVotesRepository } from './votes.repository.ts';
import { createVotesService } from './votes.service.ts';

export interface ActsOptions {
  /** The process's Redis connection (REDIS_URL), shared; null or absent: limits in process. */
  redis?: Redis | null;
  /** Distinct members before a suggested tag joins a video (default TAG_SUGGESTION_THRESHOLD). */
  tagSuggestionThreshold?: number;
  commentLimits?: CommentLimits;
  /** A limiter to use instead of the one the options choose (tests). */
  limiter?: SlidingLimiter;
}

export function createActs(db: DB, options: ActsOptions = {}): ActsService {
  const limiter =
    options.limiter ??
    (options.redis ? createRedisSlidingLimiter(options.redis) : createMemorySlidingLimiter());
  return createActsService({
    lists: createListsService(createListsRepository(db)),
    playlists: createPlaylistsService(createPlaylistsRepository(db)),
    votes: createVotesService(createVotesRepository(db)),
    subscriptions: createSubscriptionsService(createSubscriptionsRepository(db)),
    comments: createCommentsService(
      createCommentsRepository(db),
      limiter,
      options.commentLimits ?? COMMENT_LIMITS,
    ),
    tags: createTagSuggestionsService(
      createTagSuggestionsRepository(db),
      options.tagSuggestionThreshold ?? TAG_SUGGESTION_THRESHOLD,
    ),
    counters: createCountersRepository(db),
    close: () => limiter.close(),
  });
}
