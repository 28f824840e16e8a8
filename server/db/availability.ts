// Whether the database answers (issue 28, "When things fail"): a PostgreSQL restart, failover or network
// cut makes every query fail for a while. The first failure of the connection kind marks the database
// away; while it is, requests get 503 with Retry-After at once (server/app.ts) instead of each waiting
// for its own connection attempt; a probe every half second marks it back, and the pool reconnects by
// itself. PGlite runs in the process and is never away.

/** Connection-level failures: the server is unreachable or went away, not a bad statement. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection refused',
  'the database system is',
];

export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  // An AggregateError (several addresses refused) or a wrapped cause.
  if (Array.isArray(errors) && errors.some(isConnectionError)) return true;
  return cause !== undefined && cause !== error && isConnectionError(cause);
}

export interface DatabaseAvailability {
  /** True while the database is known to be away. */
  away(): boolean;
  /** Marks the database away when `error` is a connection failure; says whether it was one. */
  note(error: unknown): boolean;
  /** Stops the probe (the handle closes). */
  stop(): void;
}

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

export function createAvailability(
  probe: () => Promise<unknown>,
  options: { probeEveryMs?: number; onChange?: (away: boolean, error?: unknown) => void } = {},
): DatabaseAvailability {
  const every = options.probeEveryMs ?? 500;
  let isAway = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const check = async () => {
    timer = undefined;
    if (stopped) return;
    try {
      await probe();
      isAway = false;
      options.onChange?.(false);
    } catch {
      timer = setTimeout(check, every);
      timer.unref();
    }
  };
  return {
    away: () => isAway,
    note(error) {
      if (!isConnectionError(error)) return false;
      if (!isAway && !stopped) {
        isAway = true;
        options.onChange?.(true, error);
        timer = setTimeout(check, every);
        timer.unref();
      }
      return true;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
