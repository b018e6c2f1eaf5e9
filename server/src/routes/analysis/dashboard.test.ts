// The analysis and benchmark dashboard (issue 17, docs/analysis-exports.md "Dashboard").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { dashboardSchema } from '@ecore/core/analysis/dashboard-schema.ts';
import { PEER_GROUP_MIN } from '@ecore/core/analysis/dashboard.ts';
import { openMigratedDatabase, type Database } from '@ecore/adapters/db/database.ts';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import { pgliteTemplate } from '@ecore/adapters/db/testing/pglite-template.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { PEER_ORGANISATION, seedDemoPeers } from '../../demo/demo-peers.ts';
import { bearer, createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

const counter = { statements: 0 };
const counting: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    counter.statements += 1;
    return args.result;
  },
};

let base: Database;
let h: Harness;
const seed = async () => {
  await h.resetTo('reviewed-otheradmin', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now));
    await seedDemoReview(h.db, new Date(h.clock.now));
    const org = await h.db.selectFrom('organisations').select('id').where('name', '=', 'Testkonto GmbH').executeTakeFirstOrThrow();
    await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, password_hash, status)
      select 'otheradmin', 'otheradmin@testkonto.example', 'Otto', 'Anders', ${org.id}, roles, password_hash, status from users where user_name = 'objectadmin'`.execute(h.db);
  });
};
beforeAll(async () => {
  base = process.env.HARNESS_DATABASE === 'postgres' ? await testDatabases().find((d) => d.name === 'postgres')!.open() : await openMigratedDatabase({ databaseUrl: undefined, pgliteTemplate: pgliteTemplate() });
  h = await createHarness({}, { ...base, db: base.db.withPlugin(counting) });
  await seed();
});
afterAll(async () => {
  await h?.close();
  await base?.close();
});

const OFFICE = 'Bürohaus Mainzer Landstraße';
const RHEIN_MAIN = 'Portfolio Rhein-Main';
const assetId = async (name = OFFICE) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const groupId = async (name = RHEIN_MAIN) => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const asOther = async (url: string) => h.app.inject({ method: 'GET', url, headers: bearer(await h.login('otheradmin')) });

describe('who opens the dashboard (core canAccessArea analysisAndBenchmark, asset visibility)', () => {
  it.each<[DemoUserName, number]>([
    ['objectadmin', 200],
    ['accountmanager', 200],
    ['admin', 403],
    ['collector', 403],
    ['analyst', 403],
    ['bank', 403],
    ['evaluator', 403],
  ])('%s → %i for a group and an object of the demo organisation', async (user, status) => {
    const group = await h.as(user, 'GET', `/api/analysis/group/${await groupId()}`);
    const object = await h.as(user, 'GET', `/api/analysis/object/${await assetId()}`);
    expect([group.statusCode, object.statusCode], group.body).toEqual([status, status]);
    if (status === 403) expect(group.json().key).toBe('forbidden');
  });

  it('answers 404 to an object administrator of another organisation, and for unknown ids', async () => {
    expect((await asOther(`/api/analysis/group/${await groupId()}`)).statusCode).toBe(404);
    expect((await asOther(`/api/analysis/object/${await assetId()}`)).statusCode).toBe(404);
    expect((await h.as('objectadmin', 'GET', '/api/analysis/group/999999')).statusCode).toBe(404);
    expect((await h.as('objectadmin', 'GET', '/api/analysis/object/999999')).statusCode).toBe(404);
  });
});

describe('the figures', () => {
  it('of the demo group: the stored scores weighted by BGF, distributions summing to 1, consumption and the portfolio projection', async () => {
    const id = await groupId();
    const res = await h.as('objectadmin', 'GET', `/api/analysis/group/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = dashboardSchema.parse(res.json());
    const rows = await h.db
      .selectFrom('assets')
      .leftJoin('asset_questionnaires as aq', 'aq.id', 'assets.latest_questionnaire_id')
      .select(['assets.id', 'assets.asset_total_area as area', 'aq.ecore_score as ecore'])
      .where('assets.asset_group_id', '=', id)
      .execute();
    expect(body.subject).toEqual({ kind: 'group', id, name: RHEIN_MAIN, objectCount: rows.length });
    const scored = rows.filter((r) => r.ecore !== null);
    const expected = scored.reduce((s, r) => s + r.area * r.ecore!, 0) / scored.reduce((s, r) => s + r.area, 0);
    expect(body.score.ecore).toBeCloseTo(expected, 9);
    for (const entries of Object.values(body.distributions)) expect(entries.reduce((s, e) => s + e.share, 0)).toBeCloseTo(1, 12);
    expect(body.structure.totalArea).toBe(rows.reduce((s, r) => s + r.area, 0));
    expect(body.consumption.finalEnergy).not.toBeNull();
    expect(body.stranding.carbon.status).toBe('computed');
    expect(body.assets.map((a) => a.assetId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(body.benchmark).toHaveLength(body.assets.length);
  });

  it('of an object: its own stored score, and the ESG path from its closed questionnaire', async () => {
    const closed = await assetId('Wohn- und Geschäftshaus Bockenheim');
    const body = dashboardSchema.parse((await h.as('objectadmin', 'GET', `/api/analysis/object/${closed}`)).json());
    const row = await h.db.selectFrom('asset_questionnaires').select(['ecore_score', 'reporting_year', 'state']).where('asset_id', '=', closed).executeTakeFirstOrThrow();
    expect(row.state).toBe('Closed');
    expect(body.subject.objectCount).toBe(1);
    expect(body.score).toMatchObject({ ecore: row.ecore_score, verifiedCount: 1 });
    expect(body.esgPath).toEqual([{ year: row.reporting_year, ecore: row.ecore_score, objectCount: 1 }]);
  });

  it(`shows a benchmark only with ${PEER_GROUP_MIN} peers of the same main class, counting other organisations' objects`, async () => {
    const office = await assetId();
    const before = dashboardSchema.parse((await h.as('objectadmin', 'GET', `/api/analysis/object/${office}`)).json());
    expect(before.benchmark).toEqual([null]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from assets a join asset_questionnaires aq on aq.id = a.latest_questionnaire_id
      where aq.ecore_score is not null and a.country = 'DE' and exists (select 1 from asset_asset_types t where t.asset_id = a.id and t.asset_type_id = 1)`.execute(h.db);
    const existing = rows[0]!.n;
    // Copies in another organisation up to one peer short of the minimum: still nothing; one more: shown.
    await copyOffice(PEER_GROUP_MIN - 1 - existing, 'Testkonto GmbH');
    const short = dashboardSchema.parse((await h.as('objectadmin', 'GET', `/api/analysis/object/${office}`)).json());
    expect(short.benchmark).toEqual([null]);
    await copyOffice(1, 'Testkonto GmbH');
    const after = dashboardSchema.parse((await h.as('objectadmin', 'GET', `/api/analysis/object/${office}`)).json());
    expect(after.benchmark[0]).toMatchObject({ assetId: office, peerGroup: { assetClass: 'OFF', country: 'DE', size: PEER_GROUP_MIN } });
    // The other organisation's objects are peers by score only: they never appear as assets.
    expect(after.assets.map((a) => a.assetId)).toEqual([office]);
    await seed();
  });

  it('shows the benchmark right after the first start: the demo’s six offices of another organisation, scores spread, never named', async () => {
    await h.resetTo('demo-peers', async () => {
      await seedDemoQuestionnaires(h.db);
      await seedDemoAnswers(h.db, new Date(h.clock.now));
      await seedDemoPeers(h.db, new Date(h.clock.now));
    });
    expect((await seedDemoPeers(h.db, new Date(h.clock.now))).seeded).toBe(false);
    const office = await assetId();
    const res = await h.as('objectadmin', 'GET', `/api/analysis/object/${office}`, undefined, 'en');
    const body = dashboardSchema.parse(res.json());
    expect(body.benchmark[0]).toMatchObject({ assetId: office, peerGroup: { assetClass: 'OFF', country: 'DE' } });
    const benchmark = body.benchmark[0]!;
    expect(benchmark.peerGroup.size).toBeGreaterThanOrEqual(PEER_GROUP_MIN + 1);
    // The peers answered to different extents: their scores spread, and the owner's office has a rank among them.
    expect(benchmark.peerMax - benchmark.peerMin).toBeGreaterThan(5);
    expect(benchmark.rank).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain(PEER_ORGANISATION);
    expect(res.body).not.toContain('Kontorhaus Speicherstadt');
    // The group's other objects (a hotel, mixed use) still say why they have none: no peers of their class.
    const group = dashboardSchema.parse((await h.as('objectadmin', 'GET', `/api/analysis/group/${await groupId()}`)).json());
    expect(group.benchmark.filter((b) => b !== null).map((b) => b!.assetId)).toEqual([office]);
    expect(group.benchmark.filter((b) => b === null).length).toBe(group.assets.length - 1);
    await seed();
  });

  it('reads a group’s dashboard in the same number of statements for the demo group and for it with ten more objects', async () => {
    const group = await groupId();
    const token = await h.login('objectadmin');
    const call = async () => {
      await h.app.inject({ method: 'GET', url: `/api/analysis/group/${group}`, headers: bearer(token) });
      counter.statements = 0;
      const res = await h.app.inject({ method: 'GET', url: `/api/analysis/group/${group}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return { statements: counter.statements, objects: res.json().assets.length as number };
    };
    const small = await call();
    await copyOffice(10);
    const large = await call();
    expect(large.objects).toBe(small.objects + 10);
    expect(large.statements).toBe(small.statements);
    expect(small.statements).toBeLessThanOrEqual(12);
    await seed();
  });
});

/** Copies of the answered office (object, classes, latest questionnaire with its stored score, answers), in its group or another organisation's first group. */
let peerGroups = 0;
async function copyOffice(n: number, organisation?: string) {
  const office = await h.db.selectFrom('assets').selectAll().where('name', '=', OFFICE).executeTakeFirstOrThrow();
  let [orgId, groupIdOf] = [office.organisation_id, office.asset_group_id];
  if (organisation) {
    orgId = (await h.db.selectFrom('organisations').select('id').where('name', '=', organisation).executeTakeFirstOrThrow()).id;
    groupIdOf = (await h.db.insertInto('asset_groups').values({ name: `Peers ${(peerGroups += 1)}`, organisation_id: orgId, created_at: new Date(), updated_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  }
  const created = await sql<{ id: number }>`insert into assets (name, organisation_id, asset_group_id, country, city, zip, street, street_number, asset_total_area, is_buyer_asset, created_by)
    select ${office.name} || ' ' || g, ${orgId}, ${groupIdOf}, country, city, zip, street, street_number, asset_total_area + g, is_buyer_asset, created_by
    from assets, generate_series(1, ${n}) g where assets.id = ${office.id} returning id`.execute(h.db);
  const ids = created.rows.map((r) => r.id);
  await sql`insert into asset_asset_types (asset_id, asset_type_id, percentage, position)
    select a.id, t.asset_type_id, t.percentage, t.position from asset_asset_types t, unnest(${ids}::int[]) a(id) where t.asset_id = ${office.id}`.execute(h.db);
  await sql`insert into asset_questionnaires (asset_id, questionnaire_id, state, reporting_year, ecore_score, finance_score, created_at, modified_at)
    select a.id, aq.questionnaire_id, aq.state, aq.reporting_year, aq.ecore_score, aq.finance_score, aq.created_at, aq.modified_at
    from asset_questionnaires aq, unnest(${ids}::int[]) a(id) where aq.id = ${office.latest_questionnaire_id}`.execute(h.db);
  await sql`update assets set latest_questionnaire_id = aq.id, questionnaire_state = aq.state from asset_questionnaires aq where aq.asset_id = assets.id and assets.id = any(${ids}::int[])`.execute(h.db);
  await sql`insert into asset_answers (asset_questionnaire_id, question_id, input_answer, option_ids, state, modified_by, modified_at)
    select aq.id, x.question_id, x.input_answer, x.option_ids, x.state, x.modified_by, x.modified_at from asset_answers x, asset_questionnaires aq
    where x.asset_questionnaire_id = ${office.latest_questionnaire_id} and aq.asset_id = any(${ids}::int[])`.execute(h.db);
}
