// The reporting year on the data tab, and the warning of a total that disagrees with its carriers (DOMAIN.md §5,
// "Figures given twice, and reference data that is missing").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCORING_RULES_VERSION } from '@ecore/core/scoring/score.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';
import { rescore } from '../scoring/stored-score.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const OFFICE = 'Bürohaus Mainzer Landstraße';

interface Question {
  id: number;
  staticTitle: string;
}
interface Filled {
  id: number;
  reportingYear: number;
  canChangeReportingYear: boolean;
  reportingYearRange: { from: number; to: number };
  emissionFactors: Record<string, number | null>;
  figureWarnings: { metric: string; total: number; carriers: number; totalQuestionId: number; carrierQuestionIds: number[] }[];
  clusters: { categories: { sections: { questions: Question[] }[] }[] }[];
}
const questionsOf = (f: Filled) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));
const byTitle = (f: Filled, title: string) => questionsOf(f).find((q) => q.staticTitle === title)!.id;

let assetId: number;
let filled: Filled;
beforeEach(async () => {
  await h.resetTo('office-started', async () => {
    await seedDemoQuestionnaires(h.db);
    const id = (await h.db.selectFrom('assets').select('id').where('name', '=', OFFICE).executeTakeFirstOrThrow()).id;
    const res = await h.as('collector', 'POST', `/api/asset/${id}/questionnaire`);
    expect(res.statusCode, res.body).toBe(201);
  });
  assetId = (await h.db.selectFrom('assets').select('id').where('name', '=', OFFICE).executeTakeFirstOrThrow()).id;
  filled = (await h.as('objectadmin', 'GET', `/api/asset/${assetId}/questionnaire/latest`)).json<Filled>();
});

const url = () => `/api/asset/${assetId}/questionnaire/${filled.id}/reportingYear`;
const storedRow = () => h.db.selectFrom('asset_questionnaires').select(['reporting_year', 'score_summary', 'score_rules_version', 'ecore_score']).where('id', '=', filled.id).executeTakeFirstOrThrow();
const energyYears = (summary: unknown) => (summary as { stranding: { energy: { status: string; result?: { years: { year: number }[]; misalignmentYear: number | null } } } }).stranding.energy;

/** Total 100 and grid electricity 50: the office's figures of the issue. */
const answerEnergy = async (total: number, grid: number) => {
  const res = await h.as('collector', 'PUT', '/api/asset/answer', [
    { assetId, questionId: byTitle(filled, 'E-1.1'), inputAnswer: total },
    { assetId, questionId: byTitle(filled, 'E-1.2'), inputAnswer: grid },
  ]);
  expect(res.statusCode, res.body).toBe(200);
};

describe('changing the reporting year (PUT …/reportingYear)', () => {
  it('the data tab says who may change it and which years it takes: 2015 up to the year before today', () => {
    expect(filled).toMatchObject({ reportingYear: 2025, canChangeReportingYear: true, reportingYearRange: { from: 2015, to: 2025 } });
  });

  it('the object administrator changes it: stored, logged in the change log and the stored score recomputed in the same call', async () => {
    await answerEnergy(200, 180);
    const before = await storedRow();
    expect(energyYears(before.score_summary).result!.years[0]!.year).toBe(2025);
    const res = await h.as('objectadmin', 'PUT', url(), { reportingYear: 2020 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Filled>()).toMatchObject({ reportingYear: 2020 });
    const after = await storedRow();
    expect(after).toMatchObject({ reporting_year: 2020, score_rules_version: SCORING_RULES_VERSION });
    expect(energyYears(after.score_summary).result!.years[0]!.year).toBe(2020);
    const log = (await h.as('collector', 'GET', `/api/asset/${assetId}/questionnaire/${filled.id}/changelog`)).json<{ questionId: number; kind: string; oldValue: string; newValue: string; userName: string }[]>();
    expect(log[0]).toMatchObject({ questionId: 0, kind: 'ModifiedReportingYear', oldValue: '2025', newValue: '2020' });
    // The same year again changes and logs nothing.
    const again = await h.as('objectadmin', 'PUT', url(), { reportingYear: 2020 });
    expect(again.statusCode).toBe(200);
    expect((await h.as('collector', 'GET', `/api/asset/${assetId}/questionnaire/${filled.id}/changelog`)).json()).toHaveLength(log.length);
  });

  it.each<[DemoUserName, number, string]>([
    ['collector', 403, 'forbidden'],
    ['analyst', 403, 'forbidden'],
    ['admin', 403, 'forbidden'],
    ['internaltester', 404, 'not-found'],
    ['bank', 404, 'not-found'],
    ['buyer', 404, 'not-found'],
  ])('%s may not: %i, nothing stored', async (user, statusCode, key) => {
    await h.expectRefused(() => h.as(user, 'PUT', url(), { reportingYear: 2024 }), { statusCode, key });
  });

  it.each([2014, 2026, 2024.5])('the year %s is outside 2015 … 2025: 400 naming the field, nothing stored', async (reportingYear) => {
    const body = await h.expectRefused(() => h.as('objectadmin', 'PUT', url(), { reportingYear }, 'en'), {
      statusCode: 400,
      fields: [{ path: 'reportingYear', key: 'questionnaire-reporting-year-range' }],
    });
    expect((body as unknown as { fields: { message: string }[] }).fields[0]!.message).toBe('The reporting year must lie between 2015 and 2025.');
  });

  it('a year that is no number: 400 naming the field', async () => {
    await h.expectRefused(() => h.as('objectadmin', 'PUT', url(), { reportingYear: 'zweitausend' }), { statusCode: 400, fields: [{ path: 'reportingYear', key: 'validation-number' }] });
  });

  it.each(['Review', 'Evaluation', 'Closed', 'Verification'])('a questionnaire in %s keeps its year: 400 naming the field, nothing stored or recomputed', async (state) => {
    await h.db.updateTable('asset_questionnaires').set({ state }).where('id', '=', filled.id).execute();
    await h.expectRefused(() => h.as('objectadmin', 'PUT', url(), { reportingYear: 2024 }), {
      statusCode: 400,
      fields: [{ path: 'reportingYear', key: 'questionnaire-reporting-year-not-editable' }],
    });
    expect((await h.as('objectadmin', 'GET', `/api/asset/${assetId}/questionnaire/latest`)).json<Filled>().canChangeReportingYear).toBe(false);
  });
});

describe('a total beside carriers (the warning data of the questionnaire)', () => {
  it('total 100 beside grid 50: the warning names both figures and both questions; the stored energy projection reads the carriers', async () => {
    await answerEnergy(100, 50);
    const read = (await h.as('collector', 'GET', `/api/asset/${assetId}/questionnaire/${filled.id}`)).json<Filled>();
    expect(read.figureWarnings).toEqual([{ metric: 'energy', total: 100, carriers: 50, totalQuestionId: byTitle(filled, 'E-1.1'), carrierQuestionIds: [byTitle(filled, 'E-1.2')] }]);
    // The demo's grid factor of Germany in 2025: 0.366 × (1 − 5/28), rounded to three places.
    expect(read.emissionFactors).toEqual({ gridElectricity: 0.301, gas: 0.201, oil: 0.266, districtHeating: 0.18, districtCooling: 0.12 });
    const score = (await h.as('objectadmin', 'GET', `/api/asset/${assetId}/questionnaire/${filled.id}/score`)).json<{ result: { consumption: { finalEnergy: number; finalEnergySource: string }; stranding: { energy: { result: { beyond2050: boolean; source: string } } } } }>();
    expect(score.result.consumption).toMatchObject({ finalEnergy: 50, finalEnergySource: 'carriers' });
    expect(score.result.stranding.energy.result).toMatchObject({ source: 'carriers', beyond2050: true });
  });

  it('within 2 % there is no warning, and the save is never refused', async () => {
    await answerEnergy(101, 100);
    expect((await h.as('collector', 'GET', `/api/asset/${assetId}/questionnaire/${filled.id}`)).json<Filled>().figureWarnings).toEqual([]);
  });
});

describe('stored scores of an older reading of the rules', () => {
  it('are computed again by the start-up backfill, and then carry the current version', async () => {
    await answerEnergy(100, 50);
    const current = await storedRow();
    await h.db.updateTable('asset_questionnaires').set({ score_rules_version: 1, ecore_score: 99 }).where('id', '=', filled.id).execute();
    await h.db.transaction().execute((trx) => rescore(trx, new Date(h.clock.now), { onlyUnscored: true, limit: 200 }));
    expect(await storedRow()).toMatchObject({ score_rules_version: SCORING_RULES_VERSION, ecore_score: current.ecore_score });
    // Nothing of the current version is taken up again.
    expect(await h.db.transaction().execute((trx) => rescore(trx, new Date(h.clock.now), { onlyUnscored: true, limit: 200 }))).toBe(0);
  });
});
