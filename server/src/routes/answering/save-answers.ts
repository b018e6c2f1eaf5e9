import type { Transaction } from 'kysely';
import * as E from 'fp-ts/lib/Either.js';
import { findQuestion, type AnswerStructure } from '@ecore/core/answering/applicability.ts';
import { answerText, changeKind, checkAnswer, isAnswerable, isCleared } from '@ecore/core/answering/answer-rules.ts';
import type { AnswerState, AnswerValue } from '@ecore/core/answering/answers.ts';
import { progress } from '@ecore/core/answering/progress.ts';
import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import { lockDecision } from '@ecore/core/questionnaires/locks.ts';
import { mayAdjustSheet } from '@ecore/core/review/group-rules.ts';
import { LANGUAGES } from '@ecore/core/shared/language.ts';
import type { message } from '@ecore/core/shared/messages.ts';
import { setAdjustments, setProgress } from '@ecore/adapters/db/answering/answering-repository.ts';
import { lockAnswerRow, writeAnswerWithChange, type Sheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { LockedError, questionnaireState, storedAnswers } from './context.ts';

type Trx = Transaction<DB>;

/** Both languages' texts of an answer, kept in the change log so that it reads the same after a version change. */
export const loggedValue = (question: Parameters<typeof answerText>[0], value: AnswerValue) =>
  isCleared(value) ? null : { value, text: Object.fromEntries(LANGUAGES.map((l) => [l, answerText(question, value, l)])) };

export type AnswerItems = readonly { index: number; questionId: number; inputAnswer: unknown; multipleChoiceOption: unknown }[];

/**
 * Writes answers to one filled questionnaire inside the caller's transaction (core checkAnswer, isAnswerable,
 * changeKind): all or nothing, one change-log row per changed answer (with `note`: "defaults", or the import's file),
 * the progress kept on the questionnaire. `locked` is the questionnaire as read with its row locked in this
 * transaction (findSheet): every save of it waits for that lock, so its answers and the ones written here are all
 * there is, and the progress is counted from them without reading the answers again.
 */
export async function applyAnswers(trx: Trx, actor: Pick<AssetActor, 'userId'>, by: string, at: Date, locked: Sheet, structure: AnswerStructure, items: AnswerItems, note = '') {
  const { row } = locked;
  const state = questionnaireState(row);
  const problems: { path: string; key: Parameters<typeof message>[0]; params?: Record<string, number> }[] = [];
  const current = new Map(locked.answers.map((a) => [a.questionId, a]));
  const written = new Map<number, (typeof locked.answers)[number]>();
  for (const item of items) {
    const question = findQuestion(structure, item.questionId);
    const checked = checkAnswer(question, item);
    if (E.isLeft(checked)) {
      problems.push({ path: [item.index, ...checked.left.path].join('.'), key: checked.left.key, ...(checked.left.params ? { params: checked.left.params } : {}) });
      continue;
    }
    const answer = await lockAnswerRow(trx, row.id, item.questionId, by, at);
    if (!isAnswerable(state, answer.state as AnswerState | null)) throw new HttpError(400, 'answer-not-answerable');
    const before: AnswerValue = { inputAnswer: answer.inputAnswer, multipleChoiceOption: answer.multipleChoiceOption };
    const kind = changeKind(answer.state === null ? null : before, checked.right);
    if (kind === null) {
      current.set(answer.questionId, answer);
      written.set(answer.id, answer);
      continue;
    }
    const cleared = isCleared(checked.right);
    const stored = await writeAnswerWithChange(
      trx,
      answer.id,
      { ...checked.right, state: cleared ? null : 'Answered', ...(state === 'Declined' ? { changedSinceDecline: true } : {}) },
      by,
      at,
      {
        assetQuestionnaireId: row.id,
        questionId: item.questionId,
        kind,
        userId: actor.userId,
        oldValue: answer.state === null ? null : loggedValue(question!, before),
        newValue: loggedValue(question!, checked.right),
        note,
      },
    );
    current.set(stored.questionId, stored);
    written.set(stored.id, stored);
  }
  if (problems.length > 0) throw new FieldsError(problems);
  const answers = [...current.values()].sort((a, b) => a.id - b.id);
  const stored = storedAnswers(answers, locked.documents);
  const counted = progress(structure, stored);
  await setProgress(trx, row.id, counted.answered, counted.total);
  return { written: [...written.values()], progress: counted, stored };
}

/**
 * A save of answers to an object's latest filled questionnaire, as `PUT asset/answer` and the answer import make it:
 * refused with 423 while another user holds its lock (DOMAIN.md §7); the first change of a sampled sheet after a
 * decline of its group counts as one adjustment (at most two); then `applyAnswers`.
 */
export async function saveSheetAnswers(
  trx: Trx,
  input: { actor: Pick<AssetActor, 'userId'>; by: string; at: Date; now: number; locked: Sheet; structure: AnswerStructure; items: AnswerItems; sampled: boolean; note?: string },
) {
  const { row } = input.locked;
  const lock = lockDecision(input.locked.lock, input.actor.userId, input.now);
  if (lock.outcome === 'held') throw new LockedError(lock.currentLockerName);
  if (input.sampled && row.declineCount > row.adjustments) {
    const adjusted = mayAdjustSheet({ state: questionnaireState(row), declineCount: row.declineCount, adjustments: row.adjustments });
    if (E.isLeft(adjusted)) throw new HttpError(400, adjusted.left);
    await setAdjustments(trx, row.id, adjusted.right);
  }
  return applyAnswers(trx, input.actor, input.by, input.at, input.locked, input.structure, input.items, input.note ?? '');
}
