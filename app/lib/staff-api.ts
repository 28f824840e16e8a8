// The staff queues' writes from the browser (issue 12: one surface for staff writes): moderation
// decisions, age-verification decisions, reports handled or reopened, and DMCA case steps, posted
// form-encoded, as their forms hold them, to the same /api/admin/*.php calls as the rest of the
// console (server/http/{moderation,age-verification,report,dmca}.routes.ts, contract/). A refusal is an
// ApiError carrying the answer's code and field codes, which the pages show.
import type { FormEvent } from 'react';
import { AGE_VERIFICATION_ADMIN_PATH } from '../../contract/age-gates.ts';
import type { AgeDecisionResult } from '../../contract/age-verification.ts';
import { DMCA_ADMIN_PATH, type DmcaResult } from '../../contract/dmca.ts';
import type { KnownDuplicateResult, ModerationResult } from '../../contract/moderation.ts';
import { KNOWN_DUPLICATE_ADMIN_PATH, MODERATION_ADMIN_PATH } from '../../contract/moderation-values.ts';
import { REPORT_ADMIN_PATH, type ReportAdminResult } from '../../contract/report-admin.ts';
import { ApiError, send } from './api-client.ts';

export { ApiError };

/**
 * A submitted form's text fields, with the button that submitted it (its name and value: `act`), as
 * a browser would send them; the submission itself is stopped (the page calls the API instead).
 */
export function submittedFields(event: FormEvent<HTMLFormElement>): URLSearchParams {
  event.preventDefault();
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const form = new FormData(event.currentTarget, submitter);
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value);
  return fields;
}

async function post<T>(path: string, fields: URLSearchParams): Promise<T> {
  const answer = await send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: fields,
  });
  if (!answer) throw new ApiError(200, null);
  return answer as unknown as T;
}

/** act=approve|reject, video_id, reason, reason_text. */
export const decideModeration = (fields: URLSearchParams) =>
  post<ModerationResult>(MODERATION_ADMIN_PATH, fields);

/** video_id, other_id: a possible duplicate is not a problem (issue 31). */
export const markNotDuplicate = (fields: URLSearchParams) =>
  post<KnownDuplicateResult>(KNOWN_DUPLICATE_ADMIN_PATH, fields);

/** act=approve|reject, verification_id, reason. */
export const decideAgeVerification = (fields: URLSearchParams) =>
  post<AgeDecisionResult>(AGE_VERIFICATION_ADMIN_PATH, fields);

/** act=handle|reopen, report_id. */
export const setReportState = (fields: URLSearchParams) => post<ReportAdminResult>(REPORT_ADMIN_PATH, fields);

/** act=open (report_id) | take_down | counter_notice (message, received) | restore | close (case_id). */
export const actOnDmcaCase = (fields: URLSearchParams) => post<DmcaResult>(DMCA_ADMIN_PATH, fields);

/** A failed call as the field codes to show; a refusal without any is one code on the whole form. */
export function refusalOf(error: unknown): { status: number; codes: { field: string; code: string }[] } {
  if (!(error instanceof ApiError)) return { status: 0, codes: [{ field: 'general', code: 'network' }] };
  const codes = error.codes.length > 0 ? error.codes : [{ field: 'general', code: error.code }];
  return { status: error.status, codes };
}
