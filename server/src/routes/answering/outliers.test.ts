// Plausibility checks (issue 40, docs/answering.md "Plausibility checks"): the flags of a filled questionnaire and
// their explanations.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { DEMO_RENEWING, seedDemoAnnual } from '../../demo/demo-annual.ts';
import { DEMO_OUTLIER_EXPLANATION, seedDemoOutliers } from '../../demo/demo-outliers.ts';
import { createHarness, settled, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const OFFICE = 'Bürohaus Mainzer Landstraße';
const ROLES: DemoUserName[] = ['admin', 'scoring', 'objectadmin', 'collector', 'analyst', 'tester', 'internaltester', 'evaluator', 'accountmanager', 'importadmin', 'bank', 'buyer'];
const assetId = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

interface Flag {
  questionId: number;
  kpi: string;
  type: string;
  value: number;
  reference: number;
  deviation: number | null;
  accepted: boolean;
  explanation: string | null;
  acceptedBy: string | null;
  acceptedAt: string | null;
}
interface Filled {
  id: number;
  clusters: { categories: { sections: { questions: { id: number; kpiKey: string | null; type: string }[] }[] }[] }[];
}

const questionOf = (f: Filled, kpiKey: string) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).find((q) => q.kpiKey === kpiKey && q.type === 'ValueQuestion')!.id;
const flagsOf = async (user: DemoUserName, id: number, qid: number) => {
  const res = await h.as(user, 'GET', `/api/asset/${id}/questionnaire/${qid}/outliers`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Flag[]>();
};
const explain = (user: DemoUserName, id: number, qid: number, questionId: number, body: object) => h.as(user, 'PUT', `/api/asset/${id}/questionnaire/${qid}/outliers/${questionId}`, body);
const saveFigure = (user: DemoUserName, id: number, questionId: number, inputAnswer: number) => h.as(user, 'PUT', '/api/asset/answer', [{ assetId: id, questionId, inputAnswer }]);

describe('the flags of a new questionnaire', () => {
  beforeEach(async () => {
    await h.resetTo('templates', async () => {
      await seedDemoQuestionnaires(h.db);
    });
  });

  /** An office's questionnaire with 2 500 kWh/m² of final energy saved by the collector. */
  const flagged = async () => {
    const id = await assetId(OFFICE);
    const filled = (await h.as('collector', 'POST', `/api/asset/${id}/questionnaire`)).json<Filled>();
    const energy = questionOf(filled, 'finalEnergyTotal');
    expect(await flagsOf('collector', id, filled.id)).toEqual([]);
    expect((await saveFigure('collector', id, energy, 2500)).statusCode).toBe(200);
    return { id, qid: filled.id, energy };
  };

  it('a save that puts a figure far above the average shows the flag at the next read; explaining it closes it until the figure changes', async () => {
    const { id, qid, energy } = await flagged();
    const [flag] = await flagsOf('collector', id, qid);
    expect(flag).toMatchObject({ questionId: energy, kpi: 'energy', type: 'intensity', value: 2500, accepted: false, explanation: null });
    expect(flag!.reference).toBeGreaterThan(0);
    expect(flag!.deviation).toBeCloseTo((2500 - flag!.reference) / flag!.reference, 9);

    const res = await explain('collector', id, qid, energy, { type: 'intensity', explanation: '  Rechenzentrum im Erdgeschoss  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: true, explanation: 'Rechenzentrum im Erdgeschoss', acceptedBy: 'Carl Collector' });
    expect(await flagsOf('analyst', id, qid)).toEqual([expect.objectContaining({ questionId: energy, accepted: true, explanation: 'Rechenzentrum im Erdgeschoss', acceptedBy: 'Carl Collector' })]);

    // A later change of the figure re-opens it; going back to the explained figure closes it again.
    expect((await saveFigure('collector', id, energy, 2800)).statusCode).toBe(200);
    expect(await flagsOf('collector', id, qid)).toEqual([expect.objectContaining({ value: 2800, accepted: false, explanation: null })]);
    expect((await saveFigure('collector', id, energy, 2500)).statusCode).toBe(200);
    expect((await flagsOf('collector', id, qid))[0]!.accepted).toBe(true);
    // A figure back within the bounds carries no flag at all.
    expect((await saveFigure('collector', id, energy, 100)).statusCode).toBe(200);
    expect(await flagsOf('collector', id, qid)).toEqual([]);
  });

  it('refuses a bad explanation, an unknown type and a question without that flag with fields, storing nothing', async () => {
    const { id, qid, energy } = await flagged();
    await h.expectRefused(() => explain('collector', id, qid, energy, { type: 'intensity', explanation: ' zu kurz  ' }), {
      statusCode: 400,
      fields: [{ path: 'explanation', key: 'outlier-explanation-too-short' }],
    });
    await h.expectRefused(() => explain('collector', id, qid, energy, { type: 'intensity', explanation: 'x'.repeat(1001) }), {
      statusCode: 400,
      fields: [{ path: 'explanation', key: 'outlier-explanation-too-long' }],
    });
    await h.expectRefused(() => explain('collector', id, qid, energy, { type: 'odd', explanation: 'Rechenzentrum im Haus' }), { statusCode: 400, fields: [{ path: 'type', key: 'outlier-type-unknown' }] });
    await h.expectRefused(() => explain('collector', id, qid, energy, { type: 'lfl', explanation: 'Rechenzentrum im Haus' }), { statusCode: 400, fields: [{ path: 'questionId', key: 'outlier-not-flagged' }] });
    const refused = await h.expectRefused(() => h.as('collector', 'PUT', `/api/asset/${id}/questionnaire/${qid}/outliers/${energy}`, { type: 'intensity', explanation: 'kurz' }, 'en'), { statusCode: 400 });
    expect(JSON.stringify(refused)).toContain('The explanation must be at least 10 characters long.');
  });

  it('each role reads the flags where it sees the questionnaire and explains them where it may answer; another organisation gets 404', async () => {
    const { id, qid, energy } = await flagged();
    for (const user of ROLES) {
      const read = await h.as(user, 'GET', `/api/asset/${id}/questionnaire/${qid}`);
      const flags = await h.as(user, 'GET', `/api/asset/${id}/questionnaire/${qid}/outliers`);
      expect([user, flags.statusCode]).toEqual([user, read.statusCode]);
      // Whoever may save the figure may explain it (core mayAnswer); the save of the same figure changes nothing.
      const save = await saveFigure(user, id, energy, 2500);
      const accept = await explain(user, id, qid, energy, { type: 'intensity', explanation: `Erklärt von ${user} im Test` });
      expect([user, accept.statusCode]).toEqual([user, save.statusCode]);
    }
    expect((await h.as('bank', 'GET', `/api/asset/${id}/questionnaire/${qid}/outliers`)).statusCode).toBe(404);
    await h.expectRefused(() => explain('bank', id, qid, energy, { type: 'intensity', explanation: 'Fremde Organisation' }), { statusCode: 404 });
    await h.expectRefused(() => explain('analyst', id, qid, energy, { type: 'intensity', explanation: 'Darf nicht antworten' }), { statusCode: 403 });
  });
});

describe("next year's questionnaire against last year's", () => {
  beforeEach(async () => {
    await h.resetTo('annual-demo', async () => {
      await seedDemoQuestionnaires(h.db);
      await seedDemoAnswers(h.db, new Date(h.clock.now));
      await seedDemoReview(h.db, new Date(h.clock.now));
      await seedDemoAnnual(h.db, new Date(h.clock.now));
    });
  });

  it('flags a figure that changed by more than 30 % against the questionnaire the annual start followed', async () => {
    const id = await assetId(DEMO_RENEWING);
    const latest = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ id: number; lastYear: { values: { questionId: number; inputAnswer: number }[] } }>();
    // The demo entered half of the figures at 92 % of last year's: no flag of change.
    expect((await flagsOf('collector', id, latest.id)).filter((f) => f.type === 'lfl')).toEqual([]);
    const last = latest.lastYear.values.at(-1)!;
    expect((await saveFigure('collector', id, last.questionId, last.inputAnswer * 0.58)).statusCode).toBe(200);
    const lfl = (await flagsOf('collector', id, latest.id)).filter((f) => f.type === 'lfl');
    expect(lfl).toEqual([expect.objectContaining({ questionId: last.questionId, reference: last.inputAnswer, accepted: false })]);
    expect(lfl[0]!.deviation).toBeCloseTo(-0.42, 9);
  });

  it('a floor area changed by more than 10 % is flagged as question 0, and explained like any other flag', async () => {
    expect(await seedDemoOutliers(h.db, new Date(h.clock.now))).toEqual({ seeded: true });
    const id = await assetId(DEMO_RENEWING);
    const latest = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ id: number }>();
    const { asset_total_area: area } = await h.db.selectFrom('assets').select('asset_total_area').where('id', '=', id).executeTakeFirstOrThrow();
    await h.db.updateTable('assets').set({ asset_total_area: Math.round(Number(area) * 1.25) }).where('id', '=', id).execute();
    const areaFlag = (await flagsOf('collector', id, latest.id)).find((f) => f.type === 'area');
    expect(areaFlag).toMatchObject({ questionId: 0, kpi: 'area', accepted: false });
    const url = `/api/asset/${id}/questionnaire/${latest.id}/outliers/0`;
    await h.expectRefused(() => h.as('collector', 'PUT', url, { type: 'area', explanation: 'kurz' }), { statusCode: 400, fields: [{ path: 'explanation', key: 'outlier-explanation-too-short' }] });
    const res = await h.as('collector', 'PUT', url, { type: 'area', explanation: 'Anbau des Seitenflügels im Berichtsjahr fertiggestellt.' });
    expect(res.statusCode).toBe(200);
    expect((await flagsOf('tester', id, latest.id)).find((f) => f.type === 'area')).toMatchObject({ accepted: true, explanation: 'Anbau des Seitenflügels im Berichtsjahr fertiggestellt.' });
  });

  it('the demo has one open and one explained flag', async () => {
    expect(await seedDemoOutliers(h.db, new Date(h.clock.now))).toEqual({ seeded: true });
    const id = await assetId(DEMO_RENEWING);
    const latest = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ id: number }>();
    const lfl = (await flagsOf('tester', id, latest.id)).filter((f) => f.type === 'lfl');
    expect(lfl.map((f) => [f.accepted, f.explanation])).toEqual([
      [false, null],
      [true, DEMO_OUTLIER_EXPLANATION],
    ]);
    expect(await seedDemoOutliers(h.db, new Date(h.clock.now))).toEqual({ seeded: false });
  });

  it('the score call gives the data quality: figures by provenance adding up to 100 %, and the open flags among them', async () => {
    expect(await seedDemoOutliers(h.db, new Date(h.clock.now))).toEqual({ seeded: true });
    const id = await assetId(DEMO_RENEWING);
    const latest = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ id: number }>();
    const quality = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${latest.id}/score`)).json().dataQuality;
    // The demo's figures: one estimated, one calculated, the others measured; the rest still missing.
    const { figures, shares } = quality;
    expect(figures).toBeGreaterThan(3);
    expect([shares.estimated, shares.calculated].map((s: number) => Math.round(s * figures))).toEqual([1, 1]);
    expect(shares.measured).toBeGreaterThan(0);
    expect(shares.missing).toBeGreaterThan(0);
    expect(shares.measured + shares.estimated + shares.calculated + shares.missing).toBeCloseTo(1, 12);
    expect(quality.openFlags).toBeGreaterThanOrEqual(1);
    expect(quality.openFlagShare).toBeGreaterThan(0);
    // Explaining the open flag shows at the next read.
    const open = (await flagsOf('collector', id, latest.id)).filter((f) => !f.accepted);
    for (const flag of open) {
      await h.as('collector', 'PUT', `/api/asset/${id}/questionnaire/${latest.id}/outliers/${flag.questionId}`, { type: flag.type, explanation: 'Leerstand wegen Sanierung im Berichtsjahr.' });
    }
    const after = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${latest.id}/score`)).json().dataQuality;
    expect(after.openFlags).toBe(open.filter((f) => f.questionId === 0).length);
  });

  it("the score's data quality is kept with the questionnaire and follows any change of its explanations", async () => {
    expect(await seedDemoOutliers(h.db, new Date(h.clock.now))).toEqual({ seeded: true });
    const id = await assetId(DEMO_RENEWING);
    const latest = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ id: number }>();
    const scoreOf = async () => (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${latest.id}/score`)).json();
    const before = await scoreOf();
    expect(await scoreOf()).toEqual(before);
    const explained = await h.db.selectFrom('outlier_acceptances').select('question_id').where('asset_questionnaire_id', '=', latest.id).execute();
    expect(explained.length).toBeGreaterThan(0);
    // A writer that touches only the explanations (no answer, no questionnaire row): the table notifies (migration 132).
    await h.db.deleteFrom('outlier_acceptances').where('asset_questionnaire_id', '=', latest.id).execute();
    await settled(h, h);
    const after = await scoreOf();
    expect(after.dataQuality.openFlags).toBe(before.dataQuality.openFlags + explained.length);
    expect(after.result).toEqual(before.result);
  });

  it("a group's data quality weighs its objects by floor area; each object's is the one of its score call", async () => {
    expect(await seedDemoOutliers(h.db, new Date(h.clock.now))).toEqual({ seeded: true });
    const id = await assetId(DEMO_RENEWING);
    const group = (await h.db.selectFrom('assets').select('asset_group_id').where('id', '=', id).executeTakeFirstOrThrow()).asset_group_id;
    const res = await h.as('objectadmin', 'GET', `/api/assetGroup/${group}/dataQuality`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ dataQuality: { shares: Record<string, number>; figures: number }; objects: { assetId: number; area: number; dataQuality: { shares: Record<string, number>; figures: number } }[] }>();
    const total = (shares: Record<string, number>) => shares.measured! + shares.estimated! + shares.calculated! + shares.missing!;
    expect(total(body.dataQuality.shares)).toBeCloseTo(1, 12);
    const renewing = body.objects.find((o) => o.assetId === id)!;
    const latest = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ id: number }>();
    expect(renewing.dataQuality).toEqual((await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${latest.id}/score`)).json().dataQuality);
    const area = body.objects.reduce((sum, o) => sum + o.area, 0);
    expect(body.dataQuality.shares.estimated).toBeCloseTo(body.objects.reduce((sum, o) => sum + (o.area / area) * o.dataQuality.shares.estimated!, 0), 12);
    expect(body.dataQuality.figures).toBe(body.objects.reduce((sum, o) => sum + o.dataQuality.figures, 0));
    // The spelling of the specification's paths answers the same.
    expect((await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/dataQuality`)).json()).toEqual(body);
  });
});
