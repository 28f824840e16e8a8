// The contact/report form's subjects and limits without zod: the form (on every page with a report
// button) checks the same before sending; importing report.ts would bring its schema, and zod, there.
// report.ts re-exports all of it.

export const REPORT_PATH = '/api/report.php';

/** shell.md §5: the subject is one of four choices (default dmca), sent as these text values. */
export const REPORT_SUBJECT_TEXTS = {
  dmca: 'DMCA / Copyright Infringement',
  technical: 'Technical Problems',
  inappropriate: 'Report Inappropriate Content',
  support: 'Support Request',
} as const;
export type ReportSubject = keyof typeof REPORT_SUBJECT_TEXTS;
/** The text values the call takes, the default first. */
export const REPORT_SUBJECTS = [
  REPORT_SUBJECT_TEXTS.dmca,
  REPORT_SUBJECT_TEXTS.technical,
  REPORT_SUBJECT_TEXTS.inappropriate,
  REPORT_SUBJECT_TEXTS.support,
] as const;
/** shell.md §9: "Contact: message maximum 1500 characters". */
export const REPORT_MESSAGE_MAX = 1500;
export const REPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
