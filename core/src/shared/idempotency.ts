/**
 * Safe retries of creating POSTs (issue 21, docs/api.md "Safe retries"): the first answer to a user's
 * `Idempotency-Key` is kept for 24 hours and answered again to a retry with the same request; the same key with
 * another request is refused (422). Pure decisions; the server keeps the rows.
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A first request still under way after this long is taken as lost (its process ended) and may be done again. */
export const IDEMPOTENCY_ABANDONED_MS = 60 * 1000;

/** 1 to 255 visible ASCII characters (a UUID is the usual choice). */
export const isIdempotencyKey = (key: string): boolean => /^[\x21-\x7e]{1,255}$/.test(key);

export interface StoredIdempotency {
  requestHash: string;
  createdAt: number;
  /** Null while the first request is under way. */
  statusCode: number | null;
}

export type IdempotencyDecision =
  /** No usable row: the request runs (after the stale row, if any, is removed). */
  | { kind: 'run'; removeStale: boolean }
  /** The first answer is answered again. */
  | { kind: 'replay' }
  /** The first request with this key is still running: wait for it. */
  | { kind: 'wait' }
  /** The key was used for another request: 422. */
  | { kind: 'conflict' }
  /**
   * The first answer carried a secret (a new access token), which is never kept: 409 `idempotency-secret-not-replayed`
   * (the caller lists its tokens and revokes the one it lost).
   */
  | { kind: 'secret-not-replayed' };

/** Routes whose answer holds a secret (`answersSecret`) keep only that they answered, never the answer. */
export const decideIdempotency = (stored: StoredIdempotency | null, requestHash: string, now: number, answersSecret = false): IdempotencyDecision => {
  if (!stored) return { kind: 'run', removeStale: false };
  if (now - stored.createdAt >= IDEMPOTENCY_KEY_LIFETIME_MS) return { kind: 'run', removeStale: true };
  if (stored.requestHash !== requestHash) return { kind: 'conflict' };
  if (stored.statusCode !== null) return answersSecret ? { kind: 'secret-not-replayed' } : { kind: 'replay' };
  if (now - stored.createdAt >= IDEMPOTENCY_ABANDONED_MS) return { kind: 'run', removeStale: true };
  return { kind: 'wait' };
};

/** Only answers that created something are kept; a refusal or failure leaves the key free for a corrected retry. */
export const keepsAnswer = (statusCode: number): boolean => statusCode >= 200 && statusCode < 300;

/** JSON with object keys sorted, so that the same body in another key order is the same request. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};
