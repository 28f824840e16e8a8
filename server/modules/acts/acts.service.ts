// Members act on videos (issue 13): the services behind POST /api/input.php's member acts and the reads
// of the member pages, put together. perform() takes an act as the contract parsed it (contract/acts.ts
// memberActSchema) and answers what the act answers; the HTTP layer only validates, calls and renders.
import type { ActResponse, MemberActInput } from '../../../contract/acts.ts';
import type { Actor } from './actor.ts';
import type { CommentsService } from './comments.service.ts';
import type { CountersRepository } from './counters.repository.ts';
import type { ListsService } from './lists.service.ts';
import type { PlaylistsService } from './playlists.service.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';
import type { TagSuggestionsService } from './tag-suggestions.service.ts';
import type { VotesService } from './votes.service.ts';

/** Staged counter events applied per flush statement. */
export const COUNTER_FLUSH_BATCH = 5000;

/** Where a request comes from, as far as the acts care (the comment limit per IP). */
export interface ActContext {
  ip: string;
}

export interface ActsParts {
  lists: ListsService;
  playlists: PlaylistsService;
  votes: VotesService;
  subscriptions: SubscriptionsService;
  comments: CommentsService;
  tags: TagSuggestionsService;
  counters: CountersRepository;
  /** Closes what the parts hold open (the Redis connection of the comment limiter). */
  close?: () => Promise<void>;
}

export function createActsService(parts: ActsParts) {
  const { lists, playlists, votes, subscriptions, comments, tags, counters } = parts;
  let flushing: Promise<{ events: number; objects: number }> | null = null;

  async function runFlush() {
    let events = 0;
    let objects = 0;
    for (;;) {
      const r = await counters.flush(COUNTER_FLUSH_BATCH);
      events += r.events;
      objects += r.objects;
      if (r.events < COUNTER_FLUSH_BATCH) return { events, objects };
    }
  }

  /** One act. Guests are refused with `login_required` (401) by every act. */
  function perform(actor: Actor | null, act: MemberActInput, context: ActContext): Promise<ActResponse> {
    switch (act.act) {
      case 'favourite':
      case 'watch_later':
        return act.section === 'add'
          ? lists.add(actor, act.act, act.video_id)
          : lists.remove(actor, act.act, act.video_id);
      case 'playlist':
        switch (act.section) {
          case 'new':
            return playlists.create(actor, act);
          case 'upd':
            return playlists.update(actor, act.object_id, act);
          case 'add':
            return playlists.addVideo(actor, act.object_id, act.video_id);
          case 'del':
            return playlists.remove(actor, act.object_id);
          case 'rem':
            return playlists.removeVideo(actor, act.object_id, act.video_id);
        }
        break;
      case 'vote':
        return votes.vote(actor, act.section, act.object_id, act.vote);
      case 'subscribe':
        return subscriptions.subscribe(actor, act.section, act.object_id);
      case 'unsubscribe':
        return subscriptions.unsubscribe(actor, act.section, act.object_id);
      case 'comm':
        return act.section === 'video'
          ? comments.add(actor, act.object_id, act.msg, context)
          : comments.remove(actor, act.object_id);
      case 'add_tag':
        return tags.suggest(actor, act.object_id, act.tag);
    }
    // The contract's union is exhaustive; this is for a caller that bypassed it.
    throw new Error(`unhandled act ${(act as { act: string }).act}`);
  }

  return {
    perform,
    lists,
    playlists,
    votes,
    subscriptions,
    comments,
    tags,
    /** Moves staged counter changes into the rows; concurrent calls share one run. */
    flushCounters(): Promise<{ events: number; objects: number }> {
      flushing ??= runFlush().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    pendingCounters: () => counters.pending(),
    close: async () => {
      await parts.close?.();
    },
  };
}

export type ActsService = ReturnType<typeof createActsService>;
