// The staff's work: the moderation queue, reports, DMCA cases, removal requests, appeals and the
// audit log.
import type { ColumnType, Generated } from 'kysely';
import type { VideoStatus } from '../../../contract/catalog.ts';
import type { Id } from './columns.ts';

export interface ReportsTable {
  id: Id;
  subject: string;
  email: string;
  message: string;
  file_key: string | null;
  referrer: string | null;
  user_id: number | null;
  video_id: number | null;
  ip: string | null;
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  resolved_by: number | null;
  /** 0017: when the report left 'open' (null while open). */
  resolved_at: Date | null;
  created_at: Generated<Date>;
  /** 0053: the sender's name (a performer's removal request requires it). */
  reporter_name: string | null;
}

/** 0053: a performer's removal request: the takedown it made and the staff's decision (modules/reports). */
export interface RemovalRequestsTable {
  id: Id;
  report_id: number;
  video_id: number | null;
  uploader_id: number | null;
  state: Generated<'down' | 'confirmed' | 'reinstated'>;
  taken_down: Generated<boolean>;
  previous_status: VideoStatus | null;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Generated<Date>;
}

/** 0053: an uploader's appeal of a rejection or a takedown, and its answer (modules/appeals). */
export interface AppealsTable {
  id: Id;
  video_id: number | null;
  user_id: number;
  kind: 'rejection' | 'dmca' | 'removal';
  decision: string;
  message: string;
  state: Generated<'open' | 'upheld' | 'overturned'>;
  answer: string | null;
  answered_by: number | null;
  answered_at: Date | null;
  created_at: Generated<Date>;
}

/** 0032: a DMCA report the staff work as a case (server/modules/reports/dmca.repository.ts). */
export interface DmcaCasesTable {
  id: Id;
  report_id: number;
  video_id: number | null;
  uploader_id: number | null;
  state: Generated<'open' | 'taken_down' | 'restored' | 'closed'>;
  taken_down: Generated<boolean>;
  previous_status: VideoStatus | null;
  opened_by: number | null;
  opened_at: Generated<Date>;
  taken_down_at: Date | null;
  counter_notice: string | null;
  counter_notice_at: Date | null;
  restored_at: Date | null;
  closed_at: Date | null;
  updated_at: Generated<Date>;
}

/** Migration 0035: one staff action. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: ColumnType<string, string | undefined, string>;
  target_id: ColumnType<string, string | undefined, string>;
  details: ColumnType<unknown, string | undefined, string>;
}

/** One decision of the moderation queue (migration 0014). */
export interface ModerationEventsTable {
  id: Id;
  video_id: number;
  moderator_id: number | null;
  action: 'approve' | 'reject';
  reason: string | null;
  note: string | null;
  created_at: Generated<Date>;
}

export interface ModerationTables {
  reports: ReportsTable;
  dmca_cases: DmcaCasesTable;
  removal_requests: RemovalRequestsTable;
  appeals: AppealsTable;
  moderation_events: ModerationEventsTable;
  audit_log: AuditLogTable;
}
