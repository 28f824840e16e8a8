// Builds the members' service on the process's database and the acts' services (one pool, one set of
// acts rules): app-services.ts calls it once.
import type { DB } from '../../db/database.ts';
import { createCommunityListRepository } from './community.repository.ts';
import { type CommunityListService, createCommunityListService } from './community.service.ts';
import { createMembersRepository } from './members.repository.ts';
import { createMembersService, type MemberActs, type MembersService } from './members.service.ts';

export function createMembers(db: DB, acts: MemberActs): MembersService {
  return createMembersService(createMembersRepository(db), acts);
}

/** The community listing and the subscriptions feed. */
export function createCommunityList(db: DB): CommunityListService {
  return createCommunityListService(createCommunityListRepository(db));
}
