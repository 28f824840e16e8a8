// The quarantine console (issue 31): files an upload carried that matched a child-protection hash list,
// kept under quarantine/ for the authorities (server/modules/integrity/screening.ts). Administrators
// see the list and one file's facts at /admin/quarantine/ (?quarantine_id=N); the file's content is
// never served to a browser. No zod, no server dependencies (the page imports it).

export const QUARANTINE_PAGE = '/admin/quarantine/';
export const QUARANTINE_PAGE_SIZE = 50;

export interface QuarantineItem {
  quarantine_id: number;
  /** The rejected upload (null once its row is gone: the video was deleted). */
  video_id: number | null;
  video_title: string | null;
  uploader: { user_id: number; username: string } | null;
  list_name: string;
  /** Which kind of hash matched, and the listed value. */
  kind: 'md5' | 'sha256' | 'phash';
  value: string;
  /** Where the file lies in the media storage (text only: never a link). */
  storage_key: string;
  size_bytes: number | null;
  md5: string | null;
  sha256: string | null;
  created_at: string;
}

export interface QuarantineList {
  items: QuarantineItem[];
  total_count: number;
  page: number;
  per_page: number;
}

export const quarantineItemPath = (id: number) => `${QUARANTINE_PAGE}?quarantine_id=${id}`;
