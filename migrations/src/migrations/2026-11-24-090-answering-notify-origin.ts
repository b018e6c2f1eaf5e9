import type { Kysely } from 'kysely';
import { createAnsweringFunctions } from './2026-11-24-043-answering-notify.ts';

// The answering tables' notifications name the transaction that made the change (`…:12,15@7391`): a save keeps the
// filled questionnaire as it left it, and its own notification, coming a moment later, must not drop that (issue 11).
export async function up(db: Kysely<any>): Promise<void> {
  await createAnsweringFunctions(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await createAnsweringFunctions(db, false);
}
