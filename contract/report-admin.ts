// The staff view of the contact/report form: GET/POST /api/admin/reports.php and the /admin/reports/
// page. Types, limits and the input checks, shared by the server route, the page and the tests; no
// server dependencies (the page imports it).

export const REPORT_LIST_STATUSES = ['open', 'handled'] as const;

import type { FieldError } from './errors.ts';

export type { FieldError } from './errors.ts';
export type ReportListStatus = (typeof REPORT_LIST_STATUSES)[number];

export const REPORT_ADMIN_ACTIONS = ['handle', 'reopen'] as const;
export type ReportAdminAction = (typeof REPORT_ADMIN_ACTIONS)[number];

/** Reports per page of either list. */
export const REPORTS_PAGE_SIZE = 20;
/** The last page number accepted (as the moderation queue). */
export const REPORTS_MAX_PAGE = 1000;

export interface ReportListQuery {
  status: ReportListStatus;
  page: number;
}

export interface ReportAdminCommand {
  act: ReportAdminAction;
  reportId: number;
}

export interface AdminReport {
  report_id: number;
  subject: string;
  email: string;
  message: string;
  referrer: string | null;
  /** The video of the referrer, when the report was sent from one of its pages. */
  video: { video_id: number; title: string; dir: string } | null;
  /** The attached image's URL (/media/reports/…, staff only), or null. */
  attachment: string | null;
  /** The sender, when signed in. */
  user: { user_id: number; username: string } | null;
  created_at: string;
  status: ReportListStatus;
  handled_at: string | null;
  handled_by: { user_id: number; username: string } | null;
}

export interface AdminReportList {
  reports: AdminReport[];
  status: ReportListStatus;
  total_count: number;
  page: number;
  per_page: number;
}

export interface ReportAdminResult {
  status: 'success';
  report_id: number;
  state: ReportListStatus;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined ? '' : null);

/** `?status=open|handled&page=N`; both optional (open, page 1). */
export function parseReportListQuery(
  input: Record<string, unknown>,
): { ok: true; query: ReportListQuery } | { ok: false; codes: FieldError[] } {
  const codes: FieldError[] = [];
  const status = input.status === undefined ? 'open' : str(input.status);
  const page = input.page === undefined ? '1' : str(input.page);
  if (status === null || !(REPORT_LIST_STATUSES as readonly string[]).includes(status))
    codes.push({ field: 'status', code: 'invalid' });
  if (page === null || !/^[1-9]\d{0,3}$/.test(page) || Number(page) > REPORTS_MAX_PAGE)
    codes.push({ field: 'page', code: 'invalid' });
  if (codes.length > 0) return { ok: false, codes };
  return { ok: true, query: { status: status as ReportListStatus, page: Number(page) } };
}

/** The POST fields, form-encoded: act=handle|reopen, report_id. */
export function parseReportAdminInput(
  input: Record<string, unknown>,
): { ok: true; command: ReportAdminCommand } | { ok: false; codes: FieldError[] } {
  const codes: FieldError[] = [];
  const act = str(input.act);
  const id = str(input.report_id);
  if (act === '') codes.push({ field: 'act', code: 'required' });
  else if (act === null || !(REPORT_ADMIN_ACTIONS as readonly string[]).includes(act))
    codes.push({ field: 'act', code: 'invalid' });
  if (id === '') codes.push({ field: 'report_id', code: 'required' });
  else if (id === null || !/^[1-9]\d{0,14}$/.test(id)) codes.push({ field: 'report_id', code: 'invalid' });
  if (codes.length > 0) return { ok: false, codes };
  return { ok: true, command: { act: act as ReportAdminAction, reportId: Number(id) } };
}
