import type { AssetActor } from '../assets/asset-access.ts';
import { Role } from '../identity/roles.ts';
import { mayDownloadGroupLabel } from '../object-groups/group-rules.ts';
import { isEvaluator } from '../review/testers.ts';
import { isCalendarDate, validUntil } from '../review/transitions.ts';
import type { Classification } from '../scoring/display.ts';
import type { GroupResult, ScoreResult } from '../scoring/score.ts';

// The validity rule is the review module's (DOMAIN.md §6: evaluation date + 1 year − 1 day); written once.
export { validUntil };

/**
 * Certificates (labels) of closed objects and groups (DOMAIN.md §6, spec 02 §3 "Certificate", §4, §6;
 * docs/certificates.md): what a certificate holds, its status on a day, who sees and who downloads it.
 */

export const SUBJECT_KINDS = ['asset', 'group'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'superseded'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
/** What the public verification answers: a certificate's status, or `unknown` for a code nobody issued. */
export const VERIFICATION_STATUSES = [...CERTIFICATE_STATUSES, 'unknown'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** One cluster's sub-score as the certificate keeps it. */
export interface CertificateCluster {
  clusterIdentifier: string;
  ratio: number | null;
  classification: Classification;
}

/** The figures a certificate copies at issue time and never changes (a snapshot of core `score` / `groupResult`). */
export interface CertificateFigures {
  ecoreScore: number | null;
  financeScore: number | null;
  clusters: CertificateCluster[];
  taxonomy: { share: number | null; conforms: boolean };
}

/** A certificate as issued (the stored row, mapped). Dates are calendar dates `YYYY-MM-DD`; `issuedAt` ISO 8601. */
export interface Certificate extends CertificateFigures {
  id: number;
  /** Stored form: 20 characters, no dashes (`formatCode` shows it). */
  code: string;
  subjectKind: SubjectKind;
  assetId: number | null;
  assetGroupId: number | null;
  assetQuestionnaireId: number | null;
  questionnaireName: string;
  labelName: string;
  ownerName: string;
  subjectName: string;
  address: string;
  evaluatedAt: string;
  validUntil: string;
  evaluatorName: string;
  testerName: string;
  testerOrganisation: string;
  issuedAt: string;
  supersededBy: number | null;
  /** The issuing organisation's audit chain hash at the issue (docs/security.md "Audit chain"); absent before the chain existed. */
  chainHash?: string | null;
}

export type NewCertificate = Omit<Certificate, 'id' | 'issuedAt' | 'supersededBy' | 'chainHash'>;

/** The label's name: "ECORE Label 2025_01" for a questionnaire version named 2025_01 (DOMAIN.md §6). */
export const labelName = (questionnaireName: string): string => `ECORE Label ${questionnaireName.trim()}`;

/**
 * The label's title as a reader expects it: the year of the version ("ECORE Label 2025" for "ECORE Label 2025_01");
 * the version code itself stays the label's name in the data and the verification, and is printed in small type.
 */
export const labelTitle = (name: string): string => name.replace(/\b(\d{4})_\d+\s*$/, '$1');

/** The snapshot of an object's score or a group's result: totals unrounded, clusters with their classification. */
export const certificateFigures = (result: Pick<ScoreResult | GroupResult, 'ecore' | 'finance' | 'clusters' | 'taxonomy'>): CertificateFigures => ({
  ecoreScore: result.ecore,
  financeScore: result.finance,
  clusters: result.clusters.map((c) => ({ clusterIdentifier: c.clusterIdentifier, ratio: c.ratio, classification: c.classification })),
  taxonomy: { share: result.taxonomy.share, conforms: result.taxonomy.conforms },
});

/** What the server knows when a questionnaire or a group closes; the code's random part comes from it too. */
export interface IssueFacts {
  code: string;
  subject:
    | { kind: 'asset'; assetId: number; assetQuestionnaireId: number }
    | { kind: 'group'; assetGroupId: number };
  questionnaireName: string;
  ownerName: string;
  subjectName: string;
  address: string;
  result: Pick<ScoreResult | GroupResult, 'ecore' | 'finance' | 'clusters' | 'taxonomy'>;
  /** The evaluation date, `YYYY-MM-DD`. */
  evaluatedAt: string;
  /** The validity the review recorded when closing; absent: derived from the evaluation date by the same rule. */
  validUntil?: string | null;
  evaluatorName: string;
  testerName: string;
  testerOrganisation: string;
}

/** The certificate to store when an object or group closes (DOMAIN.md §6): label name, validity and figures derived here. */
export const newCertificate = (facts: IssueFacts): NewCertificate => {
  if (!isCalendarDate(facts.evaluatedAt)) throw new RangeError(`not a calendar date: ${facts.evaluatedAt}`);
  return {
    code: facts.code,
    subjectKind: facts.subject.kind,
    assetId: facts.subject.kind === 'asset' ? facts.subject.assetId : null,
    assetGroupId: facts.subject.kind === 'group' ? facts.subject.assetGroupId : null,
    assetQuestionnaireId: facts.subject.kind === 'asset' ? facts.subject.assetQuestionnaireId : null,
    questionnaireName: facts.questionnaireName,
    labelName: labelName(facts.questionnaireName),
    ownerName: facts.ownerName,
    subjectName: facts.subjectName,
    address: facts.address,
    ...certificateFigures(facts.result),
    evaluatedAt: facts.evaluatedAt,
    validUntil: facts.validUntil ?? validUntil(facts.evaluatedAt),
    evaluatorName: facts.evaluatorName,
    testerName: facts.testerName,
    testerOrganisation: facts.testerOrganisation,
  };
};

/**
 * A certificate's status on a day (`today` as `YYYY-MM-DD`): superseded once a later one was issued for the same
 * object or group, else expired from the day after its validity, else valid.
 */
export const certificateStatus = (cert: Pick<Certificate, 'validUntil' | 'supersededBy'>, today: string): CertificateStatus => {
  if (cert.supersededBy !== null) return 'superseded';
  if (!isCalendarDate(today) || !isCalendarDate(cert.validUntil)) throw new RangeError('not a calendar date');
  return today > cert.validUntil ? 'expired' : 'valid';
};

/** What the public verification page learns about a code: for an unknown one only that (docs/certificates.md). */
export type Verification =
  | { status: 'unknown' }
  | { status: CertificateStatus; labelName: string; ownerName: string; subjectName: string; ecoreScore: number | null; evaluatedAt: string; validUntil: string; chainHash: string | null };

export const verificationOf = (cert: Certificate | null, today: string): Verification =>
  cert === null
    ? { status: 'unknown' }
    : {
        status: certificateStatus(cert, today),
        labelName: cert.labelName,
        ownerName: cert.ownerName,
        subjectName: cert.subjectName,
        ecoreScore: cert.ecoreScore,
        evaluatedAt: cert.evaluatedAt,
        validUntil: cert.validUntil,
        chainHash: cert.chainHash ?? null,
      };

/** The facts of the subject that decide who sees and downloads its certificate. */
export interface CertificateSubject {
  kind: SubjectKind;
  organisationId: number;
  /** The group's state (groups only; their label needs Closed). */
  groupState?: string | null;
  /** Whether the actor sees the object or group by the ordinary visibility rules (DOMAIN.md §1). */
  visible: boolean;
  /** Finance partners of the buyer organisations that own the object or were granted access to it (DOMAIN.md §1). */
  financePartnerIds?: readonly number[];
}

/**
 * Who sees a certificate: whoever sees its object or group; evaluators, who issue labels across organisations
 * (spec 02 §1 "evaluators … receive label downloads"); and for a single object a user of the finance partner of a
 * buyer organisation that owns it or was granted access to it (DOMAIN.md §1, spec 02 §2). Others get 404.
 */
export const mayViewCertificate = (actor: AssetActor, subject: CertificateSubject): boolean =>
  subject.visible || isEvaluator(actor) || (subject.kind === 'asset' && actor.orgFinance && (subject.financePartnerIds ?? []).includes(actor.orgId));

/**
 * Download label (spec 02 §2, §4, §6): ObjectAdministrator (of the owner) or Evaluator; for a single object also a
 * finance-partner user; a group's label only when the group is Closed; prospective buyers never.
 */
export const mayDownloadCertificate = (actor: AssetActor, subject: CertificateSubject): boolean => {
  if (!mayViewCertificate(actor, subject) || actor.roles.includes(Role.ProspectiveBuyer)) return false;
  if (subject.kind === 'group') return subject.groupState === 'Closed' && mayDownloadGroupLabel(actor, { organisationId: subject.organisationId, state: 'Closed' });
  return isEvaluator(actor) || actor.orgFinance || (actor.roles.includes(Role.ObjectAdministrator) && actor.orgId === subject.organisationId);
};

/** The PDF's file name, naming label and subject: "ECORE-Label-2025_01-Bürohaus Mainzer Landstraße.pdf". */
export const certificateFileName = (cert: Pick<Certificate, 'labelName' | 'subjectName'>): string =>
  `${cert.labelName.replace(/\s+/g, '-')}-${cert.subjectName.replace(/[\\/:*?"<>|]/g, '_').trim()}.pdf`;

/**
 * The questionnaire version that names a portfolio's label: the one most of its objects' scored questionnaires use;
 * of versions used equally often the first by name; empty for a portfolio with none.
 */
export const portfolioVersion = (versions: readonly string[]): string => {
  const counts = new Map<string, number>();
  for (const v of versions) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
};
