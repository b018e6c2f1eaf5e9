import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import * as identityAndOrganisations from './migrations/2026-11-22-001-identity-and-organisations.ts';
import * as userAccessLists from './migrations/2026-11-22-002-user-access-lists.ts';
import * as assetsAndGroups from './migrations/2026-11-22-003-assets-and-groups.ts';
import * as questionnaireTemplates from './migrations/2026-11-22-010-questionnaire-templates.ts';
import * as signInAttempts from './migrations/2026-11-24-020-sign-in-attempts.ts';
import * as sessionNotifications from './migrations/2026-11-24-030-session-notifications.ts';
import * as listIndexes from './migrations/2026-11-24-031-list-indexes.ts';
import * as userNotifications from './migrations/2026-11-24-032-user-notifications.ts';
import * as assetNotifications from './migrations/2026-11-24-033-asset-notifications.ts';
import * as assetClassNotifications from './migrations/2026-11-24-034-asset-class-notifications.ts';
import * as templateNotifications from './migrations/2026-11-24-035-template-notifications.ts';
import * as answering from './migrations/2026-11-24-040-answering.ts';
import * as review from './migrations/2026-11-24-041-review.ts';
import * as scores from './migrations/2026-11-24-042-scores.ts';
import * as answeringNotify from './migrations/2026-11-24-043-answering-notify.ts';
import * as certificates from './migrations/2026-11-24-044-certificates.ts';
import * as scoreSummaries from './migrations/2026-11-24-045-score-summaries.ts';
import * as personalData from './migrations/2026-11-24-080-personal-data.ts';
import * as annualCycle from './migrations/2026-11-24-070-annual-cycle.ts';
import * as apiTokens from './migrations/2026-11-24-060-api-tokens.ts';
import * as imports from './migrations/2026-11-24-050-imports.ts';
import * as answeringNotifyOrigin from './migrations/2026-11-24-090-answering-notify-origin.ts';
import * as sheetVersions from './migrations/2026-11-24-091-sheet-versions.ts';
import * as sheetVersionDigest from './migrations/2026-11-25-092-sheet-version-digest.ts';
import * as scoreSummaryJson from './migrations/2026-11-25-093-score-summary-json.ts';
import * as questionnaireFillfactor from './migrations/2026-11-25-094-questionnaire-fillfactor.ts';
import * as keptAnswersFunction from './migrations/2026-11-25-095-kept-answers-function.ts';
import * as forgetKeptTokenSecrets from './migrations/2026-11-29-096-forget-kept-token-secrets.ts';
import * as demoFinanceAndReferenceData from './migrations/2026-11-29-097-demo-finance-and-reference-data.ts';
import * as scoreRulesVersion from './migrations/2026-11-29-098-score-rules-version.ts';
import * as internalChecks from './migrations/2026-11-29-099-internal-checks.ts';
import * as reviewReasons from './migrations/2026-11-29-100-review-reasons.ts';
import * as templateTitleTranslations from './migrations/2026-11-29-104-template-title-translations.ts';
import * as oneSavePath from './migrations/2026-11-29-106-one-save-path.ts';
import * as outlierAcceptances from './migrations/2026-11-29-107-outlier-acceptances.ts';
import * as answerProvenance from './migrations/2026-11-29-110-answer-provenance.ts';
import * as worklistIndexes from './migrations/2026-11-29-117-worklist-indexes.ts';
import * as answerCheckedBy from './migrations/2026-11-29-119-answer-checked-by.ts';
import * as webhooks from './migrations/2026-11-29-118-webhooks.ts';
import * as worklistDatedIndexes from './migrations/2026-11-29-124-worklist-dated-indexes.ts';
import * as openPlausibilityFlags from './migrations/2026-11-29-125-open-plausibility-flags.ts';
import * as energyPerformanceCertificate from './migrations/2026-11-29-111-energy-performance-certificate.ts';
import * as bankLoans from './migrations/2026-11-29-112-bank-loans.ts';
import * as authenticatorApps from './migrations/2026-11-29-120-authenticator-apps.ts';
import * as organisationSso from './migrations/2026-11-29-121-organisation-sso.ts';
import * as notifyAfterCommit from './migrations/2026-11-29-127-notify-after-commit.ts';
import * as auditLinksAfterCommit from './migrations/2026-11-29-128-audit-links-after-commit.ts';
import * as accessRequestIndexes from './migrations/2026-11-30-129-access-request-indexes.ts';
import * as ssoLogins from './migrations/2026-11-29-122-sso-logins.ts';
import * as passkeys from './migrations/2026-11-29-126-passkeys.ts';
import * as auditChain from './migrations/2026-11-29-114-audit-chain.ts';
import * as evidenceLibrary from './migrations/2026-11-29-115-evidence-library.ts';
import * as failedImportsIndex from './migrations/2026-11-30-130-failed-imports-index.ts';
import * as auditOrganisationInline from './migrations/2026-11-30-131-audit-organisation-inline.ts';
import * as dataQualityNotify from './migrations/2026-11-30-132-data-quality-notify.ts';

export { SESSION_CHANNEL } from './migrations/2026-11-24-030-session-notifications.ts';
export { ANSWERING_NOTIFICATION } from './migrations/2026-11-24-043-answering-notify.ts';
export { NOTIFY_AFTER_COMMIT } from './migrations/2026-11-29-127-notify-after-commit.ts';

/** Every migration, by its date-prefixed name; the same list serves PGlite and PostgreSQL. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-001-identity-and-organisations': identityAndOrganisations,
  '2026-11-22-002-user-access-lists': userAccessLists,
  '2026-11-22-003-assets-and-groups': assetsAndGroups,
  '2026-11-22-010-questionnaire-templates': questionnaireTemplates,
  '2026-11-24-020-sign-in-attempts': signInAttempts,
  '2026-11-24-030-session-notifications': sessionNotifications,
  '2026-11-24-031-list-indexes': listIndexes,
  '2026-11-24-032-user-notifications': userNotifications,
  '2026-11-24-033-asset-notifications': assetNotifications,
  '2026-11-24-034-asset-class-notifications': assetClassNotifications,
  '2026-11-24-035-template-notifications': templateNotifications,
  '2026-11-24-040-answering': answering,
  '2026-11-24-041-review': review,
  '2026-11-24-042-scores': scores,
  '2026-11-24-043-answering-notify': answeringNotify,
  '2026-11-24-044-certificates': certificates,
  '2026-11-24-045-score-summaries': scoreSummaries,
  '2026-11-24-050-imports': imports,
  '2026-11-24-060-api-tokens': apiTokens,
  '2026-11-24-070-annual-cycle': annualCycle,
  '2026-11-24-080-personal-data': personalData,
  '2026-11-24-090-answering-notify-origin': answeringNotifyOrigin,
  '2026-11-24-091-sheet-versions': sheetVersions,
  '2026-11-25-092-sheet-version-digest': sheetVersionDigest,
  '2026-11-25-093-score-summary-json': scoreSummaryJson,
  '2026-11-25-094-questionnaire-fillfactor': questionnaireFillfactor,
  '2026-11-25-095-kept-answers-function': keptAnswersFunction,
  '2026-11-29-096-forget-kept-token-secrets': forgetKeptTokenSecrets,
  '2026-11-29-097-demo-finance-and-reference-data': demoFinanceAndReferenceData,
  '2026-11-29-098-score-rules-version': scoreRulesVersion,
  '2026-11-29-099-internal-checks': internalChecks,
  '2026-11-29-100-review-reasons': reviewReasons,
  '2026-11-29-104-template-title-translations': templateTitleTranslations,
  '2026-11-29-106-one-save-path': oneSavePath,
  '2026-11-29-107-outlier-acceptances': outlierAcceptances,
  '2026-11-29-110-answer-provenance': answerProvenance,
  '2026-11-29-111-energy-performance-certificate': energyPerformanceCertificate,
  '2026-11-29-112-bank-loans': bankLoans,
  '2026-11-29-114-audit-chain': auditChain,
  '2026-11-29-115-evidence-library': evidenceLibrary,
  '2026-11-29-117-worklist-indexes': worklistIndexes,
  '2026-11-29-118-webhooks': webhooks,
  '2026-11-29-119-answer-checked-by': answerCheckedBy,
  '2026-11-29-120-authenticator-apps': authenticatorApps,
  '2026-11-29-121-organisation-sso': organisationSso,
  '2026-11-29-122-sso-logins': ssoLogins,
  '2026-11-29-124-worklist-dated-indexes': worklistDatedIndexes,
  '2026-11-29-125-open-plausibility-flags': openPlausibilityFlags,
  '2026-11-29-126-passkeys': passkeys,
  '2026-11-29-127-notify-after-commit': notifyAfterCommit,
  '2026-11-29-128-audit-links-after-commit': auditLinksAfterCommit,
  '2026-11-30-129-access-request-indexes': accessRequestIndexes,
  '2026-11-30-130-failed-imports-index': failedImportsIndex,
  '2026-11-30-131-audit-organisation-inline': auditOrganisationInline,
  '2026-11-30-132-data-quality-notify': dataQualityNotify,
};

export const migrator = (db: Kysely<any>): Migrator =>
  // Helpers working side by side add migrations whose names sort before one already run elsewhere (042 after 044):
  // a database that ran the later one runs the earlier one too instead of refusing to start.
  new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, allowUnorderedMigrations: true });

/** Runs every pending migration; throws with the failing migration's name when one fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
