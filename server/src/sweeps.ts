import type { Kysely } from 'kysely';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { deleteSignInRecordsBefore } from '@ecore/adapters/db/identity/personal-data-repository.ts';
import { signInRetentionCutoff } from '@ecore/core/identity/personal-data.ts';
import { expireDue } from './routes/review/expiry.ts';

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The background work that runs at start and every hour (server.ts): closed questionnaires past their validity
 * become Expired (issue 14); sign-in records older than 90 days are deleted (issue 24). Each part on its own,
 * so that one failing does not stop the other; failures are reported to `failed`.
 */
export async function sweep(db: Kysely<DB>, now: number, failed: (what: string, err: unknown) => void): Promise<void> {
  await Promise.all([
    expireDue(db, now).catch((err: unknown) => failed('expiry sweep failed', err)),
    deleteSignInRecordsBefore(db, new Date(signInRetentionCutoff(now))).catch((err: unknown) => failed('sign-in record sweep failed', err)),
  ]);
}
