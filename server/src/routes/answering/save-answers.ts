import type { Transaction } from 'kysely';
import * as E from 'fp-ts/lib/Either.js';
import type { AnswerStructure } from '@ecore/core/answering/applicability.ts';
import { decideSave, type SaveItem, type SaveRefusal } from '@ecore/core/answering/save.ts';
import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import { givenAnswers } from '@ecore/core/answering/answers.ts';
import { openFlagCount } from '@ecore/core/scoring/outliers.ts';
import type { ReferenceData } from '@ecore/core/scoring/reference-lookup.ts';
import type { AnswerRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import { writeSave, type QuestionnaireFigures, type Sheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { LockedError } from './context.ts';
import type { ScoredObject } from '../scoring/stored-score.ts';

export { loggedValue } from '@ecore/core/answering/save.ts';

type Trx = Transaction<DB>;

/** The stored score of answers as they will be (`ScoreKeeper.figures`), stamped. */
export type ScoreWith = (answers: Parameters<Parameters<typeof decideSave>[4]['score']>[0]) => Omit<QuestionnaireFigures, 'answered' | 'total'>;

export type AnswerItem = SaveItem;
export type AnswerItems = readonly AnswerItem[];

/** The error a refusal of core's `decideSave` is answered with (statuses and keys as the API documents them). */
export const refusalError = (refusal: SaveRefusal): Error => {
  switch (refusal.kind) {
    case 'locked':
      return new LockedError({ currentLockerName: refusal.holderName, lastActivity: refusal.lastActivity });
    case 'adjustment':
      return new HttpError(400, refusal.key);
    case 'not-answerable':
      return new HttpError(400, 'answer-not-answerable');
    case 'fields':
      return new FieldsError(refusal.problems);
  }
};

/**
 * A save of answers to one filled questionnaire (`PUT asset/answer`, the group's cluster I answers taken over):
 * `locked` is the questionnaire as read in the caller's transaction with its row locked (`findSheet(trx, …, true)`),
 * which every writer of its answers waits for; core's `decideSave` decides on it (lock, adjustment after a decline,
 * checks, changes, change log, progress, score), and what it decided is written in one statement, with the open
 * plausibility flags (core `openFlagCount`) where `flags` gives the object and the reference data. A refusal throws
 * (nothing written). Answers the answers saved (in the order first sent) and the questionnaire's progress.
 */
export async function saveSheetAnswers(
  trx: Trx,
  input: { actor: Pick<AssetActor, 'userId'>; by: string; at: Date; now: number; locked: Sheet; structure: AnswerStructure; items: AnswerItems; sampled: boolean; note?: string; scoreWith: ScoreWith; flags?: { object: ScoredObject; data: ReferenceData } },
) {
  const { locked } = input;
  const decided = decideSave(locked, input.items, input.actor, input.now, { structure: input.structure, sampled: input.sampled, note: input.note ?? '', score: input.scoreWith });
  if (E.isLeft(decided)) throw refusalError(decided.left);
  const outcome = decided.right;
  // The open plausibility flags of the answers as they will be (read with the sheet: last year's figures, the explanations).
  const flags = input.flags;
  const openFlags =
    flags && outcome.figures
      ? openFlagCount(input.structure, { ...flags.object, reportingYear: locked.row.reportingYear }, givenAnswers(outcome.answers), locked.plausibility.lastYear, flags.data, locked.plausibility.acceptances)
      : undefined;
  const written = await writeSave(trx, {
    questionnaireId: locked.row.id,
    by: input.by,
    at: input.at,
    answers: outcome.writes.map((w) => ({ questionId: w.questionId, answerId: w.answerId, ...w.value })),
    changes: outcome.changes,
    adjustments: outcome.adjustments,
    figures: outcome.figures && { ...outcome.figures.score, answered: outcome.figures.answered, total: outcome.figures.total, openFlags },
  });
  const byQuestion = new Map<number, AnswerRow>(locked.answers.map((a) => [a.questionId, a]));
  for (const a of written) byQuestion.set(a.questionId, a);
  return { written: outcome.answered.map((questionId) => byQuestion.get(questionId)!), progress: outcome.progress, changed: outcome.figures !== null };
}
