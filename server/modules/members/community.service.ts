// The community (issue 14; content.md §2, §3, §9): the members listing behind /community/{sort}/{page}/
// and the subscriptions feed. Rules here: active accounts only (the repository's condition), 96 a page,
// page 1 of an empty list is an empty list while a later page past the last is 404 `not_found`; the feed
// is its member's alone (a guest 401 login_required, anyone else, staff included, 403 forbidden).
import type { VideoCard } from '../../../contract/catalog.ts';
import {
  COMMUNITY_PAGE_SIZE,
  FEED_MAX_COUNT,
  type MemberCard,
  type MemberFilters,
  type MemberSort,
  type MembersResponse,
} from '../../../contract/community-list.ts';
import { MEMBER_CODES } from '../../../contract/members.ts';
import { DomainError, forbidden, unauthorized } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { Actor } from '../acts/actor.ts';
import { media, toCard } from '../catalog/catalog.mappers.ts';
import { ageOf } from '../catalog/objects.mappers.ts';
import type { CommunityListRepository, CommunityRow } from './community.repository.ts';

const pageNotFound = () =>
  new DomainError(MEMBER_CODES.pageNotFound, { status: 404, message: english('notfound.title') });

export interface SubscriptionFeedPage {
  videos: VideoCard[];
  total_count: number;
  page: number;
}

function toMemberCard(row: CommunityRow): MemberCard {
  return {
    user_id: row.id,
    username: row.username,
    avatar: media(row.avatar),
    country: row.country ? row.country.trim().toLowerCase() : null,
    gender: row.gender,
    age: row.birth_date ? ageOf(row.birth_date) : null,
    added_date: row.created_at.toISOString(),
    last_upload: row.last_upload ? row.last_upload.toISOString() : null,
    statistics: {
      videos: row.videos,
      viewed: row.viewed,
      subscribers: row.subscribers_count,
      subscriptions: row.subscriptions,
      comments: row.comments_count,
    },
  };
}

export function createCommunityListService(repo: CommunityListRepository) {
  return {
    /** One page of the members listing (public: the same for everyone). */
    async members(
      sort: MemberSort,
      filters: MemberFilters,
      page: number,
      count: number = COMMUNITY_PAGE_SIZE,
    ): Promise<MembersResponse> {
      const limit = Math.min(Math.max(1, count), COMMUNITY_PAGE_SIZE);
      const offset = (page - 1) * limit;
      const [rows, total] = await Promise.all([repo.page(sort, filters, limit, offset), repo.count(filters)]);
      if (page > 1 && offset >= total) throw pageNotFound();
      return { members: rows.map(toMemberCard), total_count: total };
    },

    /** The countries active members gave (the filter form's choices), lower case. */
    countries(): Promise<string[]> {
      return repo.countries();
    },

    /** The newest videos of what `memberId` follows: `viewer` must be that member. */
    async feed(
      viewer: Actor | null,
      memberId: number,
      page: number,
      count: number,
    ): Promise<SubscriptionFeedPage> {
      if (!viewer) throw unauthorized();
      if (viewer.user_id !== memberId) throw forbidden();
      const limit = Math.min(Math.max(1, count), FEED_MAX_COUNT);
      const offset = (page - 1) * limit;
      const { rows, total } = await repo.feed(memberId, limit, offset);
      if (page > 1 && offset >= total) throw pageNotFound();
      return { videos: rows.map(toCard), total_count: total, page };
    },
  };
}

export type CommunityListService = ReturnType<typeof createCommunityListService>;
