import { answerableQuestions, type AnswerStructure } from '../answering/applicability.ts';
import { isGivenAnswer, type StoredAnswer } from '../answering/answers.ts';
import { provenanceOf } from '../answering/provenance.ts';
import type { OutlierQuality } from './outliers.ts';

/**
 * Data quality (issue 40): of the consumption figures a questionnaire asks (its value questions with a KPI key:
 * energy in total and per carrier, carbon, water, waste), the shares measured, estimated, calculated and missing,
 * and the share of them with an open plausibility flag. Banks grade the data behind financed emissions by the same
 * distinction (PCAF); an estimated share above a fifth is commonly treated as weak data.
 */
export const DATA_QUALITY_KINDS = ['measured', 'estimated', 'calculated', 'missing'] as const;
export type DataQualityKind = (typeof DATA_QUALITY_KINDS)[number];

/** Above this share of estimated figures (by count, for groups by floor area) the data counts as weak. */
export const WEAK_ESTIMATED_SHARE = 0.2;

export interface DataQuality {
  /** The consumption figures asked (an object's count; a group's sum over its objects). */
  figures: number;
  /** Shares from 0 to 1 that add up to 1 (all missing where nothing is asked). */
  shares: Record<DataQualityKind, number>;
  /** Open plausibility flags, and all flags. */
  openFlags: number;
  flags: number;
  /** The share of asked figures with an open flag (for groups weighted by floor area). */
  openFlagShare: number;
  /** More than a fifth of the figures (for groups: of the area) are estimated. */
  weak: boolean;
}

const noShares = (): Record<DataQualityKind, number> => ({ measured: 0, estimated: 0, calculated: 0, missing: 0 });

/** The consumption questions of a structure: the value questions with a KPI key the object answers. */
export const consumptionQuestions = (structure: AnswerStructure) => answerableQuestions(structure).filter((q) => q.type === 'ValueQuestion' && q.kpiKey !== null && q.id !== null);

/** An object's data quality from its answers and its flags' part (core `outlierQuality`). */
export const dataQuality = (
  structure: AnswerStructure,
  answers: readonly (Pick<StoredAnswer, 'questionId' | 'inputAnswer'> & { state?: string | null; provenance?: string | null })[],
  flags: Pick<OutlierQuality, 'openFlags' | 'flags' | 'openShare'>,
): DataQuality => {
  const asked = consumptionQuestions(structure);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const counts = noShares();
  for (const question of asked) {
    const answer = byQuestion.get(question.id!);
    const provenance = answer && isGivenAnswer(answer) ? provenanceOf(answer) : null;
    counts[provenance ?? 'missing'] += 1;
  }
  const shares = asked.length === 0 ? { ...noShares(), missing: 1 } : mapShares((kind) => counts[kind] / asked.length);
  return { figures: asked.length, shares, openFlags: flags.openFlags, flags: flags.flags, openFlagShare: flags.openShare, weak: shares.estimated > WEAK_ESTIMATED_SHARE };
};

const mapShares = (share: (kind: DataQualityKind) => number): Record<DataQualityKind, number> =>
  Object.fromEntries(DATA_QUALITY_KINDS.map((kind) => [kind, share(kind)])) as Record<DataQualityKind, number>;

/**
 * A group's data quality: its objects' shares weighted by their gross floor area (equally where no object has an
 * area), their figures and flags summed.
 */
export const groupDataQuality = (parts: readonly { area: number; quality: DataQuality }[]): DataQuality => {
  if (parts.length === 0) return { figures: 0, shares: { ...noShares(), missing: 1 }, openFlags: 0, flags: 0, openFlagShare: 0, weak: false };
  const totalArea = parts.reduce((sum, p) => sum + Math.max(0, p.area), 0);
  const weight = (p: { area: number }) => (totalArea > 0 ? Math.max(0, p.area) / totalArea : 1 / parts.length);
  const shares = mapShares((kind) => parts.reduce((sum, p) => sum + weight(p) * p.quality.shares[kind], 0));
  return {
    figures: parts.reduce((sum, p) => sum + p.quality.figures, 0),
    shares,
    openFlags: parts.reduce((sum, p) => sum + p.quality.openFlags, 0),
    flags: parts.reduce((sum, p) => sum + p.quality.flags, 0),
    openFlagShare: parts.reduce((sum, p) => sum + weight(p) * p.quality.openFlagShare, 0),
    weak: shares.estimated > WEAK_ESTIMATED_SHARE,
  };
};
