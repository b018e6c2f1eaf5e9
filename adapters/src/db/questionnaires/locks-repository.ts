import type { Kysely } from 'kysely';
import type { TemplateLock } from '@ecore/core/questionnaires/locks.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

export async function findTemplateLock(db: Executor, questionnaireId: number): Promise<TemplateLock | null> {
  const row = await db.selectFrom('questionnaire_locks').selectAll().where('questionnaire_id', '=', questionnaireId).executeTakeFirst();
  return row ? { userId: row.user_id, holderName: row.holder_name, since: row.since.getTime(), lastActivity: row.last_activity.getTime() } : null;
}

/** Takes the lock for a user (replacing an expired one) or refreshes the user's own. */
export async function writeTemplateLock(db: Executor, questionnaireId: number, lock: TemplateLock): Promise<void> {
  await db
    .insertInto('questionnaire_locks')
    .values({ questionnaire_id: questionnaireId, user_id: lock.userId, holder_name: lock.holderName, since: new Date(lock.since), last_activity: new Date(lock.lastActivity) })
    .onConflict((oc) =>
      oc.column('questionnaire_id').doUpdateSet({ user_id: lock.userId, holder_name: lock.holderName, since: new Date(lock.since), last_activity: new Date(lock.lastActivity) }),
    )
    .execute();
}

export async function deleteTemplateLock(db: Executor, questionnaireId: number): Promise<void> {
  await db.deleteFrom('questionnaire_locks').where('questionnaire_id', '=', questionnaireId).execute();
}
