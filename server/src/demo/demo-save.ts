import type { Transaction } from 'kysely';
import type { AnswerStructure } from '@ecore/core/answering/applicability.ts';
import { givenAnswers } from '@ecore/core/answering/answers.ts';
import type { SaveItem } from '@ecore/core/answering/save.ts';
import type { ReferenceData } from '@ecore/core/scoring/reference-lookup.ts';
import { findSheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { saveSheetAnswers } from '../routes/answering/save-answers.ts';
import type { ScoredTemplate } from '../routes/questionnaires/template-cache.ts';
import { storedScoreOf, type ScoredObject } from '../routes/scoring/stored-score.ts';

/**
 * The demo's answers saved as a collector's save is (core decideSave on the questionnaire read with its row locked,
 * one write with the change log, progress and stored score), at the time the demo gives them.
 */
export async function saveDemoAnswers(
  trx: Transaction<DB>,
  input: {
    assetId: number;
    questionnaireId: number;
    reportingYear: number;
    template: ScoredTemplate;
    object: ScoredObject;
    structure: AnswerStructure;
    referenceData: ReferenceData;
    collector: { userId: number; name: string };
    at: Date;
    items: readonly SaveItem[];
  },
) {
  const locked = (await findSheet(trx, input.assetId, input.questionnaireId, true))!;
  return saveSheetAnswers(trx, {
    actor: { userId: input.collector.userId },
    by: input.collector.name,
    at: input.at,
    now: input.at.getTime(),
    locked,
    structure: input.structure,
    items: input.items,
    sampled: false,
    scoreWith: (answers) => ({ ...storedScoreOf(input.template, input.object, input.reportingYear, givenAnswers(answers), input.referenceData), scoredAt: input.at }),
    flags: { object: input.object, data: input.referenceData },
  });
}
