import type { Language } from '../shared/language.ts';
import { message, type MessageKey } from '../shared/messages.ts';
import { formatScore, roundForDisplay } from '../scoring/display.ts';
import { calendarDate } from '../review/transitions.ts';
import { clusterNameOf } from '../questionnaires/template-export.ts';
import { formatCode } from './code.ts';
import { labelTitle, type Certificate } from './certificate.ts';

const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** A calendar date (`YYYY-MM-DD`) as people of the language read it: "14.03.2026", "14 March 2026". */
export const formatCertificateDate = (date: string, language: Language): string => {
  const [y, m, d] = date.split('-').map(Number);
  return DATE_FORMATS[language].format(new Date(Date.UTC(y!, m! - 1, d!)));
};

/** Everything the certificate document shows, formatted in one language; the template only places it. */
export interface CertificateDocument {
  language: Language;
  labels: Record<string, string>;
  labelName: string;
  /** The title: the label with the year ("ECORE Label 2025"). */
  title: string;
  /** The version code in small print ("Fragebogenversion 2025_01"). */
  versionNote: string;
  subjectLabel: string;
  intro: string;
  subjectName: string;
  address: string;
  ownerName: string;
  questionnaireName: string;
  /** The score as points, as every screen of the portal shows it: "52,2 von 100 Punkten". */
  score: string;
  /** The score's figure alone ("52,2"), for the seal. */
  scoreFigure: string;
  financeScore: string;
  /** Each cluster with its number and name ("I Governance"), its share and classification. */
  clusters: { clusterIdentifier: string; name: string; percent: string; width: number; classification: string; tone: string }[];
  taxonomy: string;
  taxonomyConforms: boolean;
  evaluatedAt: string;
  validUntil: string;
  issuedAt: string;
  evaluatorName: string;
  testerName: string;
  testerOrganisation: string;
  code: string;
  verificationUrl: string;
  verifyHint: string;
}

const LABEL_KEYS = [
  'certificate-title',
  'certificate-address',
  'certificate-owner',
  'certificate-questionnaire',
  'certificate-score',
  'certificate-finance-score',
  'certificate-clusters',
  'certificate-cluster',
  'certificate-cluster-score',
  'certificate-classification',
  'certificate-taxonomy',
  'certificate-evaluated-at',
  'certificate-valid-until',
  'certificate-evaluator',
  'certificate-tester',
  'certificate-tester-organisation',
  'certificate-signature',
  'certificate-place-date',
  'certificate-code',
  'certificate-issued-at',
] as const satisfies readonly MessageKey[];

/**
 * The certificate as its document shows it (DOMAIN.md §6): scores as points with one decimal, the clusters named,
 * localised dates, texts of the catalogue.
 */
export const certificateDocument = (cert: Certificate, language: Language, verificationUrl: string): CertificateDocument => {
  const t = (key: MessageKey, params: Record<string, string | number> = {}) => message(key, language, params);
  const share = cert.taxonomy.share === null ? null : formatScore(cert.taxonomy.share * 100, language);
  const points = (score: number | null) => (score === null ? '–' : t('certificate-points', { score: formatScore(score, language) }));
  return {
    language,
    labels: Object.fromEntries(LABEL_KEYS.map((key) => [key.replace('certificate-', ''), t(key)])),
    labelName: cert.labelName,
    title: labelTitle(cert.labelName),
    versionNote: t('certificate-version', { version: cert.questionnaireName }),
    subjectLabel: t(cert.subjectKind === 'group' ? 'certificate-subject-group' : 'certificate-subject-asset'),
    intro: t(cert.subjectKind === 'group' ? 'certificate-intro-group' : 'certificate-intro-asset'),
    subjectName: cert.subjectName,
    address: cert.address,
    ownerName: cert.ownerName,
    questionnaireName: cert.questionnaireName,
    score: points(cert.ecoreScore),
    scoreFigure: formatScore(cert.ecoreScore, language),
    financeScore: points(cert.financeScore),
    clusters: cert.clusters.map((c, i) => ({
      clusterIdentifier: c.clusterIdentifier,
      name: clusterNameOf(c.clusterIdentifier, language, i),
      percent: c.ratio === null ? '–' : `${formatScore(c.ratio * 100, language)} %`,
      width: c.ratio === null ? 0 : Math.max(0, Math.min(100, roundForDisplay(c.ratio * 100))),
      classification: t(`scoring-classification-${c.classification}`),
      tone: c.classification.toLowerCase(),
    })),
    taxonomy: share === null ? t('certificate-taxonomy-none') : t(cert.taxonomy.conforms ? 'certificate-taxonomy-conforms' : 'certificate-taxonomy-not-conforming', { share }),
    taxonomyConforms: cert.taxonomy.conforms,
    evaluatedAt: formatCertificateDate(cert.evaluatedAt, language),
    validUntil: formatCertificateDate(cert.validUntil, language),
    issuedAt: formatCertificateDate(calendarDate(new Date(cert.issuedAt)), language),
    evaluatorName: cert.evaluatorName,
    testerName: cert.testerName,
    testerOrganisation: cert.testerOrganisation,
    code: formatCode(cert.code),
    verificationUrl,
    verifyHint: t('certificate-verify-hint', { url: verificationUrl.replace(/\/[^/]*$/, '') }),
  };
};
