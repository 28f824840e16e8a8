// Who may do what: the one module every service and route asks (roles of contract/accounts.ts).
// Guests are asked to sign in (401 login_required), signed-in users without the right are refused
// (403 forbidden, 'You do not have permission to view.').
import type { CurrentUser } from '../../contract/accounts.ts';
import { isModerator } from '../../contract/moderation.ts';
import { forbidden, unauthorized } from '../errors.ts';

type Viewer = CurrentUser | null | undefined;

/** Moderators and administrators: they review and act on any member's content. */
export const isStaff = (user: { role: string } | null | undefined): boolean => isModerator(user);

export function requireMember(user: Viewer): asserts user is CurrentUser {
  if (!user) throw unauthorized();
}

export function requireModerator(user: Viewer): asserts user is CurrentUser {
  requireMember(user);
  if (!isStaff(user)) throw forbidden();
}

export function requireAdministrator(user: Viewer): asserts user is CurrentUser {
  requireMember(user);
  if (user.role !== 'administrator') throw forbidden();
}

/**
 * Who may open a video that is not listed (a private one, or one not yet public): its uploader, and
 * staff. The one rule for its page, its calls and its files.
 */
export function mayOpenUnlisted(user: Viewer, ownerId: number | null): boolean {
  if (!user) return false;
  if (isStaff(user)) return true;
  return ownerId !== null && user.user_id === ownerId;
}
