// The quarantine console's rules (issue 31): administrators only (moderators and members 403, guests
// 401), read only. The files themselves stay in storage for the authorities: nothing here reads or
// serves their content, only what was recorded about them. No HTTP, no SQL.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  QUARANTINE_PAGE_SIZE,
  type QuarantineItem,
  type QuarantineList,
} from '../../../contract/quarantine.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { requireAdministrator } from '../access.ts';
import type { QuarantineRepository, QuarantineRow } from './quarantine.repository.ts';

export interface QuarantineService {
  list(user: CurrentUser | null, page: number): Promise<QuarantineList>;
  /** One quarantined file's facts; 404 `quarantine_not_found`. */
  get(user: CurrentUser | null, id: number): Promise<QuarantineItem>;
}

const item = (r: QuarantineRow): QuarantineItem => ({
  quarantine_id: r.id,
  video_id: r.video_id,
  video_title: r.video_title,
  uploader: r.uploader_id !== null && r.username ? { user_id: r.uploader_id, username: r.username } : null,
  list_name: r.list_name,
  kind: r.kind,
  value: r.value,
  storage_key: r.storage_key,
  size_bytes: r.size_bytes,
  md5: r.md5,
  sha256: r.sha256,
  created_at: new Date(r.created_at).toISOString(),
});

export function createQuarantineService(repo: QuarantineRepository): QuarantineService {
  return {
    async list(user, page) {
      requireAdministrator(user);
      const { rows, total } = await repo.list((page - 1) * QUARANTINE_PAGE_SIZE, QUARANTINE_PAGE_SIZE);
      return { items: rows.map(item), total_count: total, page, per_page: QUARANTINE_PAGE_SIZE };
    },
    async get(user, id) {
      requireAdministrator(user);
      const row = await repo.get(id);
      if (!row) {
        throw new DomainError('quarantine_not_found', {
          status: 404,
          message: english('api.quarantine_not_found'),
        });
      }
      return item(row);
    },
  };
}
