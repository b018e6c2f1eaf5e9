import { sql, type Kysely } from 'kysely';
import { ANSWERING_NOTIFICATION, SESSION_CHANNEL } from '@ecore/migrations/index.ts';
import type { DB } from './schema.ts';

// Change notifications sent by the writer after its commit instead of by the tables' triggers inside it
// (migration 2026-11-29-127): PostgreSQL commits notifying transactions one at a time, disk flush included, so the
// busiest writer — the answer save — keeps its transaction silent (`lockSheetForSave`) and notifies in a statement
// of its own.

/** What a committed save of these filled questionnaires notifies: their answering tables (by id) and their rows. */
export const savedQuestionnaireNotifications = (questionnaireIds: readonly number[], origin: string): string[] => [
  `${ANSWERING_NOTIFICATION}:${questionnaireIds.join(',')}@${origin}`,
  'asset_questionnaires',
];

/** Sends notifications on the portal's channel, after the change they announce has committed. */
export async function notifyCommitted(db: Kysely<DB>, payloads: readonly string[]): Promise<void> {
  await sql`select pg_notify(${SESSION_CHANNEL}, p) from unnest(${sql.val([...payloads])}::text[]) as p`.execute(db);
}
