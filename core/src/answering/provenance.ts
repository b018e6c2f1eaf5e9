import * as E from 'fp-ts/lib/Either.js';
import type { Either } from 'fp-ts/lib/Either.js';
import type { Question } from '../questionnaires/template.ts';
import type { Language } from '../shared/language.ts';

/**
 * Where a figure comes from (issue 40): read off a meter or a bill (`measured`), extrapolated or taken from a
 * benchmark (`estimated`), or derived from other figures (`calculated`). Banks grade their data quality by it
 * (PCAF); an answer to a value question carries one, `measured` unless said otherwise.
 */
export const PROVENANCES = ['measured', 'estimated', 'calculated'] as const;
export type Provenance = (typeof PROVENANCES)[number];

/** The provenance of a new figure when the save names none. */
export const DEFAULT_PROVENANCE: Provenance = 'measured';

export const isProvenance = (value: unknown): value is Provenance => typeof value === 'string' && (PROVENANCES as readonly string[]).includes(value);

/** The words of each provenance, as the answering screen, the change log and the exports use them. */
export const PROVENANCE_NAMES: Record<Provenance, Record<Language, string>> = {
  measured: { de: 'gemessen', en: 'measured' },
  estimated: { de: 'geschätzt', en: 'estimated' },
  calculated: { de: 'berechnet', en: 'calculated' },
};

export type ProvenanceProblemKey = 'answer-provenance-unknown' | 'answer-kind-mismatch';

/**
 * The provenance a save names (`undefined`: none named, keep the answer's own): one of the three, or null/absent.
 * Only a figure has one: a provenance named for a choice question is refused as the wrong kind of answer.
 */
export const checkProvenance = (question: Pick<Question, 'type'>, raw: unknown): Either<ProvenanceProblemKey, Provenance | undefined> => {
  if (raw === undefined || raw === null) return E.right(undefined);
  if (!isProvenance(raw)) return E.left('answer-provenance-unknown');
  if (question.type !== 'ValueQuestion') return E.left('answer-kind-mismatch');
  return E.right(raw);
};

/**
 * The provenance an answer holds after a save: none for a choice question or an empty figure; else the one named,
 * else the one it had, else `measured`.
 */
export const provenanceAfter = (question: Pick<Question, 'type'>, inputAnswer: number | null, named: Provenance | undefined, before: string | null | undefined): Provenance | null => {
  if (question.type !== 'ValueQuestion' || inputAnswer === null) return null;
  return named ?? (isProvenance(before) ? before : DEFAULT_PROVENANCE);
};

/**
 * The provenance of a stored answer as the API and the screens show it: a figure's own, `measured` for a figure
 * stored before figures had one, none for anything else.
 */
export const provenanceOf = (answer: { inputAnswer: number | null; provenance?: string | null | undefined }): Provenance | null =>
  answer.inputAnswer === null ? null : isProvenance(answer.provenance) ? answer.provenance : DEFAULT_PROVENANCE;
