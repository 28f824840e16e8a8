// The records export's page (issue 31: one video's performer records for an inspection): English (an
// inspector's copy), printable, no outside resource; the same data as JSON in a script element.
import type { Consent } from '../../../contract/records.ts';
import type { PerformerRow } from './records.repository.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The export's page: English (an inspector's copy), printable, no outside resource. */
export function recordsHtml(input: {
  video: { id: number; title: string; user_id: number | null; username: string | null };
  row: {
    status: string;
    recorded_on: string | null;
    checked_at: Date | null;
    checked_by_name: string | null;
  };
  entries: { row: PerformerRow; consent: Consent; image: Buffer }[];
  exportedBy: string;
  at: Date;
}): string {
  const e = escapeHtml;
  const data = {
    video_id: input.video.id,
    title: input.video.title,
    uploader: input.video.username,
    records_status: input.row.status,
    recorded_on: input.row.recorded_on,
    checked_at: input.row.checked_at ? new Date(input.row.checked_at).toISOString() : null,
    checked_by: input.row.checked_by_name,
    exported_at: input.at.toISOString(),
    exported_by: input.exportedBy,
    performers: input.entries.map(({ row, consent }) => ({
      performer_id: row.id,
      model_id: row.model_id,
      ...consent,
    })),
  };
  const performers = input.entries
    .map(
      ({ row, consent, image }) => `<section class="performer">
<h2>${e(consent.stage_name)} — ${e(consent.legal_name)}</h2>
<dl>
<dt>Legal name</dt><dd>${e(consent.legal_name)}</dd>
<dt>Stage name</dt><dd>${e(consent.stage_name)}${row.model_title ? ` (model: ${e(row.model_title)})` : ''}</dd>
<dt>Date of birth</dt><dd>${e(consent.birth_date)}</dd>
<dt>Recording date</dt><dd>${e(consent.recorded_on)} (age ${consent.age_at_recording})</dd>
<dt>Statement (version ${consent.version})</dt><dd>${e(consent.statement)}</dd>
<dt>Signature</dt><dd>${e(consent.signature)}</dd>
<dt>Signed at</dt><dd>${e(consent.signed_at)} (form language: ${e(consent.language)})</dd>
</dl>
<figure><img alt="Identity document of ${e(consent.legal_name)}" src="data:image/jpeg;base64,${image.toString('base64')}"><figcaption>Identity document</figcaption></figure>
</section>`,
    )
    .join('\n');
  // The JSON inside a script element: `<` escaped, so no text in it can close the element.
  const json = JSON.stringify(data, null, 2).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Performer records — video ${input.video.id}</title>
<style>body{font:14px/1.5 sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}dt{font-weight:bold}dd{margin:0 0 .5rem}img{max-width:100%;border:1px solid #999}.performer{border-top:2px solid #333;margin-top:2rem;page-break-inside:avoid}</style>
</head><body>
<h1>Performer records (18 U.S.C. 2257) — video ${input.video.id}</h1>
<dl>
<dt>Title</dt><dd>${e(input.video.title)}</dd>
<dt>Uploader</dt><dd>${e(input.video.username ?? '—')}${input.video.user_id !== null ? ` (#${input.video.user_id})` : ''}</dd>
<dt>Records status</dt><dd>${e(input.row.status)}${input.row.checked_by_name ? ` by ${e(input.row.checked_by_name)}` : ''}${data.checked_at ? ` at ${e(data.checked_at)}` : ''}</dd>
<dt>Exported</dt><dd>${e(data.exported_at)} by ${e(input.exportedBy)}</dd>
</dl>
${performers}
<script type="application/json" id="records">${json}</script>
</body></html>
`;
}
