import { sql, type Kysely, type SqlBool } from 'kysely';
import * as E from 'fp-ts/lib/Either.js';
import { SYSTEM_ACTOR, auditEntry } from '@ecore/core/review/audit.ts';
import { calendarDate, expire } from '@ecore/core/review/transitions.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { writeTransition } from '@ecore/adapters/db/review/review-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';

const dateText = (value: Date | string): string => (typeof value === 'string' ? value.slice(0, 10) : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`);

/**
 * Closed questionnaires whose validity has passed become Expired (DOMAIN.md §3, §6; issue 14): core's `expire`
 * decides for each, with the clock passed in, and the change is written with an audit row by the system. Answers
 * how many expired. Run at start and every hour by the server; safe on several nodes (row locks, state rechecked).
 */
export async function expireDue(db: Kysely<DB>, now: number): Promise<number> {
  const today = calendarDate(new Date(now));
  const due = await db
    .selectFrom('asset_questionnaires')
    .select(['id', 'asset_id'])
    .where('state', '=', 'Closed')
    .where(sql<SqlBool>`valid_until < ${today}::date`)
    .execute();
  let expired = 0;
  for (const candidate of due) {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('asset_questionnaires').select(['state', 'valid_until']).where('id', '=', candidate.id).forUpdate().executeTakeFirst();
      if (!row?.valid_until) return;
      const decided = expire(row.state as AssetQuestionnaireState, dateText(row.valid_until), today);
      if (E.isLeft(decided)) return;
      const at = new Date(now);
      const entry = auditEntry(decided.right, SYSTEM_ACTOR, at);
      await writeTransition(
        trx,
        { assetQuestionnaireId: candidate.id, assetId: candidate.asset_id, from: decided.right.from, to: decided.right.to },
        { userId: null, userName: SYSTEM_ACTOR.name, role: entry.role ?? '', reason: entry.reason, answersTouched: [], at },
      );
      expired += 1;
    });
  }
  return expired;
}
