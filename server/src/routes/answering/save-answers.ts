import type { Transaction } from 'kysely';
import * as E from 'fp-ts/lib/Either.js';
import { findQuestion, type AnswerStructure } from '@ecore/core/answering/applicability.ts';
import { answerText, changeKind, checkAnswer, isAnswerable, isCleared } from '@ecore/core/answering/answer-rules.ts';
import { isGivenAnswer, type AnswerState, type AnswerValue } from '@ecore/core/answering/answers.ts';
import type { Question } from '@ecore/core/questionnaires/template.ts';
import { progress } from '@ecore/core/answering/progress.ts';
import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import { lockDecision } from '@ecore/core/questionnaires/locks.ts';
import { mayAdjustSheet } from '@ecore/core/review/group-rules.ts';
import { LANGUAGES } from '@ecore/core/shared/language.ts';
import type { message } from '@ecore/core/shared/messages.ts';
import { setAdjustments, type AnswerRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { KeptWriter } from '@ecore/adapters/db/answering/kept-writes.ts';
import {
  createAnswerWithChange,
  lockAnswerRow,
  rowVersionOf,
  sheetVersionAfter,
  writeAnswerWithChange,
  type QuestionnaireFigures,
  type Sheet,
  type SheetAnswer,
} from '@ecore/adapters/db/answering/sheet-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { LockedError, questionnaireState, storedAnswers } from './context.ts';

type Trx = Transaction<DB>;

/** Both languages' texts of an answer, kept in the change log so that it reads the same after a version change. */
export const loggedValue = (question: Parameters<typeof answerText>[0], value: AnswerValue) =>
  isCleared(value) ? null : { value, text: Object.fromEntries(LANGUAGES.map((l) => [l, answerText(question, value, l)])) };

/** The stored score of answers as they will be (`ScoreKeeper.figures`), stamped. */
export type ScoreWith = (answers: ReturnType<typeof storedAnswers>) => Omit<QuestionnaireFigures, 'answered' | 'total'>;

export type AnswerItem = { index: number; questionId: number; inputAnswer: unknown; multipleChoiceOption: unknown };
export type AnswerItems = readonly AnswerItem[];

type QuestionnaireState = ReturnType<typeof questionnaireState>;

/** An answer's value and state as a save stores it (a change after a decline is marked as one). */
const stateAfter = (state: QuestionnaireState, value: AnswerValue) => ({
  ...value,
  state: isCleared(value) ? null : 'Answered',
  ...(state === 'Declined' ? { changedSinceDecline: true } : {}),
});

/** Whether an answer (as stored, or none) may take `value`, what it held, and what kind of change it would be. */
const decide = (state: QuestionnaireState, answer: AnswerRow | undefined, value: AnswerValue) => {
  const before: AnswerValue | null = answer && isGivenAnswer(answer) ? { inputAnswer: answer.inputAnswer, multipleChoiceOption: answer.multipleChoiceOption } : null;
  return { answerable: isAnswerable(state, (answer?.state ?? null) as AnswerState | null), before, kind: changeKind(before, value) };
};

/** The change-log row of a change to an answer of the filled questionnaire. */
const changeOf =
  (questionnaireId: number, actor: Pick<AssetActor, 'userId'>, note: string) => (questionId: number, kind: string, question: Question, before: AnswerValue | null, after: AnswerValue) => ({
    assetQuestionnaireId: questionnaireId,
    questionId,
    kind,
    userId: actor.userId,
    oldValue: before === null ? null : loggedValue(question, before),
    newValue: loggedValue(question, after),
    note,
  });

/** The stored score and progress of the sheet's answers with one of them (`seen`) changed to `after`, and that progress. */
const figuresAfter = (sheet: Sheet, structure: AnswerStructure, scoreWith: ScoreWith, seen: SheetAnswer, after: ReturnType<typeof stateAfter>) => {
  const predicted = storedAnswers(
    sheet.answers.map((a) => (a.id === seen.id ? { ...a, ...after } : a)),
    sheet.documents,
  );
  const counted = progress(structure, predicted);
  const figures: QuestionnaireFigures = { ...scoreWith(predicted), answered: counted.answered, total: counted.total };
  return { figures, counted };
};

/**
 * Writes answers to one filled questionnaire inside the caller's transaction (core checkAnswer, isAnswerable,
 * changeKind): all or nothing, one change-log row per changed answer (with `note`: "defaults", or the import's file).
 * `locked` is the questionnaire as read with its row locked in this transaction (findSheet): every save of it waits
 * for that lock, so its answers and the ones written here are all there is, and the progress is counted from them
 * without reading the answers again. With `scoreWith` and one changed answer, the questionnaire's stored score and
 * progress go out in the answer's own statement (`scored`); else the caller writes them (`ScoreKeeper.store`).
 *
 * An answer is written in one statement over the version of its row the sheet read (or created when the sheet had
 * none); where another writer changed or created it since (a review's marks take no questionnaire lock), it is
 * locked, read again and decided again.
 */
export async function applyAnswers(
  trx: Trx,
  actor: Pick<AssetActor, 'userId'>,
  by: string,
  at: Date,
  locked: Sheet,
  structure: AnswerStructure,
  items: AnswerItems,
  note = '',
  scoreWith?: ScoreWith,
) {
  const { row } = locked;
  const state = questionnaireState(row);
  const problems: { path: string; key: Parameters<typeof message>[0]; params?: Record<string, number> }[] = [];
  const read = new Map(locked.answers.map((a) => [a.questionId, a]));
  const current = new Map<number, AnswerRow | SheetAnswer>(read);
  const written = new Map<number, AnswerRow | SheetAnswer>();
  /** The transaction, as the answers' writes name it (its change notifications carry it). */
  let transaction: string | null = null;
  /** Whether the questionnaire's score and progress went out with the answer (then the caller writes neither). */
  let scored = false;
  const change = changeOf(row.id, actor, note);
  for (const item of items) {
    const question = findQuestion(structure, item.questionId);
    const checked = checkAnswer(question, item);
    if (E.isLeft(checked)) {
      problems.push({ path: [item.index, ...checked.left.path].join('.'), key: checked.left.key, ...(checked.left.params ? { params: checked.left.params } : {}) });
      continue;
    }
    const value = checked.right;
    // The usual save changes an answer the sheet read (or gives a first one): one statement, which writes only while
    // the row is still the version read (or not there yet).
    const seen = read.get(item.questionId);
    const usual = decide(state, seen, value);
    let stored: AnswerRow | SheetAnswer | null = null;
    if (usual.answerable && usual.kind !== null) {
      const logged = change(item.questionId, usual.kind, question!, usual.before, value);
      // One answer changed (the answering screen's save): the score and progress of the answers as they will be go out
      // in the answer's statement, written only if the answer is.
      const figures = seen && items.length === 1 && scoreWith ? figuresAfter(locked, structure, scoreWith, seen, stateAfter(state, value)).figures : undefined;
      const write = seen
        ? await writeAnswerWithChange(trx, seen.id, stateAfter(state, value), by, at, logged, seen.rowVersion, figures)
        : await createAnswerWithChange(trx, stateAfter(state, value), by, at, logged);
      if (write) {
        ({ answer: stored, transaction } = write);
        scored = figures !== undefined;
      }
    }
    if (stored === null) {
      // Anything else (a refusal, no change, a cleared value for an answer never given, or a row another writer changed
      // or created since the sheet was read) is decided on the row as it is now, locked (created empty where missing).
      const answer = await lockAnswerRow(trx, row.id, item.questionId, by, at);
      const fresh = decide(state, answer, value);
      if (!fresh.answerable) throw new HttpError(400, 'answer-not-answerable');
      if (fresh.kind === null) stored = answer;
      else ({ answer: stored, transaction } = (await writeAnswerWithChange(trx, answer.id, stateAfter(state, value), by, at, change(item.questionId, fresh.kind, question!, fresh.before, value)))!);
    }
    // A save never changes the reason a rejection stands with (only a review decision does); the statements that write
    // an answer do not answer it, so it is carried over from the answer as read.
    if (stored.rejectionReason === undefined) stored = { ...stored, rejectionReason: current.get(stored.questionId)?.rejectionReason ?? null };
    current.set(stored.questionId, stored);
    written.set(stored.id, stored);
  }
  if (problems.length > 0) throw new FieldsError(problems);
  const answers = [...current.values()].sort((a, b) => a.id - b.id);
  const stored = storedAnswers(answers, locked.documents);
  const counted = progress(structure, stored);
  // The sheet as this save leaves it, once committed (as findSheet would read it then), when every answer's row version
  // is known (an answer left as it was after locking it is read without one) and the save wrote (its transaction; the
  // run's row then carries its score and progress as this transaction wrote them, here or in the caller's store).
  const versioned = answers.every((a): a is SheetAnswer => 'rowVersion' in a);
  const after =
    versioned && transaction !== null
      ? {
          sheet: { ...locked, row: { ...row, answered: counted.answered, total: counted.total }, answers, version: sheetVersionAfter({ ...locked, answers }, rowVersionOf(transaction)) },
          transaction,
        }
      : null;
  return { written: [...written.values()], progress: counted, stored, after, scored };
}

/**
 * The answering screen's save of one answer, decided on the object's latest filled questionnaire as this process keeps
 * it (`kept`) and written without a transaction of its own (`write`: one statement, with the saves of other
 * questionnaires under way at the same time): the answer, its change-log row and the run's stored score and progress,
 * written only while the run is still the object's latest and still the version decided on, with its row locked as
 * every save locks it (`SheetGuard`). Null when it is anything but the usual save (a refusal, no change, a lock someone
 * else holds, the first change of a sampled sheet after a decline) or when the run changed since it was kept: the
 * caller then saves the usual way (`saveSheetAnswers` in a transaction), which decides on the run read with its row
 * locked and answers the refusals.
 */
export async function saveKeptAnswer(
  write: KeptWriter,
  input: { actor: Pick<AssetActor, 'userId'>; by: string; at: Date; now: number; kept: Sheet; structure: AnswerStructure; item: AnswerItem; sampled: boolean; scoreWith: ScoreWith },
) {
  const { kept, structure, item } = input;
  const { row } = kept;
  if (lockDecision(kept.lock, input.actor.userId, input.now).outcome === 'held') return null;
  if (input.sampled && row.declineCount > row.adjustments) return null;
  const question = findQuestion(structure, item.questionId);
  const checked = checkAnswer(question, item);
  if (E.isLeft(checked)) return null;
  const value = checked.right;
  const state = questionnaireState(row);
  const seen = kept.answers.find((a) => a.questionId === item.questionId);
  const usual = decide(state, seen, value);
  if (!usual.answerable || usual.kind === null) return null;
  const after = stateAfter(state, value);
  const change = changeOf(row.id, input.actor, '')(item.questionId, usual.kind, question!, usual.before, value);
  // The answer the save changes; a first answer is an empty one added to the sheet's (as its row is created), so that
  // the figures are those of the sheet with it. Their progress is the save's progress once written (no second count).
  const target: SheetAnswer = seen ?? { id: 0, rowVersion: '', questionId: item.questionId, inputAnswer: null, multipleChoiceOption: [], state: null, reviewStatus: 'Unchecked', changedSinceDecline: false, evidenceRequested: false, modifiedBy: input.by, modifiedAt: input.at.toISOString() };
  const { figures, counted } = figuresAfter(seen ? kept : { ...kept, answers: [...kept.answers, target] }, structure, input.scoreWith, target, after);
  const written = await write({
    guard: { questionnaireId: row.id, version: kept.version },
    answer: seen ? { id: seen.id, rowVersion: seen.rowVersion } : null,
    value: after,
    by: input.by,
    at: input.at,
    change,
    figures,
  });
  if (!written) return null;
  // The reason a rejection stands with is not the save's to change (see applyAnswers): carried over from the answer as kept.
  if (written.answer.rejectionReason === undefined) written.answer = { ...written.answer, rejectionReason: seen?.rejectionReason ?? null };
  const answers = [...kept.answers.filter((a) => a.questionId !== item.questionId), written.answer].sort((a, b) => a.id - b.id);
  // The sheet alone (what a process keeps with it, made from the answers as they were, stays behind).
  const sheet: Sheet = {
    row: { ...row, answered: counted.answered, total: counted.total },
    lock: kept.lock,
    answers,
    comments: kept.comments,
    documents: kept.documents,
    version: sheetVersionAfter({ version: kept.version, answers }, rowVersionOf(written.transaction)),
  };
  return { written: [written.answer], progress: counted, after: { sheet, transaction: written.transaction } };
}

/**
 * A save of answers to an object's latest filled questionnaire, as `PUT asset/answer` and the answer import make it:
 * refused with 423 while another user holds its lock (DOMAIN.md §7); the first change of a sampled sheet after a
 * decline of its group counts as one adjustment (at most two); then `applyAnswers`.
 */
export async function saveSheetAnswers(
  trx: Trx,
  input: { actor: Pick<AssetActor, 'userId'>; by: string; at: Date; now: number; locked: Sheet; structure: AnswerStructure; items: AnswerItems; sampled: boolean; note?: string; scoreWith?: ScoreWith },
) {
  const { row } = input.locked;
  const lock = lockDecision(input.locked.lock, input.actor.userId, input.now);
  if (lock.outcome === 'held') throw new LockedError(lock);
  if (input.sampled && row.declineCount > row.adjustments) {
    const adjusted = mayAdjustSheet({ state: questionnaireState(row), declineCount: row.declineCount, adjustments: row.adjustments });
    if (E.isLeft(adjusted)) throw new HttpError(400, adjusted.left);
    await setAdjustments(trx, row.id, adjusted.right);
    return applyAnswers(trx, input.actor, input.by, input.at, { ...input.locked, row: { ...row, adjustments: adjusted.right } }, input.structure, input.items, input.note ?? '', input.scoreWith);
  }
  return applyAnswers(trx, input.actor, input.by, input.at, input.locked, input.structure, input.items, input.note ?? '', input.scoreWith);
}
