// Uploads, link imports and the progress the queue handlers report.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** Progress reported by queue handlers (the queue itself is pg-boss, in its own schema). */
export interface JobProgressTable {
  job_id: string;
  name: string;
  singleton_key: string | null;
  percent: number;
  updated_at: Generated<Date>;
}

/** A tus upload in progress and its owner (migration 0013). */
export interface UploadsTable {
  id: string;
  user_id: number;
  file_name: string;
  size_bytes: ColumnType<number, number, number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export type LinkImportState = 'importing' | 'done' | 'failed';

/** A link import and its state; its video waits at status 2 meanwhile (migration 0024). */
export interface LinkImportsTable {
  video_id: number;
  user_id: number;
  link: string;
  state: ColumnType<LinkImportState, LinkImportState | undefined, LinkImportState>;
  error_code: string | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

export interface UploadTables {
  job_progress: JobProgressTable;
  uploads: UploadsTable;
  link_imports: LinkImportsTable;
}
