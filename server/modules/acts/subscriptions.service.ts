// Subscriptions (content.md §6, §7): a member follows a model, a channel or another member, and can
// stop. Not to yourself (`cannot_subscribe_yourself`, 400); twice is `already_subscribed` (409);
// unsubscribing from what one does not follow is not an error. Subscriber counts are batched counters.
import { ACT_CODES, type SubscribeSection, type SubscriptionsResponse } from '../../../contract/acts.ts';
import { english } from '../../lib/english.ts';
import { media } from '../catalog/catalog.mappers.ts';
import { cannotSubscribeYourself, conflict, notFound } from './act-errors.ts';
import { type Actor, actingMember, pageWindow } from './actor.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';

export const SUBSCRIPTIONS_MAX_COUNT = 100;

export function createSubscriptionsService(repo: SubscriptionsRepository) {
  return {
    /** `model_not_found` / `channel_not_found` / `member_not_found` (404) for an unknown object. */
    async subscribe(actor: Actor | null, section: SubscribeSection, objectId: number) {
      const member = actingMember(actor);
      if (section === 'member' && objectId === member.userId) throw cannotSubscribeYourself();
      const result = await repo.subscribe(member.userId, section, objectId);
      if (!result.found) throw notFound(section);
      if (!result.added)
        throw conflict(ACT_CODES.alreadySubscribed, english('notify.subscribe_already_subscribed'));
      return { ok: true as const };
    },

    async unsubscribe(actor: Actor | null, section: SubscribeSection, objectId: number) {
      const member = actingMember(actor);
      await repo.unsubscribe(member.userId, section, objectId);
      return { ok: true as const };
    },

    /** For the subscribe buttons: does the member follow it, and how many do. */
    async state(actor: Actor | null, section: SubscribeSection, objectId: number) {
      const state = await repo.state(actor?.user_id ?? null, section, objectId);
      if (state === null) throw notFound(section);
      return state;
    },

    /** A member's subscriptions page (public, like the profile's other sections), newest first. */
    async ofMember(memberId: number, page: number, count: number): Promise<SubscriptionsResponse> {
      const { limit, offset } = pageWindow(page, count, SUBSCRIPTIONS_MAX_COUNT);
      const { rows, total } = await repo.ofMember(memberId, limit, offset);
      return {
        subscriptions: rows.map((r) => ({
          section: r.section,
          object_id: Number(r.object_id),
          dir: r.dir,
          title: r.title,
          img: media(r.img),
          subscribers: Number(r.subscribers),
          added_date: new Date(r.created_at).toISOString(),
        })),
        total_count: total,
      };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
