// Members and their sign-in: accounts, sessions, e-mail changes, UK age verification.
import type { ColumnType, Generated } from 'kysely';
import type { Role } from '../../../contract/accounts.ts';
import type { UserStatus } from '../../../contract/admin-users.ts';
import type { Counter, Id, Timestamp } from './columns.ts';

export interface UsersTable {
  id: Id;
  username: string;
  email: string;
  password_hash: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  status: ColumnType<UserStatus, string | undefined, string>;
  email_confirmed_at: Timestamp | null;
  avatar: string | null;
  cover: string | null;
  gender: number | null;
  birth_date: string | null;
  country: string | null;
  relationship: number | null;
  orientation: number | null;
  education: string | null;
  website: string | null;
  about_me: string | null;
  age_verified: Generated<boolean>;
  google_sub: string | null;
  videos_count: Counter;
  subscribers_count: Counter;
  comments_count: Counter;
  profile_viewed: Counter;
  created_at: Generated<Date>;
  last_login_at: Timestamp | null;
  /** Migration 0039: the ban a member is told of at sign-in; banned_until null = permanent. */
  ban_reason: string | null;
  banned_until: Timestamp | null;
  banned_at: Timestamp | null;
  banned_by: number | null;
  /** Migration 0041: the language of the sign-up (a site code), for later account mails. */
  language: string | null;
  /** Migration 0052: a staff member who may read performer records (the 2257 custodian). */
  records_custodian: Generated<boolean>;
  /**
   * Migration 0059: the member's unread messages, kept by triggers on messages (never written here); the
   * session lookup reads it with the row, so a member's page needs no count of its own.
   */
  unread_messages: Counter;
}

/** Migration 0022: an e-mail change waiting for its confirmation link (one per member). */
export interface EmailChangesTable {
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

/** 0031: UK age verification (modules/age-verification): a photo waiting for review, or a decision. */
export interface AgeVerificationsTable {
  id: Id;
  user_id: number;
  provider: string;
  status: ColumnType<'pending' | 'approved' | 'rejected', string | undefined, string>;
  photo_key: string | null;
  reason: string | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface AccountsTables {
  users: UsersTable;
  sessions: SessionsTable;
  email_changes: EmailChangesTable;
  age_verifications: AgeVerificationsTable;
}
