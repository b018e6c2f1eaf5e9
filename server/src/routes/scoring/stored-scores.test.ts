// Stored scores in the lists, the group's structure and the batched group score (issue 15, docs/scoring.md
// "Stored scores and the group structure").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, TableNode, type KyselyPlugin } from 'kysely';
import { groupScore } from '@ecore/core/scoring/score.ts';
import { openMigratedDatabase, type Database } from '@ecore/adapters/db/database.ts';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import { pgliteTemplate } from '@ecore/adapters/db/testing/pglite-template.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { rescore } from './stored-score.ts';
import { bearer, createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

/** The database of this file with a counter of the statements sent through it (the app's and the test's alike). */
const counter = { statements: 0, tables: [] as string[] };
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    // The tables a statement reads from (select … from …), for the tests that show what a call reads.
    if (args.node.kind === 'SelectQueryNode') for (const from of args.node.from?.froms ?? []) if (TableNode.is(from)) counter.tables.push(from.table.identifier.name);
    return args.node;
  },
  transformResult: async (args) => {
    counter.statements += 1;
    return args.result;
  },
};

let base: Database;
let h: Harness;
beforeAll(async () => {
  base = process.env.HARNESS_DATABASE === 'postgres' ? await testDatabases().find((d) => d.name === 'postgres')!.open() : await openMigratedDatabase({ databaseUrl: undefined, pgliteTemplate: pgliteTemplate() });
  h = await createHarness({}, { ...base, db: base.db.withPlugin(counting) });
});
afterAll(async () => {
  await h?.close();
  await base?.close();
});
/** The office fully answered, the Berlin quarter half, Adlershof in review and Bockenheim closed (issue 14's demo). */
const seed = () =>
  h.resetTo('reviewed', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now));
    await seedDemoReview(h.db, new Date(h.clock.now));
  });

const OFFICE = 'Bürohaus Mainzer Landstraße';
const CLOSED = 'Wohn- und Geschäftshaus Bockenheim';
const RHEIN_MAIN = 'Portfolio Rhein-Main';
const assetId = async (name = OFFICE) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const groupId = async (name = RHEIN_MAIN) => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const stored = async (name = OFFICE) =>
  h.db
    .selectFrom('asset_questionnaires as aq')
    .innerJoin('assets', 'assets.latest_questionnaire_id', 'aq.id')
    .select(['aq.id', 'aq.state', 'aq.ecore_score', 'aq.finance_score', 'aq.score_stamp'])
    .where('assets.name', '=', name)
    .executeTakeFirstOrThrow();
const listRow = async (user: DemoUserName, name = OFFICE) => {
  const res = await h.as(user, 'GET', `/api/asset?search=${encodeURIComponent(name)}&page=1&pageSize=5`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.find((i: { name: string }) => i.name === name);
};
const liveScore = async (name = OFFICE) => (await h.as('objectadmin', 'GET', `/api/asset/${await assetId(name)}/questionnaire/score`)).json();

/** A single-choice question of the office's latest questionnaire that is not at full points, and its best option. */
const improvable = async () => {
  const id = await assetId();
  const base = await liveScore();
  const question = base.result.clusters
    .flatMap((c: { categories: { sections: { questions: { questionId: number; type: string; points: number; maximum: number }[] }[] }[] }) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)))
    .find((q: { type: string; points: number; maximum: number }) => q.type === 'SingleChoice' && q.points < q.maximum);
  const filled = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/latest`)).json();
  const options = filled.clusters
    .flatMap((c: { categories: { sections: { questions: { id: number; options: { id: number; score: number }[] }[] }[] }[] }) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)))
    .find((q: { id: number }) => q.id === question.questionId).options;
  const best = options.reduce((a: { score: number }, b: { score: number }) => (b.score > a.score ? b : a));
  return { id, base, questionId: question.questionId as number, best: best.id as number, questionnaireId: base.questionnaireId as number };
};

describe('stored scores (issue 15)', () => {
  beforeEach(seed);
  it('the demo leaves each answered questionnaire with the score core computes for it', async () => {
    for (const name of [OFFICE, 'Quartier Prenzlauer Berg', 'Büro Campus Adlershof', CLOSED]) {
      const row = await stored(name);
      expect(row.score_stamp, name).not.toBeNull();
      const live = await liveScore(name);
      expect(row.ecore_score, name).toBe(live.result.ecore);
      expect(row.finance_score, name).toBe(live.result.finance);
    }
  });

  it('a save stores the new score in its transaction, and the object list shows it at once', async () => {
    const { id, base, questionId, best } = await improvable();
    expect((await listRow('objectadmin')).score).toBe(base.result.ecore);
    const saved = await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: id, questionId, multipleChoiceOption: [best], isBuyerAsset: false }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await liveScore();
    expect(after.result.ecore).toBeGreaterThan(base.result.ecore);
    expect((await stored()).ecore_score).toBe(after.result.ecore);
    expect(await listRow('objectadmin')).toMatchObject({ score: after.result.ecore, scoreVerified: false });
    // Clearing the answer takes the score back.
    await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: id, questionId, multipleChoiceOption: [], isBuyerAsset: false }]);
    expect((await stored()).ecore_score).toBe((await liveScore()).result.ecore);
  });

  it.each<[DemoUserName, boolean]>([['admin', true], ['objectadmin', true], ['collector', true], ['analyst', false], ['accountmanager', false]])(
    'the object list shows %s the stored score: %s',
    async (user, sees) => {
      const row = await listRow(user);
      expect(row.score).toBe(sees ? (await stored()).ecore_score : null);
      expect(row.scoreVerified).toBe(false);
      const closed = await listRow(user, CLOSED);
      expect(closed).toMatchObject({ score: sees ? (await stored(CLOSED)).ecore_score : null, scoreVerified: sees, status: 'Closed' });
      const one = (await h.as(user, 'GET', `/api/asset/${await assetId()}`)).json();
      expect(one.score).toBe(sees ? (await stored()).ecore_score : null);
    },
  );

  it('the group row’s score is the BGF-weighted mean of its objects’ stored scores, for those who see scores', async () => {
    const rows = await h.db
      .selectFrom('assets')
      .innerJoin('asset_groups', 'asset_groups.id', 'assets.asset_group_id')
      .leftJoin('asset_questionnaires as aq', 'aq.id', 'assets.latest_questionnaire_id')
      .select(['assets.asset_total_area as area', 'aq.ecore_score as score'])
      .where('asset_groups.name', '=', RHEIN_MAIN)
      .execute();
    const expected = groupScore(rows);
    expect(expected).not.toBeNull();
    const group = async (user: DemoUserName) => (await h.as(user, 'GET', '/api/assetGroup?page=1&pageSize=10')).json().items.find((g: { name: string }) => g.name === RHEIN_MAIN);
    const seen = await group('objectadmin');
    expect(seen.score).toBe(expected);
    expect(seen.assets.find((a: { name: string }) => a.name === OFFICE).score).toBe((await stored()).ecore_score);
    // The answer kept for the page must not carry the score over to a caller who may not see it.
    const hidden = await group('analyst');
    expect(hidden.score).toBeNull();
    expect(hidden.assets.every((a: { score: number | null }) => a.score === null)).toBe(true);
  });

  it('the what-if preview stores nothing, not even a score', async () => {
    const { id, questionId, best, questionnaireId } = await improvable();
    const before = await h.snapshot();
    const preview = await h.as('objectadmin', 'POST', `/api/asset/${id}/questionnaire/${questionnaireId}/score/preview`, [{ questionId, multipleChoiceOption: [best] }]);
    expect(preview.statusCode).toBe(200);
    expect(await h.snapshot()).toEqual(before);
  });

  it('filling the group’s cluster I defaults and starting a questionnaire store the score too', async () => {
    const id = await assetId();
    const latest = await stored();
    await h.db.updateTable('asset_questionnaires').set({ ecore_score: null, finance_score: null, score_stamp: null }).where('id', '=', latest.id).execute();
    expect((await h.as('objectadmin', 'PUT', `/api/asset/questionnaire/${latest.id}/defaults/save`)).statusCode).toBe(204);
    const filled = await h.as('collector', 'PUT', `/api/asset/${id}/questionnaire/${latest.id}/defaults/fill`);
    expect(filled.statusCode, filled.body).toBe(200);
    expect((await stored()).ecore_score).toBe((await liveScore()).result.ecore);
    // A new questionnaire stores the score of no answers.
    const started = await h.as('objectadmin', 'POST', `/api/asset/${await assetId('Hotel am Rheinufer')}/questionnaire`);
    expect(started.statusCode, started.body).toBe(201);
    expect(await stored('Hotel am Rheinufer')).toMatchObject({ ecore_score: 0 });
  });

  it('questionnaires never scored get their score in batches of the given size (the start-up backfill)', async () => {
    await h.db.updateTable('asset_questionnaires').set({ ecore_score: null, finance_score: null, score_stamp: null }).execute();
    const unscored = async () => (await h.db.selectFrom('asset_questionnaires').select('id').where('score_stamp', 'is', null).execute()).length;
    const all = await unscored();
    expect(all).toBeGreaterThan(1);
    expect(await rescore(h.db, new Date('2026-11-24T10:00:00Z'), { onlyUnscored: true, limit: 1 })).toBe(1);
    expect(await unscored()).toBe(all - 1);
    expect(await rescore(h.db, new Date('2026-11-24T10:00:00Z'), { onlyUnscored: true, limit: 1000 })).toBe(all - 1);
    expect(await unscored()).toBe(0);
    expect((await stored()).ecore_score).toBe((await liveScore()).result.ecore);
  });

  it('editing the object (its asset classes decide which questions count) scores its latest questionnaire again', async () => {
    const before = await stored();
    const object = (await h.as('objectadmin', 'GET', `/api/asset/${await assetId()}`)).json();
    const saved = await h.as('objectadmin', 'PUT', '/api/asset', { ...object, assetAssetTypes: [{ assetTypeId: 1, percentage: 50 }, { assetTypeId: 12, percentage: 50 }] });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const after = await stored();
    expect(after.ecore_score).toBe((await liveScore()).result.ecore);
    expect(after.ecore_score).not.toBe(before.ecore_score);
  });

  it('a save keeps the reference data this process read; only an import of reference data empties it', async () => {
    const { id, questionId, best } = await improvable();
    const save = async (option: number[]) => {
      counter.tables = [];
      const saved = await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: id, questionId, multipleChoiceOption: option, isBuyerAsset: false }]);
      expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
      return counter.tables;
    };
    await save([best]);
    expect(await save([])).not.toContain('scoring_reference_values');
    const csv = 'kind;metric;country;assetClass;year;value\naverage;energy;DE;OFF;2025;80\naverage;carbon;DE;OFF;2025;10';
    expect((await h.as('scoring', 'PUT', '/api/scoringtable', { kind: 'referenceValues', csv, dataSetName: 'Benchmark 2025' })).statusCode).toBe(200);
    expect(await save([best])).toContain('scoring_reference_values');
  });

  it('an import of reference data scores every questionnaire again except the verified ones', async () => {
    // The reference data read and kept before the import.
    await liveScore();
    const closedBefore = await stored(CLOSED);
    const officeBefore = await stored();
    await h.db.updateTable('asset_questionnaires').set({ ecore_score: -1 }).where('id', '=', closedBefore.id).execute();
    const csv = 'kind;metric;country;assetClass;year;value\naverage;energy;DE;OFF;2025;80\naverage;carbon;DE;OFF;2025;10';
    const imported = await h.as('scoring', 'PUT', '/api/scoringtable', { kind: 'referenceValues', csv, dataSetName: 'Benchmark 2025' });
    expect(imported.statusCode, imported.body).toBe(200);
    const officeAfter = await stored();
    expect(officeAfter.ecore_score).toBe((await liveScore()).result.ecore);
    // The pathways are gone, so the DK and Year questions count no more: the score moved.
    expect(officeAfter.ecore_score).not.toBe(officeBefore.ecore_score);
    expect((await stored(CLOSED)).ecore_score).toBe(-1);
    expect(await listRow('objectadmin')).toMatchObject({ score: officeAfter.ecore_score });
  });
});

describe('who calls the scores (spec 02 §6)', () => {
  // Nothing here changes data: one seeding serves every caller.
  beforeAll(seed);
  const calls: [string, 'GET' | 'POST', (ids: { asset: number; qid: number; group: number }) => string][] = [
    ['latest score', 'GET', ({ asset }) => `/api/asset/${asset}/questionnaire/score`],
    ['score', 'GET', ({ asset, qid }) => `/api/asset/${asset}/questionnaire/${qid}/score`],
    ['preview', 'POST', ({ asset, qid }) => `/api/asset/${asset}/questionnaire/${qid}/score/preview`],
    ['consumption values', 'GET', ({ asset, qid }) => `/api/asset/${asset}/questionnaire/${qid}/consumptionValues`],
    ['group score', 'GET', ({ group }) => `/api/AssetGroup/${group}/score`],
    ['group score (lower case)', 'GET', ({ group }) => `/api/assetGroup/${group}/score`],
    ['group structure', 'GET', ({ group }) => `/api/AssetGroup/${group}/structureInfo`],
    ['group structure (lower case)', 'GET', ({ group }) => `/api/assetGroup/${group}/structureInfo`],
  ];
  // The owner's object and group: the score roles see them (200); who sees them without a score role is refused
  // (403); the finance partner (bank), the buyer, testers and evaluators without the job and the roles that see no
  // objects never learn they exist (404).
  it.each<[DemoUserName, number]>([
    ['admin', 200], ['objectadmin', 200], ['collector', 200], ['analyst', 403], ['accountmanager', 403],
    ['bank', 404], ['buyer', 404], ['tester', 404], ['evaluator', 404], ['internaltester', 404], ['scoring', 404], ['billing', 404], ['importadmin', 404],
  ])('%s: %i for every score call', async (user, status) => {
    const ids = { asset: await assetId(), qid: (await stored()).id, group: await groupId() };
    const token = await h.login(user);
    for (const [name, method, path] of calls) {
      const res = await h.app.inject({ method, url: path(ids), headers: bearer(token), ...(method === 'POST' ? { payload: [] } : {}) });
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(status);
    }
  });
});

describe('the group score and structure (issue 15)', () => {
  beforeEach(seed);
  it('answers the structure of the template the objects use, with ratios between the objects’ ratios', async () => {
    await seedDemoAnswers(h.db, new Date(h.clock.now), [['Hotel am Rheinufer', 1]]);
    const group = await groupId();
    const res = await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/structureInfo`, undefined, 'en');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ groupId: group, groupName: RHEIN_MAIN, objectCount: 3, scoredObjectCount: 3, questionnaire: { name: 'ECORE Questionnaire 2025 2025_01' } });
    // The template's name in the caller's language.
    expect((await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/structureInfo`)).json().questionnaire.name).toBe('ECORE Fragebogen 2025 2025_01');
    expect(body.objects.map((o: { name: string }) => o.name).sort()).toEqual([OFFICE, CLOSED, 'Hotel am Rheinufer'].sort());
    expect(body.objects.find((o: { name: string }) => o.name === CLOSED)).toMatchObject({ verified: true, assetQuestionnaireState: 'Closed' });
    const results = await Promise.all(body.objects.map(async (o: { assetId: number }) => (await h.as('objectadmin', 'GET', `/api/asset/${o.assetId}/questionnaire/score`)).json().result));
    expect(body.clusters.map((c: { clusterIdentifier: string }) => c.clusterIdentifier)).toEqual(['I', 'II', 'III', 'IV']);
    expect(body.clusters[1].title).toEqual({ de: 'II Verbrauch und Emissionen', en: 'II Consumption and emissions' });
    for (const [i, cluster] of body.clusters.entries()) {
      const own = results.map((r: { clusters: { ratio: number | null }[] }) => r.clusters[i]!.ratio).filter((r: number | null): r is number => r !== null);
      expect(cluster.ratio).toBeGreaterThanOrEqual(Math.min(...own));
      expect(cluster.ratio).toBeLessThanOrEqual(Math.max(...own));
      for (const category of cluster.categories) {
        expect(category.title.de.length).toBeGreaterThan(0);
        for (const section of category.sections) expect(section.classification).toMatch(/Positive|Intermediate|Negative|Neutral/);
      }
    }
    // The group score's clusters are the same weighted means.
    const score = (await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/score`)).json();
    expect(score.result.clusters.map((c: { ratio: number }) => c.ratio)).toEqual(body.clusters.map((c: { ratio: number }) => c.ratio));
  });

  it('a group without filled questionnaires has no structure', async () => {
    const empty = (await h.as('objectadmin', 'POST', '/api/assetGroup', { name: 'Leer' })).json();
    const res = await h.as('objectadmin', 'GET', `/api/AssetGroup/${empty.id}/structureInfo`);
    expect(res.json()).toMatchObject({ objectCount: 0, scoredObjectCount: 0, questionnaire: null, objects: [], clusters: [] });
  });

  it('reads a group’s score in the same number of statements for 2 objects as for 12', async () => {
    const group = await groupId();
    const token = await h.login('objectadmin');
    const call = async () => {
      await h.app.inject({ method: 'GET', url: `/api/AssetGroup/${group}/score`, headers: bearer(token) });
      counter.statements = 0;
      const res = await h.app.inject({ method: 'GET', url: `/api/AssetGroup/${group}/score`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return { statements: counter.statements, objects: res.json().objects.length as number };
    };
    const small = await call();
    await copyOffice(10);
    // The copies' summaries as the start-up backfill writes them.
    expect(await rescore(h.db, new Date(h.clock.now), { onlyUnscored: true })).toBe(10);
    const large = await call();
    expect([small.objects, large.objects]).toEqual([2, 12]);
    expect(large.statements).toBe(small.statements);
    expect(small.statements).toBeLessThanOrEqual(12);
  });

  it('scores a group and its structure from its objects’ stored summaries exactly as from all their answers, and computes those not stored yet', async () => {
    const group = await groupId();
    await copyOffice(3);
    await seedDemoAnswers(h.db, new Date(h.clock.now), [['Hotel am Rheinufer', 1]]);
    const read = async () => {
      const res = await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/score`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.json();
    };
    // The copies have no summary yet: computed from their answers.
    const mixed = await read();
    expect(mixed.objects).toHaveLength(6);
    await rescore(h.db, new Date(h.clock.now), { onlyUnscored: true });
    const stored = await h.db.selectFrom('asset_questionnaires').select(['id', 'score_summary']).where('score_summary', 'is', null).execute();
    expect(stored).toEqual([]);
    const structure = async () => (await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/structureInfo`)).json();
    const fromSummaries = await read();
    const structureFromSummaries = await structure();
    await sql`update asset_questionnaires set score_summary = null`.execute(h.db);
    const fromAnswers = await read();
    expect(fromSummaries).toEqual(fromAnswers);
    expect(structureFromSummaries).toEqual(await structure());
    expect(structureFromSummaries.clusters[0].categories[0].sections[0].ratio).not.toBeNull();
    expect(mixed).toEqual(fromAnswers);
    expect(fromAnswers.result.ecore).toBeGreaterThan(0);
  });

  it('a save changes the stored summary in its transaction, so the group’s score moves at once', async () => {
    const group = await groupId();
    const before = (await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/score`)).json();
    const { id, questionId, best } = await improvable();
    const saved = await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: id, questionId, multipleChoiceOption: [best], isBuyerAsset: false }]);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const after = (await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/score`)).json();
    expect(after.result.ecore).toBeGreaterThan(before.result.ecore);
    const live = await liveScore();
    expect(after.objects.find((o: { assetId: number }) => o.assetId === id).ecore).toBe(live.result.ecore);
  });
});

/** Copies of the answered office (object, classes, questionnaire and answers) in its group, in a fixed number of statements. */
async function copyOffice(n: number) {
  const office = await h.db.selectFrom('assets').selectAll().where('name', '=', OFFICE).executeTakeFirstOrThrow();
  await sql`insert into assets (name, organisation_id, asset_group_id, country, city, zip, street, street_number, asset_total_area, is_buyer_asset, created_by)
    select ${office.name} || ' ' || g, organisation_id, asset_group_id, country, city, zip, street, street_number, asset_total_area + g, is_buyer_asset, created_by
    from assets, generate_series(1, ${n}) g where assets.id = ${office.id}`.execute(h.db);
  const copies = sql`(select id from assets where name like ${`${OFFICE} %`})`;
  await sql`insert into asset_asset_types (asset_id, asset_type_id, percentage, position)
    select c.id, t.asset_type_id, t.percentage, t.position from ${copies} c, asset_asset_types t where t.asset_id = ${office.id}`.execute(h.db);
  await sql`insert into asset_questionnaires (asset_id, questionnaire_id, reporting_year, state, created_at, modified_at)
    select c.id, aq.questionnaire_id, aq.reporting_year, aq.state, aq.created_at, aq.modified_at from ${copies} c, asset_questionnaires aq where aq.id = ${office.latest_questionnaire_id}`.execute(h.db);
  await sql`insert into asset_answers (asset_questionnaire_id, question_id, input_answer, option_ids, state, modified_by, modified_at)
    select aq.id, a.question_id, a.input_answer, a.option_ids, a.state, a.modified_by, a.modified_at
    from asset_questionnaires aq join assets c on c.id = aq.asset_id and c.name like ${`${OFFICE} %`}, asset_answers a where a.asset_questionnaire_id = ${office.latest_questionnaire_id}`.execute(h.db);
  await sql`update assets set latest_questionnaire_id = aq.id, questionnaire_state = aq.state from asset_questionnaires aq where aq.asset_id = assets.id and assets.name like ${`${OFFICE} %`}`.execute(h.db);
}
