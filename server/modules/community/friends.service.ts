// Friends (issue 14): members ask each other (an optional note), the one asked accepts or declines,
// either ends the friendship; a requester withdraws a pending request with `rem`. Requests do not
// expire (docs/decisions.md). Asking someone who already asked you accepts their request, so two
// members asking each other at once end up friends, whichever insert the database takes first. The
// list of friends is public; the owner alone sees the pending requests both ways.
import {
  COMMUNITY_MAX_COUNT,
  FRIEND_REQUESTS_SHOWN,
  type FriendActInput,
  type FriendActResponse,
  type FriendCard,
  type FriendState,
  type FriendsResponse,
} from '../../../contract/community.ts';
import { type Actor, actingMember, pageWindow } from '../acts/actor.ts';
import { media } from '../catalog/catalog.mappers.ts';
import {
  alreadyFriends,
  cannotFriendYourself,
  friendRequestExists,
  friendRequestNotFound,
  memberNotFound,
  pageNotFound,
} from './community-errors.ts';
import type { FriendRow, FriendsRepository, PairRows } from './friends.repository.ts';

const toCard = (row: FriendRow): FriendCard => ({
  user_id: row.user_id,
  username: row.username,
  avatar: media(row.avatar),
  added_date: row.added_date.toISOString(),
  message: row.message || null,
});

export function stateOf(pair: PairRows): FriendState {
  if (pair.out === 'accepted' || pair.in === 'accepted') return 'friends';
  if (pair.out === 'pending') return 'requested';
  if (pair.in === 'pending') return 'incoming';
  return 'none';
}

/** How often `add` looks again after its insert met a parallel one (a second look always settles it). */
const ADD_ATTEMPTS = 3;

export function createFriendsService(repo: FriendsRepository) {
  const requireMember = async (id: number) => {
    if (!(await repo.memberActive(id))) throw memberNotFound();
  };
  const ok = (state: FriendState): FriendActResponse => ({ ok: true, state });

  async function add(actor: Actor | null, otherId: number, message: string) {
    const { userId } = actingMember(actor);
    if (otherId === userId) throw cannotFriendYourself();
    await requireMember(otherId);
    for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt++) {
      const state = stateOf(await repo.pair(userId, otherId));
      if (state === 'friends') throw alreadyFriends();
      if (state === 'requested') throw friendRequestExists();
      if (state === 'incoming') {
        if (await repo.accept(otherId, userId)) return ok('friends');
        continue; // withdrawn or accepted meanwhile: look again
      }
      if (await repo.request(userId, otherId, message || null)) return ok('requested');
    }
    // Rows kept appearing and vanishing under us: say what is there now.
    const state = stateOf(await repo.pair(userId, otherId));
    if (state === 'friends') throw alreadyFriends();
    throw friendRequestExists();
  }

  async function accept(actor: Actor | null, requesterId: number) {
    const { userId } = actingMember(actor);
    if (requesterId === userId) throw cannotFriendYourself();
    await requireMember(requesterId);
    if (await repo.accept(requesterId, userId)) return ok('friends');
    if (stateOf(await repo.pair(userId, requesterId)) === 'friends') throw alreadyFriends();
    throw friendRequestNotFound();
  }

  async function decline(actor: Actor | null, requesterId: number) {
    const { userId } = actingMember(actor);
    if (requesterId === userId) throw cannotFriendYourself();
    await requireMember(requesterId);
    if (await repo.decline(requesterId, userId)) return ok('none');
    throw friendRequestNotFound();
  }

  async function remove(actor: Actor | null, otherId: number) {
    const { userId } = actingMember(actor);
    if (otherId === userId) throw cannotFriendYourself();
    await requireMember(otherId);
    if (await repo.remove(userId, otherId)) {
      // An incoming request of theirs is untouched by `rem` (that is `decline`).
      return ok(stateOf(await repo.pair(userId, otherId)));
    }
    throw friendRequestNotFound();
  }

  return {
    perform(actor: Actor | null, act: FriendActInput): Promise<FriendActResponse> {
      switch (act.section) {
        case 'add':
          return add(actor, act.object_id, act.message);
        case 'accept':
          return accept(actor, act.object_id);
        case 'decline':
          return decline(actor, act.object_id);
        case 'rem':
          return remove(actor, act.object_id);
      }
    },

    /** The asker's relation to a member (`none` for a guest and for oneself). */
    async state(viewer: Actor | null, memberId: number): Promise<FriendState> {
      if (!viewer || viewer.user_id === memberId) return 'none';
      return stateOf(await repo.pair(viewer.user_id, memberId));
    },

    /** Whether two members are friends (the wall's rule). */
    areFriends: (a: number, b: number) => repo.areFriends(a, b),

    memberActive: (id: number) => repo.memberActive(id),

    /**
     * A page of the member's friends. `viewer` null: the public answer (the same for everyone); the
     * owner also gets their pending requests, another member their relation to the member.
     */
    async page(
      viewer: Actor | null,
      memberId: number,
      page: number,
      count: number,
    ): Promise<FriendsResponse & { page: number }> {
      await requireMember(memberId);
      const { limit, offset } = pageWindow(page, count, COMMUNITY_MAX_COUNT);
      const own = viewer?.user_id === memberId;
      const [list, incoming, outgoing, state] = await Promise.all([
        repo.friends(memberId, limit, offset),
        own ? repo.requests(memberId, 'incoming', FRIEND_REQUESTS_SHOWN) : null,
        own ? repo.requests(memberId, 'outgoing', FRIEND_REQUESTS_SHOWN) : null,
        viewer && !own ? repo.pair(viewer.user_id, memberId).then(stateOf) : null,
      ]);
      if (page > 1 && offset >= list.total) throw pageNotFound();
      return {
        friends: list.rows.map(toCard),
        total_count: list.total,
        requests:
          incoming && outgoing ? { incoming: incoming.map(toCard), outgoing: outgoing.map(toCard) } : null,
        state,
        page,
      };
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
