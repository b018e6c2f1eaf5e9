import { givenAnswers } from '@ecore/core/answering/answers.ts';
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { CODE_BYTES, codeFromBytes } from '@ecore/core/certificates/code.ts';
import { newCertificate, portfolioVersion, type Certificate } from '@ecore/core/certificates/certificate.ts';
import { calendarDate } from '@ecore/core/review/transitions.ts';
import type { ReferenceData } from '@ecore/core/scoring/reference-lookup.ts';
import { groupResult, score, type ScoreResult } from '@ecore/core/scoring/score.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findLatestAssetQuestionnaire, latestQuestionnairesOfGroup, type AssetQuestionnaireRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import { assetParties, groupParties, insertCertificate } from '@ecore/adapters/db/certificates/certificates-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import { answersOf } from '../answering/context.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * What issuing needs from outside the transaction (PGlite has one connection: nothing inside may read through
 * another handle): the templates of the questionnaires that close and the reference data.
 */
export interface IssueInputs {
  templates: ReadonlyMap<number, ScoredTemplate>;
  referenceData: ReferenceData;
}

/** A fresh verification code: 100 random bits (docs/certificates.md). */
export const newCode = (): string => codeFromBytes(randomBytes(CODE_BYTES));

/** The review data the closing wrote (migration 041): the evaluation's day, its validity, who evaluated and reviewed. */
async function reviewData(db: Executor, assetQuestionnaireId: number) {
  const row = await db
    .selectFrom('asset_questionnaires')
    .select(['closed_at', 'evaluated_by', 'reviewed_by', 'valid_until'])
    .where('id', '=', assetQuestionnaireId)
    .executeTakeFirstOrThrow();
  const stored = row.valid_until as Date | string | null;
  const validUntil = stored === null ? null : typeof stored === 'string' ? stored.slice(0, 10) : calendarDateOf(stored);
  return { closedAt: row.closed_at, evaluatedBy: row.evaluated_by, reviewedBy: row.reviewed_by, validUntil };
}

// A `date` read through node-postgres is local midnight of that day.
const calendarDateOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Core's score of one filled questionnaire with its stored answers (the same as the results page). */
async function scoreOf(db: Executor, row: AssetQuestionnaireRow, inputs: IssueInputs): Promise<{ result: ScoreResult; area: number } | null> {
  const template = inputs.templates.get(row.questionnaireId);
  const asset = await findAsset(db, row.assetId);
  if (!template || !asset) return null;
  const { stored } = await answersOf(db as Kysely<DB>, row);
  const object = { country: asset.country, assetAssetTypes: asset.assetAssetTypes, area: asset.assetTotalArea, reportingYear: row.reportingYear };
  return { result: score(template, object, givenAnswers(stored), inputs.referenceData, { explain: false }), area: asset.assetTotalArea };
}

/**
 * Issues the certificate of an object whose filled questionnaire was just closed, inside the transaction of that
 * state change (after the review data is written); an earlier certificate of the object is superseded by it.
 */
export async function issueAssetCertificate(trx: Executor, assetId: number, inputs: IssueInputs, at: Date, code = newCode()): Promise<Certificate | null> {
  const row = await findLatestAssetQuestionnaire(trx, assetId);
  if (!row || row.state !== 'Closed') return null;
  const scored = await scoreOf(trx, row, inputs);
  if (!scored) return null;
  const review = await reviewData(trx, row.id);
  const parties = await assetParties(trx, assetId, review.reviewedBy);
  const cert = newCertificate({
    code,
    subject: { kind: 'asset', assetId, assetQuestionnaireId: row.id },
    questionnaireName: row.version,
    ownerName: parties.ownerName,
    subjectName: parties.subjectName,
    address: parties.address,
    result: scored.result,
    evaluatedAt: calendarDate(review.closedAt ?? at),
    validUntil: review.validUntil,
    evaluatorName: review.evaluatedBy ?? '',
    testerName: parties.testerName,
    testerOrganisation: parties.testerOrganisation,
  });
  return insertCertificate(trx, cert, at);
}

/**
 * Issues, inside the transaction of the group's acceptance, the certificate of each object whose sheet closed
 * without one yet, and the group's (portfolio's) certificate: core's `groupResult` over its objects' scores.
 */
export async function issueGroupCertificates(trx: Executor, groupId: number, inputs: IssueInputs, at: Date, evaluatorName: string): Promise<Certificate> {
  const parts: { area: number; result: ScoreResult }[] = [];
  const versions: string[] = [];
  for (const row of await latestQuestionnairesOfGroup(trx, groupId)) {
    if (row.state === 'Closed') {
      const issued = await trx.selectFrom('certificates').select('id').where('asset_questionnaire_id', '=', row.id).executeTakeFirst();
      if (!issued) await issueAssetCertificate(trx, row.assetId, inputs, at);
    }
    const scored = await scoreOf(trx, row, inputs);
    if (!scored) continue;
    parts.push(scored);
    versions.push(row.version);
  }
  const version = portfolioVersion(versions);
  const parties = await groupParties(trx, groupId);
  const cert = newCertificate({
    code: newCode(),
    subject: { kind: 'group', assetGroupId: groupId },
    questionnaireName: version,
    ownerName: parties.ownerName,
    subjectName: parties.subjectName,
    address: parties.address,
    result: groupResult(parts),
    evaluatedAt: calendarDate(at),
    evaluatorName,
    testerName: parties.testerName,
    testerOrganisation: parties.testerOrganisation,
  });
  return insertCertificate(trx, cert, at);
}
