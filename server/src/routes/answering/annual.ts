import { givenAnswers } from '@ecore/core/answering/answers.ts';
import type { Transaction } from 'kysely';
import * as E from 'fp-ts/lib/Either.js';
import { answerableQuestions } from '@ecore/core/answering/applicability.ts';
import { answerText } from '@ecore/core/answering/answer-rules.ts';
import { annualCarry, annualStartProblem, nextReportingYear } from '@ecore/core/answering/annual.ts';
import { progress } from '@ecore/core/answering/progress.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { LANGUAGES } from '@ecore/core/shared/language.ts';
import { countsAsEvidence, reportingDateOf } from '@ecore/core/answering/evidence.ts';
import { evidenceByQuestion, linkEvidence } from '@ecore/adapters/db/answering/evidence-repository.ts';
import { findLatestAssetQuestionnaire, insertAssetQuestionnaire, type AssetQuestionnaireRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import { insertAnnualStart, lockAssetRow } from '@ecore/adapters/db/answering/annual-repository.ts';
import { lockAnswerRow, writeAnswerWithChange } from '@ecore/adapters/db/answering/sheet-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { HttpError } from '../../plugins/http-error.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import type { ScoreKeeper } from '../scoring/stored-score.ts';
import { answersOf, questionnaireState, structureFor } from './context.ts';

type Trx = Transaction<DB>;

/** What one annual start needs, all read before its transaction (the embedded database has one connection). */
export interface AnnualInputs {
  asset: AssetView;
  /** The latest questionnaire as seen before the transaction; the start is refused when it changed meanwhile. */
  seen: AssetQuestionnaireRow;
  from: ScoredTemplate;
  to: ScoredTemplate;
  userId: number;
  by: string;
  at: Date;
  scoring: ScoreKeeper;
}

/**
 * Starts next year's filled questionnaire of one object inside the caller's transaction (issue 22, DOMAIN.md §8):
 * the object's row is locked first, so that two starts at once create one questionnaire (the second finds the new
 * Active one and is refused); core's `annualCarry` decides what is carried. Each carried answer is stored as
 * answered with a change-log row `CarriedFromPreviousYear` naming the year it came from; value questions stay
 * empty, last year's figures are kept beside them (annual_starts); documents stay with the year they prove, and a
 * carried answer is linked again to last year's library documents still valid on the new reporting date.
 * Answers the new questionnaire's id.
 */
export async function startAnnual(trx: Trx, input: AnnualInputs): Promise<number> {
  const { asset, seen, from, to, userId, by, at, scoring } = input;
  await lockAssetRow(trx, asset.id);
  const latest = await findLatestAssetQuestionnaire(trx, asset.id);
  if (!latest || latest.id !== seen.id || E.isLeft(annualStartProblem(questionnaireState(latest)))) throw new HttpError(400, 'questionnaire-annual-invalid');
  const oldStructure = structureFor(from, asset);
  const newStructure = structureFor(to, asset);
  const { stored } = await answersOf(trx as never, latest);
  const carry = annualCarry(oldStructure, newStructure, givenAnswers(stored), latest.reportingYear);
  const reportingYear = nextReportingYear(latest.reportingYear);
  const id = await insertAssetQuestionnaire(trx, { assetId: asset.id, questionnaireId: to.id, reportingYear, createdBy: userId, total: answerableQuestions(newStructure).length, at });
  const questions = new Map(answerableQuestions(newStructure).map((q) => [q.id, q]));
  const year = String(latest.reportingYear);
  // The library documents of last year's answers still valid on the new reporting date go with the carried answers (docs/evidence.md).
  const evidence = await evidenceByQuestion(trx, latest.id);
  const reportingDate = reportingDateOf(reportingYear);
  for (const c of carry.carried) {
    const question = questions.get(c.questionId);
    if (!question) continue;
    const answer = await lockAnswerRow(trx, id, c.questionId, by, at);
    await writeAnswerWithChange(trx, answer.id, { ...c.value, state: 'Answered' }, by, at, {
      assetQuestionnaireId: id,
      questionId: c.questionId,
      kind: 'CarriedFromPreviousYear',
      userId,
      oldValue: { text: { de: year, en: year } },
      newValue: { value: c.value, text: Object.fromEntries(LANGUAGES.map((l) => [l, answerText(question, c.value, l)])) },
      note: year,
    });
    for (const entry of evidence.get(c.fromQuestionId) ?? []) {
      if (countsAsEvidence(entry, reportingDate)) await linkEvidence(trx, answer.id, entry, by, at);
    }
  }
  await insertAnnualStart(
    trx,
    id,
    { previousId: latest.id, previousReportingYear: latest.reportingYear, previousArea: asset.assetTotalArea, lastYearValues: carry.hints.filter((h) => questions.has(h.questionId)) },
    by,
    at,
  );
  const after = await answersOf(trx as never, { id });
  await scoring.store(trx, to, { ...asset, area: asset.assetTotalArea }, { id, reportingYear }, after.stored, progress(newStructure, after.stored));
  return id;
}
