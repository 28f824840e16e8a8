/** A problem the operator fixes (a wrong directory, a damaged backup, a busy data dir): one line, no stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The message of any failure, for the one line a command prints. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
