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

/**
 * `notifyCommitted` for a busy writer: one statement at a time, the notifications of the saves that commit while it is
 * on its way going out together in the next (each payload once). Every save's statement would otherwise wait for a
 * pooled connection behind the saves themselves, and take one of them. Each caller's promise settles when the
 * statement carrying its notifications has run.
 */
export function committedNotifier(send: (payloads: readonly string[]) => Promise<void>): (payloads: readonly string[]) => Promise<void> {
  let sending = false;
  let next: { payloads: Set<string>; done: Promise<void>; settle: (error?: unknown) => void } | null = null;
  const run = (payloads: Set<string>): Promise<void> => {
    sending = true;
    return send([...payloads]).finally(() => {
      sending = false;
      const queued = next;
      next = null;
      if (queued) void run(queued.payloads).then(() => queued.settle(), (error: unknown) => queued.settle(error ?? new Error('notification not sent')));
    });
  };
  return (payloads) => {
    if (!sending) return run(new Set(payloads));
    if (!next) {
      let settle!: (error?: unknown) => void;
      const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
      next = { payloads: new Set(), done, settle };
    }
    for (const p of payloads) next.payloads.add(p);
    return next.done;
  };
}
