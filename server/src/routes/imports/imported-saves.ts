import * as E from 'fp-ts/lib/Either.js';
import type { AnswerStructure } from '@ecore/core/answering/applicability.ts';
import type { AnswerValue } from '@ecore/core/answering/answers.ts';
import type { Provenance } from '@ecore/core/answering/provenance.ts';
import { decideSave, type SaveOutcome } from '@ecore/core/answering/save.ts';
import type { ImportedAnswer, LatestSheet } from '@ecore/adapters/db/imports/imports-repository.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { LockedError } from '../answering/context.ts';

/**
 * What an import writes to one filled questionnaire, decided as every save is decided (core `decideSave`) on the
 * questionnaire as read in the import's transaction with its row locked: the answers with their change-log entries
 * (as ImportedAnswer rows, written in bulk by the caller), the sampled sheet's adjustment after its group's decline,
 * the progress and the answers as they are after it (for the stored score). A refusal refuses the whole import: a lock
 * another user took since the preview (423), an answer no longer answerable or no longer fitting (409
 * `questionnaire-stale`: the file was checked against what has changed since), the adjustment limit (400).
 */
export function importedSave(
  sheet: LatestSheet,
  changes: readonly { questionId: number; value: AnswerValue; provenance?: Provenance }[],
  context: { userId: number; now: number; structure: AnswerStructure; sampled: boolean; note: string },
): { answers: ImportedAnswer[]; adjustments: number | null; outcome: SaveOutcome<null> } {
  const items = changes.map((c, index) => ({ index, questionId: c.questionId, ...c.value, ...(c.provenance ? { provenance: c.provenance } : {}) }));
  const decided = decideSave(
    { row: { state: sheet.state, declineCount: sheet.declineCount, adjustments: sheet.adjustments }, lock: sheet.lock, answers: sheet.answers, documents: sheet.documents },
    items,
    { userId: context.userId },
    context.now,
    { structure: context.structure, sampled: context.sampled, note: context.note, score: () => null },
  );
  if (E.isLeft(decided)) {
    const refusal = decided.left;
    if (refusal.kind === 'locked') throw new LockedError({ currentLockerName: refusal.holderName, lastActivity: refusal.lastActivity });
    if (refusal.kind === 'adjustment') throw new HttpError(400, refusal.key);
    throw new HttpError(409, 'questionnaire-stale');
  }
  const outcome = decided.right;
  const logged = new Map(outcome.changes.map((c) => [c.questionId, c]));
  const answers = outcome.writes.flatMap((w): ImportedAnswer[] => {
    const change = logged.get(w.questionId);
    if (!change) return [];
    return [
      {
        assetQuestionnaireId: sheet.id,
        questionId: w.questionId,
        inputAnswer: w.value.inputAnswer,
        optionIds: w.value.multipleChoiceOption,
        provenance: w.value.provenance,
        changedSinceDecline: w.value.changedSinceDecline ?? false,
        change: { kind: change.kind, oldValue: change.oldValue, newValue: change.newValue },
      },
    ];
  });
  return { answers, adjustments: outcome.adjustments, outcome };
}
