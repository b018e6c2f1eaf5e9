import { givenAnswers } from '@ecore/core/answering/answers.ts';
import type { Transaction } from 'kysely';
import * as E from 'fp-ts/lib/Either.js';
import { answerableQuestions } from '@ecore/core/answering/applicability.ts';
import { annualCarry, annualStartProblem, nextReportingYear } from '@ecore/core/answering/annual.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { countsAsEvidence, reportingDateOf } from '@ecore/core/answering/evidence.ts';
import { evidenceByQuestion, linkEvidence } from '@ecore/adapters/db/answering/evidence-repository.ts';
import { findLatestAssetQuestionnaire, insertAssetQuestionnaire, type AssetQuestionnaireRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import { insertAnnualStart, lockAssetRow } from '@ecore/adapters/db/answering/annual-repository.ts';
import { findSheet, writeSave } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { decideSave } from '@ecore/core/answering/save.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { HttpError } from '../../plugins/http-error.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import type { ScoreKeeper } from '../scoring/stored-score.ts';
import { answersOf, questionnaireState, structureFor } from './context.ts';
import { refusalError } from './save-answers.ts';

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
  const questions = new Set(answerableQuestions(newStructure).map((q) => q.id));
  // The carried answers are saved as every save is (core decideSave on the new questionnaire read with its row
  // locked), each logged as carried from last year's reporting year.
  const locked = (await findSheet(trx, asset.id, id, true))!;
  const items = carry.carried.filter((c) => questions.has(c.questionId)).map((c, index) => ({ index, questionId: c.questionId, ...c.value }));
  const object = { ...asset, area: asset.assetTotalArea };
  const scoreOf = (answers: Parameters<typeof scoring.figures>[3]) => ({ ...scoring.figures(to, object, reportingYear, answers), scoredAt: at });
  const decided = decideSave(locked, items, { userId }, at.getTime(), { structure: newStructure, sampled: false, note: '', carriedFrom: latest.reportingYear, score: scoreOf });
  if (E.isLeft(decided)) throw refusalError(decided.left);
  const outcome = decided.right;
  // A new questionnaire keeps a stored score and progress even when nothing is carried.
  const figures = outcome.figures ?? { score: scoreOf([]), answered: outcome.progress.answered, total: outcome.progress.total };
  const written = await writeSave(trx, {
    questionnaireId: id,
    by,
    at,
    answers: outcome.writes.map((w) => ({ questionId: w.questionId, answerId: w.answerId, ...w.value })),
    changes: outcome.changes,
    adjustments: null,
    figures: { ...figures.score, answered: figures.answered, total: figures.total },
  });
  // The library documents of last year's answers still valid on the new reporting date go with the carried answers (docs/evidence.md).
  const evidence = await evidenceByQuestion(trx, latest.id);
  const reportingDate = reportingDateOf(reportingYear);
  const answerOf = new Map(written.map((a) => [a.questionId, a.id]));
  for (const c of carry.carried) {
    const answerId = answerOf.get(c.questionId);
    if (answerId === undefined) continue;
    for (const entry of evidence.get(c.fromQuestionId) ?? []) if (countsAsEvidence(entry, reportingDate)) await linkEvidence(trx, answerId, entry, by, at);
  }
  await insertAnnualStart(
    trx,
    id,
    { previousId: latest.id, previousReportingYear: latest.reportingYear, previousArea: asset.assetTotalArea, lastYearValues: carry.hints.filter((h) => questions.has(h.questionId)) },
    by,
    at,
  );
  return id;
}
