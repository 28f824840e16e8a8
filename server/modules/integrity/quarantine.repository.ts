// SQL of the quarantine console (issue 31): the quarantined files (migration 0051) with their upload's
// title and uploader, newest first, and one by id.
import type { DB } from '../../db/database.ts';

export interface QuarantineRow {
  id: number;
  video_id: number | null;
  video_title: string | null;
  uploader_id: number | null;
  username: string | null;
  list_name: string;
  kind: 'md5' | 'sha256' | 'phash';
  value: string;
  storage_key: string;
  size_bytes: number | null;
  md5: string | null;
  sha256: string | null;
  created_at: Date;
}

export function createQuarantineRepository(db: DB) {
  const base = () =>
    db
      .selectFrom('quarantined_files as q')
      .leftJoin('videos as v', 'v.id', 'q.video_id')
      .leftJoin('users as u', 'u.id', 'q.uploader_id')
      .select([
        'q.id',
        'q.video_id',
        'v.title as video_title',
        'q.uploader_id',
        'u.username',
        'q.list_name',
        'q.kind',
        'q.value',
        'q.storage_key',
        'q.size_bytes',
        'q.md5',
        'q.sha256',
        'q.created_at',
      ]);
  const row = (r: Record<string, unknown>): QuarantineRow => {
    const q = r as unknown as QuarantineRow;
    return {
      ...q,
      id: Number(q.id),
      video_id: q.video_id === null ? null : Number(q.video_id),
      uploader_id: q.uploader_id === null ? null : Number(q.uploader_id),
      size_bytes: q.size_bytes === null ? null : Number(q.size_bytes),
    };
  };
  return {
    async list(offset: number, limit: number): Promise<{ rows: QuarantineRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        base().orderBy('q.id', 'desc').offset(offset).limit(limit).execute(),
        db
          .selectFrom('quarantined_files')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(row), total: Number(count.n) };
    },
    async get(id: number): Promise<QuarantineRow | null> {
      const found = await base().where('q.id', '=', id).executeTakeFirst();
      return found ? row(found) : null;
    },
  };
}

export type QuarantineRepository = ReturnType<typeof createQuarantineRepository>;
