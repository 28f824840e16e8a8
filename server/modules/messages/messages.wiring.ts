// Builds the messages' service from the configuration: the send limiter in process by default, in Redis
// when REDIS_URL is set (shared by every web process; its own key prefix beside the comments' limits).
import type { Redis } from 'ioredis';
import { MESSAGE_LIMITS, type MessageLimit } from '../../../contract/messages.ts';
import type { DB } from '../../db/database.ts';
import {
  createMemorySlidingLimiter,
  createRedisSlidingLimiter,
  type SlidingLimiter,
} from '../acts/comment-limiter.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { createMessagesService, type MessagesService } from './messages.service.ts';

export const MESSAGE_LIMIT_PREFIX = 'limit:message:';

export interface MessagesOptions {
  /** The process's Redis connection (REDIS_URL), shared; null or absent: limits in process. */
  redis?: Redis | null;
  limits?: readonly MessageLimit[];
  /** A limiter to use instead of the one the options choose (tests). */
  limiter?: SlidingLimiter;
}

export function createMessages(db: DB, options: MessagesOptions = {}): MessagesService {
  const limiter =
    options.limiter ??
    (options.redis
      ? createRedisSlidingLimiter(options.redis, { prefix: MESSAGE_LIMIT_PREFIX })
      : createMemorySlidingLimiter());
  return createMessagesService(createMessagesRepository(db), limiter, options.limits ?? MESSAGE_LIMITS);
}
