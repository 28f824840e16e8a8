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
  /** Issue 31: a performer's removal request; the video goes down at once, pending the staff's review. */
  performer: 'I appear in this video and did not consent',
} as const;
export type ReportSubject = keyof typeof REPORT_SUBJECT_TEXTS;
/** The text values the call takes, the default first. */
export const REPORT_SUBJECTS = [
  REPORT_SUBJECT_TEXTS.dmca,
  REPORT_SUBJECT_TEXTS.technical,
  REPORT_SUBJECT_TEXTS.inappropriate,
  REPORT_SUBJECT_TEXTS.support,
  REPORT_SUBJECT_TEXTS.performer,
] as const;
/** The performer's removal request's subject: it needs the sender's name and a video of this site. */
export const PERFORMER_SUBJECT = REPORT_SUBJECT_TEXTS.performer;
/** The reporter's name (a removal request), at most this many characters. */
export const REPORTER_NAME_MAX = 200;
/** shell.md §9: "Contact: message maximum 1500 characters". */
export const REPORT_MESSAGE_MAX = 1500;
export const REPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
