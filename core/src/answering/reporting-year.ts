import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { z } from 'zod';
import type { AssetActor, AssetFacts } from '../assets/asset-access.ts';
import { REPORTING_YEAR_MIN } from '../scoring/stranding.ts';
import type { AssetQuestionnaireState } from './answers.ts';
import { mayUpdateToActive } from './submission.ts';
import { reportingYearOf } from './versions.ts';

/** The states in which a filled questionnaire's reporting year may change: those in which its answers are edited. */
export const REPORTING_YEAR_EDITABLE_STATES: readonly AssetQuestionnaireState[] = ['Active', 'Declined'];

/** The years a reporting year may take on a day: from 2015 up to the calendar year before (a year whose consumption is known). */
export const reportingYearRange = (today: number): { from: number; to: number } => ({ from: REPORTING_YEAR_MIN, to: reportingYearOf(today) });

/**
 * Who changes the reporting year (DOMAIN.md §5): the object administrator, and the prospective buyer on its buyer
 * assets, for the owner (as for moving to the active version or starting next year). The collector may not.
 */
export const mayChangeReportingYear = (actor: AssetActor, asset: AssetFacts): boolean => mayUpdateToActive(actor, asset);

/** PUT /api/asset/{id}/questionnaire/{qid}/reportingYear: `{ "reportingYear": 2024 }`; whole years in range are `changeReportingYear`'s decision. */
export const reportingYearBodySchema = z.object({ reportingYear: z.number({ error: 'validation-number' }).finite({ error: 'validation-number' }) });

export type ReportingYearRefusal =
  | { _tag: 'questionnaire-reporting-year-range'; from: number; to: number }
  | { _tag: 'questionnaire-reporting-year-not-editable'; state: AssetQuestionnaireState };

/**
 * A change of the reporting year (DOMAIN.md §5), decided before anything is stored: refused outside 2015 … the year
 * before `today`, and on a questionnaire that is not editable (Review, Evaluation, Verification, Closed, …). The
 * outcome says whether anything changes; the caller logs it and scores the questionnaire again in one transaction.
 */
export const changeReportingYear = (
  facts: { state: AssetQuestionnaireState; current: number },
  reportingYear: number,
  today: number,
): Either<ReportingYearRefusal, { from: number; to: number; changed: boolean }> => {
  const range = reportingYearRange(today);
  if (!Number.isInteger(reportingYear) || reportingYear < range.from || reportingYear > range.to) return E.left({ _tag: 'questionnaire-reporting-year-range', ...range });
  if (!REPORTING_YEAR_EDITABLE_STATES.includes(facts.state)) return E.left({ _tag: 'questionnaire-reporting-year-not-editable', state: facts.state });
  return E.right({ from: facts.current, to: reportingYear, changed: facts.current !== reportingYear });
};
