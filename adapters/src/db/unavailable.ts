import { sql, type Kysely } from 'kysely';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** SQLSTATE: connection exceptions (class 08), shutting down or starting (57P01–57P03), too many connections (53300). */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const CONNECTION_TEXTS = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Connection ended/i;

/**
 * Whether an error says the database cannot be reached (rather than that a query was wrong): the server answers it
 * 503 database-unavailable and `/api/health` names it (issue 18 "Faults"). Looks through AggregateError and `cause`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 3 || typeof error !== 'object' || error === null) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_TEXTS.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** One `select 1` within `timeoutMs`: 'ok', or 'unreachable' when the database does not answer (or not in time). */
export async function databaseHealth<T>(db: Kysely<T>, timeoutMs = 2000): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), timeoutMs);
  });
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => 'ok' as const), late]);
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
