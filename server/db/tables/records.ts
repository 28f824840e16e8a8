// Performer records (2257, modules/records): what a video requires, its performers, the retention ledger.
import type { ColumnType, Generated } from 'kysely';
import type { Id, Timestamp } from './columns.ts';

/** 0052: a video whose performer records are required (modules/records); approval waits for 'checked'. */
export interface VideoRecordsTable {
  video_id: number;
  status: ColumnType<'pending' | 'checked' | 'rejected', string | undefined, string>;
  recorded_on: ColumnType<string | null, string | null | undefined, string | null>;
  submitted_at: Timestamp | null;
  checked_by: number | null;
  checked_at: Timestamp | null;
  reason: string | null;
  created_at: Generated<Date>;
}

/** 0052: one performer of a video: the stage name and the sealed ID image and consent in storage. */
export interface VideoPerformersTable {
  id: Id;
  video_id: number;
  position: number;
  model_id: number | null;
  stage_name: string;
  id_image_key: string;
  consent_key: string;
  created_at: Generated<Date>;
}

/** 0057: the performer records' retention ledger (issue 31; modules/records/records-retention.job.ts). */
export interface RecordsRetentionTable {
  video_id: number;
  last_published_at: Timestamp | null;
  ended_at: Timestamp | null;
  purged_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface RecordsTables {
  video_records: VideoRecordsTable;
  video_performers: VideoPerformersTable;
  records_retention: RecordsRetentionTable;
}
