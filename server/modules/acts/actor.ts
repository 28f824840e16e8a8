// Who acts: the signed-in member (contract/accounts.ts CurrentUser fits), or nobody. Every act needs a
// member (content.md §6: guests get the Login modal, the API `login_required`).
import { isStaff } from '../access.ts';
import { loginRequired } from './act-errors.ts';
import type { ActingMember } from './acts-sql.ts';

export interface Actor {
  user_id: number;
  role: string;
}

/** The member behind an act; a guest is refused with `login_required` (401). */
export function actingMember(actor: Actor | null | undefined): ActingMember {
  if (!actor) throw loginRequired();
  return { userId: actor.user_id, staff: isStaff(actor) };
}

/** Page `page` (from 1) of `count` items, `count` kept within 1..max. */
export function pageWindow(page: number, count: number, max: number) {
  const limit = Math.min(Math.max(1, Math.floor(count) || 1), max);
  const current = Math.max(1, Math.floor(page) || 1);
  return { limit, offset: (current - 1) * limit };
}
