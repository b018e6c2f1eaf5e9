import type { Kysely } from 'kysely';
import { answerableQuestions } from '@ecore/core/answering/applicability.ts';
import { givenAnswers, type AnswerState, type ReviewStatus } from '@ecore/core/answering/answers.ts';
import { pickTemplate } from '@ecore/core/answering/versions.ts';
import { NUMBER_OF_REVIEWED_ANSWERS } from '@ecore/core/assets/review-config.ts';
import type { ObjectCategory, QuestionnaireType } from '@ecore/core/questionnaires/template.ts';
import { QUESTIONNAIRE_TYPES } from '@ecore/core/questionnaires/template.ts';
import { eligibleAnswers } from '@ecore/core/review/answer-review.ts';
import { calendarDate, validUntil } from '@ecore/core/review/transitions.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findAnswers, findLatestAssetQuestionnaire } from '@ecore/adapters/db/answering/answering-repository.ts';
import { findSheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { saveSheetAnswers } from '../routes/answering/save-answers.ts';
import { findActiveTemplateId, findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { writeTransition } from '@ecore/adapters/db/review/review-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { writeScores } from '@ecore/adapters/db/scoring/scoring-repository.ts';
import { startAnnual } from '../routes/answering/annual.ts';
import { storedAnswers, structureFor } from '../routes/answering/context.ts';
import { issueAssetCertificate } from '../routes/certificates/issue.ts';
import { scoredTemplate } from '../routes/questionnaires/template-cache.ts';
import { storedScoreOf, type ScoreKeeper } from '../routes/scoring/stored-score.ts';
import { loadReferenceData } from '../routes/scoring/stranding.ts';
import { seedDemoAnswers } from './demo-answers.ts';

// Named to sort after the demo's portfolios (lists sort by name): pages that other journeys read stay as they were.
const GROUP = 'Rhein-Neckar Bestand';
/** Closed last year with a label, next year's questionnaire half answered. */
export const DEMO_RENEWING = 'Bürohaus Mannheim Quadrate';
/** Closed a little less than a year ago: its label expires within 30 days. */
export const DEMO_EXPIRING = 'Praxis- und Bürohaus Heidelberg';
const DAY = 86_400_000;

const OBJECTS = [
  { name: DEMO_RENEWING, city: 'Mannheim', zip: '68161', street: 'Quadrat P7', streetNumber: '1', constructionYear: 1992, renovationYear: 2018, area: 7200 },
  { name: DEMO_EXPIRING, city: 'Heidelberg', zip: '69115', street: 'Bergheimer Straße', streetNumber: '88', constructionYear: 2004, renovationYear: null, area: 3900 },
];

/**
 * Demo data of the yearly cycle (issue 22), so that a newcomer sees it right after `npm start`: a third portfolio of
 * the demo owner, "Rhein-Neckar Bestand", with "Bürohaus Mannheim Quadrate", whose questionnaire of the year
 * before was reviewed, evaluated and closed with a label some 200 days ago and whose next year was started by the
 * object administrator (choice answers carried over, half of the consumption figures entered), and "Praxis- und
 * Bürohaus Heidelberg", closed some 345 days ago, whose label expires within 30 days (the reminder goes out at
 * the first sweep). Written through the same repository functions and core rules as the screens. Runs once.
 */
export async function seedDemoAnnual(db: Kysely<DB>, at: Date): Promise<{ seeded: boolean }> {
  const owner = await db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirst();
  const users = await db.selectFrom('users').select(['id', 'user_name', 'first_name', 'last_name']).where('user_name', 'in', ['objectadmin', 'collector', 'tester', 'evaluator']).execute();
  if (!owner || users.length < 4) return { seeded: false };
  if (await db.selectFrom('asset_groups').select('id').where('name', '=', GROUP).where('organisation_id', '=', owner.id).executeTakeFirst()) return { seeded: false };
  const user = (name: string) => {
    const u = users.find((x) => x.user_name === name)!;
    return { id: u.id, name: `${u.first_name} ${u.last_name}` };
  };
  const [objectAdmin, collector, tester, evaluator] = [user('objectadmin'), user('collector'), user('tester'), user('evaluator')];

  await db.transaction().execute(async (trx) => {
    const { id: groupId } = await trx.insertInto('asset_groups').values({ name: GROUP, organisation_id: owner.id }).returning('id').executeTakeFirstOrThrow();
    for (const o of OBJECTS) {
      const { id } = await trx
        .insertInto('assets')
        .values({
          name: o.name,
          organisation_id: owner.id,
          asset_group_id: groupId,
          country: 'DE',
          city: o.city,
          zip: o.zip,
          street: o.street,
          street_number: o.streetNumber,
          construction_year: o.constructionYear,
          renovation_year: o.renovationYear,
          feature_quality: 'High',
          asset_total_area: o.area,
          usable_area: Math.round(o.area * 0.82),
          rental_area: Math.round(o.area * 0.78),
          net_room_area: Math.round(o.area * 0.86),
          conditioned_area: Math.round(o.area * 0.8),
          created_by: objectAdmin.id,
          tester_user_id: tester.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('asset_asset_types').values({ asset_id: id, asset_type_id: 1, percentage: 100, position: 0 }).execute();
    }
  });

  // Last year's questionnaires, answered in full by the collector a little before they were closed.
  const closings: [string, number][] = [
    [DEMO_RENEWING, 200],
    [DEMO_EXPIRING, 345],
  ];
  for (const [name, closedDaysAgo] of closings) await seedDemoAnswers(db, new Date(at.getTime() - (closedDaysAgo + 30) * DAY), [[name, 1]]);
  const referenceData = await loadReferenceData(db);
  for (const [name, closedDaysAgo] of closings) {
    const id = (await db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const day = (n: number) => new Date(at.getTime() - n * DAY);
    const row = (await findLatestAssetQuestionnaire(db, id))!;
    const template = (await findTemplate(db, row.questionnaireId))!;
    await db.transaction().execute(async (trx) => {
      await writeTransition(trx, { assetQuestionnaireId: row.id, assetId: id, from: 'Active', to: 'Review', submittedAlone: true }, { userId: collector.id, userName: collector.name, role: 'ObjectDataCollector', reason: 'submitted', answersTouched: [], at: day(closedDaysAgo + 20) });
      const asset = (await findAsset(trx, id))!;
      const found = await findAnswers(trx, row.id);
      const reviewed = eligibleAnswers(structureFor(scoredTemplate(template), asset), storedAnswers(found.answers, found.documents)).slice(0, NUMBER_OF_REVIEWED_ANSWERS);
      const accepted = reviewed.map((a) => ({ questionId: a.questionId, state: 'ReviewAccepted' as AnswerState, reviewStatus: 'Approved' as ReviewStatus }));
      await writeTransition(trx, { assetQuestionnaireId: row.id, assetId: id, from: 'Review', to: 'Evaluation', answerUpdates: accepted, reviewedBy: tester.name }, { userId: tester.id, userName: tester.name, role: 'ExternalAccreditedTester', reason: 'sent-to-evaluation', answersTouched: accepted.map((a) => a.questionId), at: day(closedDaysAgo + 5) });
      const closedAt = day(closedDaysAgo);
      await writeTransition(
        trx,
        { assetQuestionnaireId: row.id, assetId: id, from: 'Evaluation', to: 'Closed', closedAt, validUntil: validUntil(calendarDate(closedAt)), evaluatedBy: evaluator.name },
        { userId: evaluator.id, userName: evaluator.name, role: 'Evaluator', reason: 'closed', answersTouched: [], at: closedAt },
      );
      await issueAssetCertificate(trx, id, { templates: new Map([[template.id, scoredTemplate(template)]]), referenceData }, closedAt);
    });
  }

  // The object administrator starts the next year of the Mannheim office; the collector has entered half of the figures.
  const id = (await db.selectFrom('assets').select('id').where('name', '=', DEMO_RENEWING).executeTakeFirstOrThrow()).id;
  const asset = (await findAsset(db, id))!;
  const seen = (await findLatestAssetQuestionnaire(db, id))!;
  const actives: Partial<Record<QuestionnaireType, number>> = {};
  for (const type of QUESTIONNAIRE_TYPES) {
    const active = await findActiveTemplateId(db, type);
    if (active !== null) actives[type] = active;
  }
  const targetId = pickTemplate(asset.conditionsAndEnvironmentGoals as ObjectCategory, asset.isBuyerAsset, actives) ?? seen.questionnaireId;
  const from = scoredTemplate((await findTemplate(db, seen.questionnaireId))!);
  const to = scoredTemplate((await findTemplate(db, targetId))!);
  const startedAt = new Date(at.getTime() - 10 * DAY);
  const scoring = {
    store: async (trx, template, object, questionnaire, answers, counted) => {
      const given = givenAnswers(answers ?? []);
      await writeScores(trx, [{ assetQuestionnaireId: questionnaire.id, ...storedScoreOf(template, object, questionnaire.reportingYear, given, referenceData) }], startedAt, counted);
    },
    figures: (template, object, reportingYear, answers) => storedScoreOf(template, object, reportingYear, givenAnswers(answers), referenceData),
  } satisfies ScoreKeeper;
  await db.transaction().execute(async (trx) => {
    const next = await startAnnual(trx, { asset, seen, from, to, userId: objectAdmin.id, by: objectAdmin.name, at: startedAt, scoring });
    const start = await trx.selectFrom('annual_starts').select('last_year_values').where('asset_questionnaire_id', '=', next).executeTakeFirstOrThrow();
    const hints = start.last_year_values as { questionId: number; inputAnswer: number }[];
    const structure = structureFor(to, asset);
    const questions = new Map(answerableQuestions(structure).map((q) => [q.id, q]));
    const enteredAt = new Date(at.getTime() - 2 * DAY);
    // Half of last year's figures entered again, each some 8 % lower (the renovation shows), saved as the collector's
    // save is (core decideSave on the questionnaire read with its row locked).
    const items = hints
      .slice(0, Math.ceil(hints.length / 2))
      .filter((hint) => questions.has(hint.questionId))
      .map((hint, index) => ({ index, questionId: hint.questionId, inputAnswer: Math.round(hint.inputAnswer * 0.92 * 100) / 100, multipleChoiceOption: [] }));
    const locked = (await findSheet(trx, id, next, true))!;
    const object = { ...asset, area: asset.assetTotalArea };
    const reportingYear = seen.reportingYear + 1;
    await saveSheetAnswers(trx, {
      actor: { userId: collector.id },
      by: collector.name,
      at: enteredAt,
      now: enteredAt.getTime(),
      locked,
      structure,
      items,
      sampled: false,
      scoreWith: (answers) => ({ ...scoring.figures(to, object, reportingYear, answers), scoredAt: startedAt }),
      flags: { object, data: referenceData },
    });
  });
  return { seeded: true };
}
