// The performer-records calls (issue 31; contract/records.ts) for the upload page's records step and
// the console's records panel.
import type {
  CustodianList,
  RecordsDecisionResult,
  RecordsModels,
  RecordsOwn,
  RecordsSent,
  RecordsView,
} from '../../contract/records.ts';
import {
  RECORDS_ADMIN_PATH,
  RECORDS_CUSTODIAN_PATH,
  RECORDS_MODELS_PATH,
  RECORDS_PATH,
  type RecordsDecision,
} from '../../contract/records-values.ts';
import { requestJson } from './api-client.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

export function sendRecords(form: FormData): Promise<RecordsSent> {
  return requestJson<RecordsSent>(RECORDS_PATH, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
}

/** The performer picker: the catalogue's models whose name matches `q`. */
export function findModels(q: string, signal?: AbortSignal): Promise<RecordsModels> {
  return requestJson<RecordsModels>(`${RECORDS_MODELS_PATH}?q=${encodeURIComponent(q)}`, { signal });
}

export function ownRecords(videoId: number): Promise<RecordsOwn> {
  return requestJson<RecordsOwn>(`${RECORDS_PATH}?video_id=${videoId}`);
}

export function recordsOf(videoId: number, signal?: AbortSignal): Promise<RecordsView> {
  return requestJson<RecordsView>(`${RECORDS_ADMIN_PATH}?video_id=${videoId}`, { signal });
}

export function decideRecords(
  videoId: number,
  act: RecordsDecision,
  reason = '',
): Promise<RecordsDecisionResult> {
  return requestJson<RecordsDecisionResult>(RECORDS_ADMIN_PATH, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ act, video_id: String(videoId), reason }),
  });
}

export function custodians(): Promise<CustodianList> {
  return requestJson<CustodianList>(RECORDS_CUSTODIAN_PATH);
}
