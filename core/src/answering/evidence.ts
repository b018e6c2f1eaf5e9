import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { isCalendarDate } from '../review/transitions.ts';
import { Role } from '../identity/roles.ts';
import type { AnswerState, AssetQuestionnaireState } from './answers.ts';
import { ANSWERING_ROLES } from './submission.ts';

/**
 * The evidence library of an organisation (docs/evidence.md): a document uploaded once, with a title, a type and an
 * optional validity, linked to any number of answers across the organisation's objects and questionnaires.
 */
export const EVIDENCE_TYPES = ['policy', 'contract', 'bill', 'meter-reading', 'certificate', 'photo', 'other'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** The documents expiring within this many days are listed for the object administrator. */
export const EXPIRY_NOTICE_DAYS = 60;

export const MAX_EVIDENCE_TITLE = 200;

/** A library entry's description as given: validity as calendar dates (`YYYY-MM-DD`) or null for open-ended. */
export interface EvidenceFields {
  title: string;
  type: EvidenceType;
  validFrom: string | null;
  validUntil: string | null;
}

/** An answer a library entry is linked to (the link is that answer's document), with its object and questionnaire. */
export interface EvidenceLink {
  documentId: number;
  answerId: number;
  questionId: number;
  assetId: number;
  assetName: string;
  assetQuestionnaireId: number;
  questionnaireState: string;
  reportingYear: number | null;
}

export type EvidenceFieldError = { path: keyof EvidenceFields; key: 'validation-required' | 'evidence-title-too-long' | 'evidence-date' | 'evidence-valid-until-before-from' };

/** The fields of a library entry, or what is wrong with them: a title, dates that exist, validUntil not before validFrom. */
export const checkEvidenceFields = (fields: EvidenceFields): Either<EvidenceFieldError[], EvidenceFields> => {
  const errors: EvidenceFieldError[] = [];
  const title = fields.title.trim();
  if (title === '') errors.push({ path: 'title', key: 'validation-required' });
  else if (title.length > MAX_EVIDENCE_TITLE) errors.push({ path: 'title', key: 'evidence-title-too-long' });
  for (const path of ['validFrom', 'validUntil'] as const) {
    const value = fields[path];
    if (value !== null && !isCalendarDate(value)) errors.push({ path, key: 'evidence-date' });
  }
  if (errors.length === 0 && fields.validFrom !== null && fields.validUntil !== null && fields.validUntil < fields.validFrom) {
    errors.push({ path: 'validUntil', key: 'evidence-valid-until-before-from' });
  }
  return errors.length > 0 ? E.left(errors) : E.right({ ...fields, title });
};

/**
 * Whether a document counts as evidence on a reporting date: exactly when the date lies within its validity (both
 * ends included; an open end is no limit).
 */
export const countsAsEvidence = (validity: { validFrom: string | null; validUntil: string | null }, reportingDate: string): boolean =>
  (validity.validFrom === null || validity.validFrom <= reportingDate) && (validity.validUntil === null || reportingDate <= validity.validUntil);

/**
 * The answers with the titles of their library documents that do not count as evidence on the reporting date
 * (`expiredEvidence`); `evidence` lists each answer's documents with their validity.
 */
export const withExpiredEvidence = <A extends { id: number }>(
  answers: readonly A[],
  evidence: ReadonlyMap<number, readonly { title: string; validFrom: string | null; validUntil: string | null }[]>,
  reportingDate: string,
): (A & { expiredEvidence: string[] })[] =>
  answers.map((a) => ({ ...a, expiredEvidence: (evidence.get(a.id) ?? []).filter((d) => !countsAsEvidence(d, reportingDate)).map((d) => d.title) }));

/** The reporting date of a questionnaire: the last day of its reporting year. */
export const reportingDateOf = (reportingYear: number): string => `${String(reportingYear).padStart(4, '0')}-12-31`;

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether a document's validity ends within `days` days from `today` (today included; already expired is not "expiring"). */
export const expiresWithin = (validUntil: string | null, today: string, days: number): boolean => validUntil !== null && today <= validUntil && validUntil <= addDays(today, days);

/**
 * The states of a questionnaire that is submitted or closed: its documents are part of a (coming) label, so a
 * document linked to one of its answers is not deleted.
 */
export const LABEL_STATES: readonly AssetQuestionnaireState[] = ['Review', 'Evaluation', 'Verification', 'Closed'];

/** Whether a library entry may be deleted, given the states of the questionnaires its links are in. */
export const mayDeleteEvidence = (linkedStates: readonly AssetQuestionnaireState[]): Either<'evidence-in-label', true> =>
  linkedStates.some((s) => LABEL_STATES.includes(s)) ? E.left('evidence-in-label') : E.right(true);

/** Who changes the organisation's library (uploads, describes, deletes, links): those who answer for it. */
export const mayChangeLibrary = (actor: { roles: readonly Role[] }): boolean => actor.roles.some((r) => ANSWERING_ROLES.includes(r));

/** Who reads the organisation's library: those who change it, and the object analyst. */
export const mayReadLibrary = (actor: { roles: readonly Role[] }): boolean => mayChangeLibrary(actor) || actor.roles.includes(Role.ObjectAnalyst);

/** The states of an answer a tester or an evaluator accepted: its documents were checked with it. */
export const CHECKED_ANSWER_STATES: readonly AnswerState[] = ['ReviewAccepted', 'EvaluationAccepted'];

/** Who checked an answer: the name of whoever accepted it, null for any other state. */
export const checkerOf = (state: AnswerState | null, by: string): string | null => (state !== null && CHECKED_ANSWER_STATES.includes(state) ? by : null);

/** A link of a library entry to an answer of some questionnaire, with that answer's review. */
export interface LinkedCheck {
  evidenceId: number;
  assetQuestionnaireId: number;
  assetName: string;
  reportingYear: number | null;
  answerState: AnswerState | null;
  checkedBy: string | null;
  checkedAt: string | null;
  /** The code of the label issued on that questionnaire, if any. */
  certificateCode: string | null;
}

/**
 * Where each library entry was already checked (docs/evidence.md "Already checked"): its links to answers of other
 * questionnaires than `assetQuestionnaireId` that were accepted, newest check first. The check itself stays per
 * answer; this only tells the tester that a document was read before.
 */
export const checkedElsewhere = (links: readonly LinkedCheck[], assetQuestionnaireId: number): Map<number, LinkedCheck[]> => {
  const found = new Map<number, LinkedCheck[]>();
  for (const link of links) {
    if (link.assetQuestionnaireId === assetQuestionnaireId || link.answerState === null || !CHECKED_ANSWER_STATES.includes(link.answerState)) continue;
    found.set(link.evidenceId, [...(found.get(link.evidenceId) ?? []), link]);
  }
  for (const checks of found.values()) checks.sort((a, b) => (b.checkedAt ?? '').localeCompare(a.checkedAt ?? ''));
  return found;
};
