import * as E from 'fp-ts/lib/Either.js';
import type { Either } from 'fp-ts/lib/Either.js';
import type { Question } from '../questionnaires/template.ts';
import { lockDecision, type TemplateLock } from '../questionnaires/locks.ts';
import { mayAdjustSheet } from '../object-groups/group-rules.ts';
import { LANGUAGES, type Language } from '../shared/language.ts';
import { findQuestion, type AnswerStructure } from './applicability.ts';
import { answerText, changeKind, checkAnswer, isAnswerable, isCleared, type AnswerProblemKey } from './answer-rules.ts';
import { isGivenAnswer, type AnswerState, type AnswerValue, type AssetQuestionnaireState, type ChangeKind, type ReviewStatus, type StoredAnswer } from './answers.ts';
import { progress, type Progress } from './progress.ts';
import { checkProvenance, PROVENANCE_NAMES, provenanceAfter, type Provenance } from './provenance.ts';

/**
 * A save of answers to one filled questionnaire (`PUT asset/answer`, the cluster I defaults, docs/answering.md "How a
 * save works"), decided in one place: the caller reads the questionnaire with its row locked, asks `decideSave`, and
 * writes the outcome in the same transaction. Nothing here reads or writes anything.
 */

/** An answer as stored with a filled questionnaire (the database's row, whatever else it carries). */
export interface AnswerRecord {
  id: number;
  questionId: number;
  inputAnswer: number | null;
  multipleChoiceOption: number[];
  state: string | null;
  reviewStatus: string;
  changedSinceDecline: boolean;
  evidenceRequested: boolean;
  /** The reason a rejection stands with: only a review decision changes it, never a save. */
  rejectionReason?: string | null;
  /** Where a figure comes from (core provenance.ts); null for choices and empty figures, absent where not read. */
  provenance?: string | null;
}

/** The answers of a filled questionnaire as core reads them (state typed, each answer's documents counted). */
export const storedAnswers = (answers: readonly AnswerRecord[], documents: readonly { answerId: number }[]): (StoredAnswer & { evidenceRequested: boolean })[] => {
  // Each answer's documents counted in one pass (most sheets have none).
  const documentCounts = new Map<number, number>();
  for (const d of documents) documentCounts.set(d.answerId, (documentCounts.get(d.answerId) ?? 0) + 1);
  return answers.map((a) => ({
    id: a.id,
    questionId: a.questionId,
    inputAnswer: a.inputAnswer,
    multipleChoiceOption: a.multipleChoiceOption,
    state: a.state as AnswerState | null,
    reviewStatus: a.reviewStatus as ReviewStatus,
    documentCount: documentCounts.get(a.id) ?? 0,
    changedSinceDecline: a.changedSinceDecline,
    evidenceRequested: a.evidenceRequested,
    ...(a.provenance !== undefined ? { provenance: a.provenance as Provenance | null } : {}),
  }));
};

/**
 * Both languages' texts of an answer, kept in the change log so that it reads the same after a version change; a
 * figure's provenance is said after it ("120 kWh/m²a · geschätzt").
 */
export const loggedValue = (question: Pick<Question, 'options' | 'kpiKey'>, value: AnswerValue, provenance: Provenance | null = null) =>
  isCleared(value)
    ? null
    : {
        value,
        ...(provenance ? { provenance } : {}),
        text: Object.fromEntries(LANGUAGES.map((l) => [l, provenance ? `${answerText(question, value, l)} · ${PROVENANCE_NAMES[provenance][l]}` : answerText(question, value, l)])),
      };

/** The filled questionnaire as the save read it (with its row locked). */
export interface SheetToSave<A extends AnswerRecord = AnswerRecord> {
  row: { state: string; declineCount: number; adjustments: number };
  lock: TemplateLock | null;
  answers: readonly A[];
  documents: readonly { answerId: number }[];
}

/** One answer of the list a save takes, with its place in the list (`index`, for the paths of the problems). */
export interface SaveItem {
  index: number;
  questionId: number;
  inputAnswer: unknown;
  multipleChoiceOption: unknown;
  /** Where the figure comes from (one of core PROVENANCES); absent or null: the answer's own, else `measured`. */
  provenance?: unknown;
}

export interface SaveContext<S> {
  /** The questions the object answers (applicability). */
  structure: AnswerStructure;
  /** Whether the object is in its group's sample (then the first change after a decline is an adjustment). */
  sampled: boolean;
  /** The change log's note ('' by hand, "defaults" from the group's cluster I answers). */
  note: string;
  /** The stored score of answers (the caller's scoring: template, object and reference data are its business). */
  score: (answers: readonly StoredAnswer[]) => S;
  /**
   * The annual start: the answers are carried from the questionnaire of this reporting year, each logged as
   * `CarriedFromPreviousYear` with that year as its old value and note (DOMAIN.md §8).
   */
  carriedFrom?: number;
}

/** Why a save is refused; nothing is written. */
export type SaveRefusal =
  /** Another user holds a live lock on the questionnaire (423 with the holder's name, DOMAIN.md §7). */
  | { kind: 'locked'; holderName: string; lastActivity: number }
  /** The sampled sheet may not be adjusted again after its group's decline (400). */
  | { kind: 'adjustment'; key: 'objectGroups-adjust-limit' }
  /** An answer may not be changed in the questionnaire's state, or in its own (400 `answer-not-answerable`). */
  | { kind: 'not-answerable' }
  /** Answers that do not fit their questions, each with its path in the list (400, all of them at once). */
  | { kind: 'fields'; problems: { path: string; key: AnswerProblemKey; params?: Record<string, number> }[] };

/** An answer's value and state as a save stores it. */
export interface StoredValue extends AnswerValue {
  state: 'Answered' | null;
  /** Set (true) when the questionnaire is Declined: the answer changed after the decline. Else left as it was. */
  changedSinceDecline?: true;
  /** Where the figure comes from; null for a choice or an empty figure (core provenanceAfter). */
  provenance: Provenance | null;
}

/** One answer to write: over the answer read (`answerId`), or created (null). */
export interface AnswerWrite {
  questionId: number;
  answerId: number | null;
  value: StoredValue;
}

/** One change-log entry (spec 02 §3). */
export interface ChangeEntry {
  questionId: number;
  kind: ChangeKind;
  userId: number;
  /** The value before; for a carried answer the year it came from. */
  oldValue: ReturnType<typeof loggedValue> | { text: Record<Language, string> };
  newValue: ReturnType<typeof loggedValue>;
  note: string;
}

export interface SaveOutcome<S> {
  /** The answers to write, one per question (the last value sent for it), in the order first sent. */
  writes: AnswerWrite[];
  /** The change log's entries, one per change, in the order sent. */
  changes: ChangeEntry[];
  /** The sampled sheet's new adjustments count, when this save is its adjustment after a decline; else null. */
  adjustments: number | null;
  /** The questions the save answers for, in the order first sent (the response lists their answers). */
  answered: number[];
  /** The answers as they are after the save (a created answer with id 0 until it is written). */
  answers: (StoredAnswer & { evidenceRequested: boolean })[];
  progress: Progress;
  /** The stored score and progress to write; null when no answer changed (nothing to store). */
  figures: { score: S; answered: number; total: number } | null;
}

/** An answer's value and state as a save stores it: a change while the questionnaire is Declined is marked as one. */
export const stateAfter = (state: AssetQuestionnaireState, value: AnswerValue, provenance: Provenance | null = null): StoredValue => ({
  ...value,
  state: isCleared(value) ? null : 'Answered',
  ...(state === 'Declined' ? { changedSinceDecline: true as const } : {}),
  provenance: isCleared(value) ? null : provenance,
});

const valueOf = (answer: AnswerRecord | undefined): AnswerValue | null =>
  answer && isGivenAnswer(answer) ? { inputAnswer: answer.inputAnswer, multipleChoiceOption: answer.multipleChoiceOption } : null;

/**
 * Decides a save of `items` by `actor` on the filled questionnaire as read (`sheet`), at `now` (ms):
 * - refused (`locked`) while another user holds a live lock on it;
 * - on a sampled sheet whose group was declined since its last adjustment, the save is its next adjustment
 *   (`mayAdjustSheet`, at most two), else refused;
 * - each item checked against its question (`checkAnswer`); problems are collected and refused together (`fields`);
 *   an answer that may not be changed now (`isAnswerable`) refuses the save at once;
 * - an item saying what its answer says already changes nothing and logs nothing; any other is written with its
 *   change-log entry (`changeKind`, both languages' texts), each item decided on the answer as the items before left it;
 * - the progress and the stored score are those of the answers after the save.
 */
export function decideSave<S>(
  sheet: SheetToSave,
  items: readonly SaveItem[],
  actor: { userId: number },
  now: number,
  context: SaveContext<S>,
): Either<SaveRefusal, SaveOutcome<S>> {
  const lock = lockDecision(sheet.lock, actor.userId, now);
  if (lock.outcome === 'held') return E.left({ kind: 'locked', holderName: lock.currentLockerName, lastActivity: lock.lastActivity });
  const state = sheet.row.state as AssetQuestionnaireState;
  let adjustments: number | null = null;
  if (context.sampled && sheet.row.declineCount > sheet.row.adjustments) {
    const adjusted = mayAdjustSheet({ state, declineCount: sheet.row.declineCount, adjustments: sheet.row.adjustments });
    if (E.isLeft(adjusted)) return E.left({ kind: 'adjustment', key: adjusted.left });
    adjustments = adjusted.right;
  }

  const problems: Extract<SaveRefusal, { kind: 'fields' }>['problems'] = [];
  /** Each question's answer as the items decided so far leave it. */
  const current = new Map<number, AnswerRecord>(sheet.answers.map((a) => [a.questionId, a]));
  const read = new Map(sheet.answers.map((a) => [a.questionId, a]));
  const writes = new Map<number, AnswerWrite>();
  const changes: ChangeEntry[] = [];
  const answered: number[] = [];
  for (const item of items) {
    const question = findQuestion(context.structure, item.questionId);
    const checked = checkAnswer(question, item);
    if (E.isLeft(checked)) {
      problems.push({ path: [item.index, ...checked.left.path].join('.'), key: checked.left.key, ...(checked.left.params ? { params: checked.left.params } : {}) });
      continue;
    }
    const value = checked.right;
    const named = checkProvenance(question!, item.provenance);
    if (E.isLeft(named)) {
      problems.push({ path: [item.index, 'provenance'].join('.'), key: named.left });
      continue;
    }
    const answer = current.get(item.questionId);
    if (!isAnswerable(state, (answer?.state ?? null) as AnswerState | null)) return E.left({ kind: 'not-answerable' });
    if (!answered.includes(item.questionId)) answered.push(item.questionId);
    const before = valueOf(answer);
    const provenanceBefore = before === null ? null : provenanceAfter(question!, before.inputAnswer, undefined, answer?.provenance);
    const provenance = provenanceAfter(question!, value.inputAnswer, named.right, provenanceBefore);
    // A figure whose provenance alone changes is a change of its own, logged as one.
    const kind = changeKind(before, value) ?? (before !== null && provenance !== provenanceBefore ? 'ModifiedProvenance' : null);
    if (kind === null) {
      // Nothing changes; a question never answered gets its (empty) answer row, as a comment on it would.
      if (!answer) writes.set(item.questionId, { questionId: item.questionId, answerId: null, value: { ...value, state: null, provenance: null } });
      if (!answer) current.set(item.questionId, emptyAnswer(item.questionId));
      continue;
    }
    const after = stateAfter(state, value, provenance);
    writes.set(item.questionId, { questionId: item.questionId, answerId: read.get(item.questionId)?.id ?? null, value: after });
    const carried = context.carriedFrom === undefined ? null : String(context.carriedFrom);
    changes.push({
      questionId: item.questionId,
      kind: carried === null ? kind : 'CarriedFromPreviousYear',
      userId: actor.userId,
      oldValue: carried !== null ? { text: { de: carried, en: carried } } : before === null ? null : loggedValue(question!, before, provenanceBefore),
      newValue: loggedValue(question!, value, provenance),
      note: carried ?? context.note,
    });
    current.set(item.questionId, { ...(answer ?? emptyAnswer(item.questionId)), ...after });
  }
  if (problems.length > 0) return E.left({ kind: 'fields', problems });

  const answers = storedAnswers([...current.values()], sheet.documents);
  const counted = progress(context.structure, answers);
  return E.right({
    writes: [...writes.values()],
    changes,
    adjustments,
    answered,
    answers,
    progress: counted,
    figures: changes.length > 0 ? { score: context.score(answers), answered: counted.answered, total: counted.total } : null,
  });
}

/**
 * An answer an import writes over the answer stored (the answer import, the GRESB import): where the figure comes from
 * after it (`named` by the file, else its own, else measured) and its change-log entry, as a save by hand logs it.
 */
export const importedChange = (
  question: Pick<Question, 'type' | 'options' | 'kpiKey'>,
  stored: { inputAnswer: number | null; multipleChoiceOption: readonly number[]; state?: string | null; provenance?: string | null } | undefined,
  value: AnswerValue,
  named?: Provenance,
) => {
  const before = stored && isGivenAnswer(stored) ? { inputAnswer: stored.inputAnswer, multipleChoiceOption: [...stored.multipleChoiceOption] } : null;
  const provenanceBefore = before === null ? null : provenanceAfter(question, before.inputAnswer, undefined, stored?.provenance);
  const provenance = provenanceAfter(question, value.inputAnswer, named, provenanceBefore);
  return {
    provenance,
    change: {
      kind: changeKind(before, value) ?? ('ModifiedProvenance' as const),
      oldValue: before ? loggedValue(question, before, provenanceBefore) : null,
      newValue: loggedValue(question, value, provenance),
    },
  };
};

/** The answer row a question gets when first written (its id is the database's). */
const emptyAnswer = (questionId: number): AnswerRecord => ({
  id: 0,
  questionId,
  inputAnswer: null,
  multipleChoiceOption: [],
  state: null,
  reviewStatus: 'Unchecked',
  changedSinceDecline: false,
  evidenceRequested: false,
});
