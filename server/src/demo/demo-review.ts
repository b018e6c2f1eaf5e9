import type { Kysely } from 'kysely';
import { NUMBER_OF_REVIEWED_ANSWERS } from '@ecore/core/assets/review-config.ts';
import { eligibleAnswers } from '@ecore/core/review/answer-review.ts';
import { calendarDate, validUntil } from '@ecore/core/review/transitions.ts';
import { decideInternalMark } from '@ecore/core/review/internal-check.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { AnswerState, ReviewStatus } from '@ecore/core/answering/answers.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findLatestAssetQuestionnaire, findAnswers } from '@ecore/adapters/db/answering/answering-repository.ts';
import { findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { writeTransition } from '@ecore/adapters/db/review/review-repository.ts';
import { writeInternalMark } from '@ecore/adapters/db/review/internal-check-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { storedAnswers, structureFor } from '../routes/answering/context.ts';
import { scoredTemplate } from '../routes/questionnaires/template-cache.ts';
import { seedDemoAnswers } from './demo-answers.ts';
import { loadReferenceData } from '../routes/scoring/stranding.ts';
import { issueAssetCertificate } from '../routes/certificates/issue.ts';

export const DEMO_IN_REVIEW = 'Büro Campus Adlershof';
export const DEMO_CLOSED = 'Wohn- und Geschäftshaus Bockenheim';

/**
 * Demo review (issue 14): "Büro Campus Adlershof" submitted and assigned to the demo tester (its job waits in job
 * management), and "Wohn- und Geschäftshaus Bockenheim" reviewed (16 answers accepted), evaluated and closed, each
 * step in the audit log as the demo users would have made it. Runs once.
 */
export async function seedDemoReview(db: Kysely<DB>, at: Date): Promise<{ seeded: boolean }> {
  const { seeded } = await seedDemoAnswers(db, new Date(at.getTime() - 3 * 86_400_000), [
    [DEMO_IN_REVIEW, 1],
    [DEMO_CLOSED, 1],
  ]);
  if (!seeded) {
    // A database seeded before certificates existed (issue 16) gets the closed demo object's certificate now.
    await issueDemoCertificate(db, at);
    return { seeded: false };
  }
  const users = await db.selectFrom('users').select(['id', 'user_name', 'first_name', 'last_name']).where('user_name', 'in', ['collector', 'tester', 'evaluator']).execute();
  const user = (name: string) => {
    const u = users.find((x) => x.user_name === name)!;
    return { id: u.id, name: `${u.first_name} ${u.last_name}` };
  };
  const [collector, tester, evaluator] = [user('collector'), user('tester'), user('evaluator')];
  const day = (n: number) => new Date(at.getTime() - n * 86_400_000);
  // Issuing reads the reference data; loaded before the transactions (one connection on the embedded database).
  const referenceData = await loadReferenceData(db);

  for (const name of [DEMO_IN_REVIEW, DEMO_CLOSED]) {
    const id = (await db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('assets').set({ tester_user_id: tester.id }).where('id', '=', id).execute();
      const row = (await findLatestAssetQuestionnaire(trx, id))!;
      await writeTransition(trx, { assetQuestionnaireId: row.id, assetId: id, from: 'Active', to: 'Review', submittedAlone: true }, { userId: collector.id, userName: collector.name, role: 'ObjectDataCollector', reason: 'submitted', answersTouched: [], at: day(2) });
      if (name !== DEMO_CLOSED) return;
      const asset = (await findAsset(trx, id))!;
      const template = (await findTemplate(trx, row.questionnaireId))!;
      const found = await findAnswers(trx, row.id);
      const reviewed = eligibleAnswers(structureFor(scoredTemplate(template), asset), storedAnswers(found.answers, found.documents)).slice(0, NUMBER_OF_REVIEWED_ANSWERS);
      const accepted = reviewed.map((a) => ({ questionId: a.questionId, state: 'ReviewAccepted' as AnswerState, reviewStatus: 'Approved' as ReviewStatus }));
      await writeTransition(trx, { assetQuestionnaireId: row.id, assetId: id, from: 'Review', to: 'Evaluation', answerUpdates: accepted, reviewedBy: tester.name }, { userId: tester.id, userName: tester.name, role: 'ExternalAccreditedTester', reason: 'sent-to-evaluation', answersTouched: accepted.map((a) => a.questionId), at: day(1) });
      const closedAt = day(0);
      await writeTransition(
        trx,
        { assetQuestionnaireId: row.id, assetId: id, from: 'Evaluation', to: 'Closed', closedAt, validUntil: validUntil(calendarDate(closedAt)), evaluatedBy: evaluator.name },
        { userId: evaluator.id, userName: evaluator.name, role: 'Evaluator', reason: 'closed', answersTouched: [], at: closedAt },
      );
      // The certificate, issued by the same function as the evaluator's "accept" (issue 16).
      await issueAssetCertificate(trx, id, { templates: new Map([[template.id, scoredTemplate(template)]]), referenceData }, closedAt);
    });
  }
  return { seeded: true };
}

/** The demo internal tester's notes on the job in Review: one answer checked, one left open with what is missing. */
const DEMO_INTERNAL_MARKS = [
  { checked: true, note: 'Mit der Jahresrechnung des Versorgers abgeglichen.' },
  { checked: false, note: 'Beleg fehlt noch: bitte vor der externen Prüfung hochladen.' },
] as const;

/**
 * The owner's internal check of the job in Review (DOMAIN.md §1): the demo internal tester has marked two of its
 * answers, decided by the same core function as the API's. Runs while the object has no internal mark yet.
 */
export async function seedDemoInternalCheck(db: Kysely<DB>, at: Date): Promise<{ seeded: boolean }> {
  const assetRow = await db.selectFrom('assets').select('id').where('name', '=', DEMO_IN_REVIEW).executeTakeFirst();
  const tester = await db
    .selectFrom('users')
    .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
    .select(['users.id', 'users.roles', 'users.organisation_id', 'users.assets', 'users.asset_groups', 'organisations.is_buyer', 'organisations.is_finance_partner'])
    .where('users.user_name', '=', 'internaltester')
    .executeTakeFirst();
  if (!assetRow || !tester) return { seeded: false };
  const row = await findLatestAssetQuestionnaire(db, assetRow.id);
  if (!row || (await db.selectFrom('internal_checks').select('question_id').where('asset_questionnaire_id', '=', row.id).executeTakeFirst())) return { seeded: false };
  const asset = (await findAsset(db, assetRow.id))!;
  const template = scoredTemplate((await findTemplate(db, row.questionnaireId))!);
  const found = await findAnswers(db, row.id);
  const answers = storedAnswers(found.answers, found.documents);
  const structure = structureFor(template, asset);
  const actor = {
    userId: tester.id,
    roles: tester.roles as AssetActor['roles'],
    orgId: tester.organisation_id,
    orgBuyer: tester.is_buyer,
    orgFinance: tester.is_finance_partner,
    accessGroups: tester.asset_groups,
    accessAssets: tester.assets,
  };
  const facts = { actor, asset, state: row.state as AssetQuestionnaireState, structure, answers };
  const marks = eligibleAnswers(structure, answers).slice(0, DEMO_INTERNAL_MARKS.length).flatMap((answer, i) => {
    const decided = decideInternalMark(facts, answer.questionId, DEMO_INTERNAL_MARKS[i]!);
    return decided._tag === 'Right' ? [decided.right] : [];
  });
  await db.transaction().execute(async (trx) => {
    for (const mark of marks) await writeInternalMark(trx, row.id, mark, { userId: tester.id, at });
  });
  return { seeded: marks.length > 0 };
}

/** Issues the closed demo object's certificate when it has none (a demo database from before issue 16). */
async function issueDemoCertificate(db: Kysely<DB>, at: Date): Promise<void> {
  const asset = await db.selectFrom('assets').select(['id', 'questionnaire_state']).where('name', '=', DEMO_CLOSED).executeTakeFirst();
  if (!asset || asset.questionnaire_state !== 'Closed') return;
  if (await db.selectFrom('certificates').select('id').where('asset_id', '=', asset.id).executeTakeFirst()) return;
  const row = (await findLatestAssetQuestionnaire(db, asset.id))!;
  const template = (await findTemplate(db, row.questionnaireId))!;
  const referenceData = await loadReferenceData(db);
  await db.transaction().execute((trx) => issueAssetCertificate(trx, asset.id, { templates: new Map([[template.id, scoredTemplate(template)]]), referenceData }, at));
}
