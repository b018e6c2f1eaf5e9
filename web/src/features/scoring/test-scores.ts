import type { AnswerValue } from '@ecore/core/answering/answers.ts';
import { Role } from '@ecore/core/identity/roles.ts';
import { score, type ScoreResult, type ScoringAnswer, type StrandingOutcome } from '@ecore/core/scoring/score.ts';
import { answer, certificatesQuestion, clusters, energyQuestion, filledQuestionnaire, strategyQuestion } from '../answering/test-questionnaire.ts';
import type { FilledQuestionnaire } from '../answering/answering-api.ts';
import { sessionOf } from '../review/test-review.ts';
import type { ObjectScore, WhatIfAnswer } from './scoring-api.ts';

/*
 * Results for the component tests, computed by core's `score` from answering's small test questionnaire (cluster I
 * with a single choice, a multiple choice, a value and a DK question; clusters II–IV empty), so that every number
 * and classification on screen is core's. The reference data is empty: the DK question is refused, naming what
 * is missing, exactly as the server would answer.
 */

export const OBJECT_ADMIN = sessionOf(4, 'objectadmin', [Role.ObjectAdministrator]);
export const ANALYST = sessionOf(6, 'analyst', [Role.ObjectAnalyst]);
/** A prospective buyer of a buyer organisation: not a member of the portal (core scoreWithheld). */
export const BUYER = (() => {
  const session = sessionOf(12, 'buyer', [Role.ProspectiveBuyer]);
  return { ...session, actor: { ...session.actor, orgBuyer: true } };
})();

/** "Teilweise" (2 of 3), DGNB (1 of 3) and 120 kWh/m²/a: cluster I at 3 of 6 points, ECORE 50. */
export const STORED: Record<number, AnswerValue> = {
  [strategyQuestion.id!]: { inputAnswer: null, multipleChoiceOption: [2] },
  [certificatesQuestion.id!]: { inputAnswer: null, multipleChoiceOption: [11] },
  [energyQuestion.id!]: { inputAnswer: 120, multipleChoiceOption: [] },
};

export const testFilled = (): FilledQuestionnaire =>
  filledQuestionnaire({ answers: Object.entries(STORED).map(([questionId, value]) => answer(Number(questionId), value)) });

const OBJECT = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1000, reportingYear: 2025 };

/** Core's result for the stored answers with `changes` over them (what the server's preview does). */
export const testResult = (changes: readonly WhatIfAnswer[] = []): ScoreResult => {
  const answers: ScoringAnswer[] = [...Object.entries(STORED).map(([questionId, value]) => ({ questionId: Number(questionId), ...value })), ...changes];
  return score({ clusters, scoredAmbitionLevels: ['A1'] }, OBJECT, answers, { values: [], emissionFactors: [] });
};

export const computedStranding = (misalignmentYear: number | null): StrandingOutcome => ({
  status: 'computed',
  result: { misalignmentYear, beyond2050: misalignmentYear === null, years: [], source: 'reported' },
});

export const objectScore = (result: ScoreResult = testResult(), fields: Partial<ObjectScore> = {}): ObjectScore => ({
  assetId: 7,
  questionnaireId: 5,
  assetQuestionnaireState: 'Active',
  verified: false,
  result,
  ...fields,
});
