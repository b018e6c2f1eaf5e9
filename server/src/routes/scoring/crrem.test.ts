// The CRREM report calls (issue 41, docs/crrem.md): the CRREM Foundation's worked example through the object call,
// the portfolio's excess emissions as the sum of its objects', the Excel download, bad input, and who may read it.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '@ecore/core/scoring/fixtures/crrem-worked-example-shopping-centre.json' with { type: 'json' };
import type { CrremReport } from '@ecore/core/scoring/crrem-report.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const OFFICE = 'Bürohaus Mainzer Landstraße';
const GROUP = 'Portfolio Rhein-Main';
const RSM = 4;
/** A country no demo object uses, so that the example's reference data stands alone. */
const COUNTRY = 'LU';

interface Question {
  id: number;
  staticTitle: string;
}
interface Filled {
  id: number;
  clusters: { categories: { sections: { questions: Question[] }[] }[] }[];
}
const questionId = (f: Filled, title: string) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).find((q) => q.staticTitle === title)!.id;
const assetOf = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const groupOf = async (name: string) => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/**
 * The worked example as an object of the portal: the office becomes a 22 000 m² shopping centre in a country whose
 * reference data is the example's, reporting 2024, with its three carriers per m² answered.
 */
const seedExample = async () => {
  await seedDemoQuestionnaires(h.db);
  const assetId = await assetOf(OFFICE);
  await h.db.updateTable('assets').set({ country: COUNTRY, asset_total_area: example.asset.grossInternalArea_m2 }).where('id', '=', assetId).execute();
  await h.db.deleteFrom('asset_asset_types').where('asset_id', '=', assetId).execute();
  await h.db.insertInto('asset_asset_types').values({ asset_id: assetId, asset_type_id: RSM, percentage: 100 }).execute();
  await h.db
    .insertInto('scoring_reference_values')
    .values(
      example.years.flatMap((year, i) => [
        { kind: 'pathway', metric: 'carbon', country: COUNTRY, asset_class: 'RSM', year, value: example.carbonPathway_kgCO2e_per_m2[i]! },
        // The example has no energy pathway: one falling from 300 by 5 kWh/m² a year crosses its 232.73 in 2038.
        { kind: 'pathway', metric: 'energy', country: COUNTRY, asset_class: 'RSM', year, value: 300 - 5 * (year - 2024) },
      ]),
    )
    .execute();
  await h.db
    .insertInto('scoring_emission_factors')
    .values([
      ...example.years.map((year, i) => ({ carrier: 'gridElectricity', country: COUNTRY, year, value: example.gridFactor_kgCO2e_per_kWh[i]! })),
      { carrier: 'gas', country: COUNTRY, year: 0, value: example.constantFactors_kgCO2e_per_kWh.gas },
      { carrier: 'districtCooling', country: COUNTRY, year: 0, value: example.constantFactors_kgCO2e_per_kWh.districtCooling },
    ])
    .execute();
  const started = await h.as('collector', 'POST', `/api/asset/${assetId}/questionnaire`);
  expect(started.statusCode, started.body).toBe(201);
  const filled = (await h.as('collector', 'GET', `/api/asset/${assetId}/questionnaire/latest`)).json<Filled>();
  await h.db.updateTable('asset_questionnaires').set({ reporting_year: example.asset.reportingYear }).where('id', '=', filled.id).execute();
  const perM2 = (kWh: number) => kWh / example.asset.grossInternalArea_m2;
  const saved = await h.as('collector', 'PUT', '/api/asset/answer', [
    { assetId, questionId: questionId(filled, 'E-1.2'), inputAnswer: perM2(example.energy_kWh_per_year.gridElectricity) },
    { assetId, questionId: questionId(filled, 'E-1.3'), inputAnswer: perM2(example.energy_kWh_per_year.gas) },
    { assetId, questionId: questionId(filled, 'E-1.6'), inputAnswer: perM2(example.energy_kWh_per_year.districtCooling) },
  ]);
  expect(saved.statusCode, saved.body).toBe(200);
};

interface ObjectCrrem {
  assetId: number;
  questionnaireId: number;
  reportingYear: number;
  report: CrremReport;
}

describe('GET /api/asset/{id}/questionnaire/{qid}/crrem: the CRREM worked example (shopping centre A-002)', () => {
  let url: string;
  beforeAll(async () => {
    await h.resetTo('crrem-example', seedExample);
    const assetId = await assetOf(OFFICE);
    const qid = (await h.db.selectFrom('asset_questionnaires').select('id').where('asset_id', '=', assetId).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    url = `/api/asset/${assetId}/questionnaire/${qid}/crrem`;
  });

  it('reproduces the example: intensity per year within its tolerance, its pathway, misalignment in 2036', async () => {
    const res = await h.as('objectadmin', 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const { reportingYear, report } = res.json<ObjectCrrem>();
    expect(reportingYear).toBe(2024);
    expect(report.area).toBe(22000);
    expect(report.years.map((y) => y.year)).toEqual(example.years);
    report.years.forEach((row, i) => {
      expect(Math.abs(row.carbonIntensity! - example.expected.carbonIntensity_kgCO2e_per_m2[i]!), String(row.year)).toBeLessThanOrEqual(example.tolerance.carbonIntensity);
      expect(row.carbonPathway).toBeCloseTo(example.carbonPathway_kgCO2e_per_m2[i]!, 9);
      expect(Math.abs(row.energyIntensity! - example.expected.energyIntensity_kWh_per_m2)).toBeLessThanOrEqual(example.tolerance.energyIntensity);
    });
    expect(report.carbon).toEqual({ status: 'computed', misalignmentYear: 2036, beyond2050: false, source: 'carriers' });
    expect(report.energy).toMatchObject({ status: 'computed', misalignmentYear: 2038 });
  });

  it('answers the excess emissions in tons: none before 2036, (intensity − pathway) × 22 from then on, about 9 693 t to 2050', async () => {
    const { report } = (await h.as('collector', 'GET', url)).json<ObjectCrrem>();
    const tons = example.tolerance.carbonIntensity * 22;
    report.years.forEach((row, i) => {
      const byHand = Math.max(0, example.expected.carbonIntensity_kgCO2e_per_m2[i]! - example.carbonPathway_kgCO2e_per_m2[i]!) * 22;
      if (row.year < 2036) expect(row.excessEmissions, String(row.year)).toBe(0);
      else expect(Math.abs(row.excessEmissions! - byHand), String(row.year)).toBeLessThanOrEqual(tons);
    });
    expect(Math.abs(report.cumulativeExcessEmissions! - 9692.782)).toBeLessThanOrEqual(tons * 15);
  });

  it('?format=xlsx downloads the years and the summary in the caller’s language', async () => {
    const res = await h.app.inject({ method: 'GET', url: `${url}?format=xlsx`, headers: { authorization: `Bearer ${await h.login('objectadmin')}`, 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="CRREM-object-\d+-2024-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [years, summary] = book.worksheets;
    expect(years!.name).toBe('CRREM per year');
    expect(years!.getRow(1).getCell(5).value).toBe('Excess emissions (t CO2e)');
    expect(years!.rowCount).toBe(1 + 27);
    expect(years!.getRow(14).getCell(1).value).toBe(2036);
    expect(Number(years!.getRow(14).getCell(5).value)).toBeGreaterThan(0);
    expect(summary!.getRow(2).values).toEqual([undefined, 'Report of', OFFICE]);
    expect(summary!.getRow(4).values).toEqual([undefined, 'Carbon misalignment year', 2036]);
  });

  it('a format outside json and xlsx: 400 naming the field', async () => {
    await h.expectRefused(() => h.as('objectadmin', 'GET', `${url}?format=pdf`), { statusCode: 400, fields: [{ path: 'format', key: 'scoring-crrem-format' }] });
  });

  it('an unknown questionnaire of the object, or an unknown object: 404', async () => {
    const assetId = await assetOf(OFFICE);
    await h.expectRefused(() => h.as('objectadmin', 'GET', `/api/asset/${assetId}/questionnaire/999999/crrem`), { statusCode: 404, key: 'not-found' });
    await h.expectRefused(() => h.as('objectadmin', 'GET', `/api/asset/999999/questionnaire/1/crrem`), { statusCode: 404, key: 'not-found' });
  });
});

describe('GET /api/assetGroup/{id}/crrem: the portfolio of the demo', () => {
  beforeAll(async () => {
    await h.resetTo('crrem-demo-answers', async () => {
      await seedDemoQuestionnaires(h.db);
      await seedDemoAnswers(h.db, new Date(h.clock.now - 5 * 86_400_000));
      await seedDemoReview(h.db, new Date(h.clock.now));
    });
  });

  it('weighs intensities by area and sums its objects’ excess emissions, year by year and to 2050', async () => {
    const groupId = await groupOf(GROUP);
    const res = await h.as('objectadmin', 'GET', `/api/assetGroup/${groupId}/crrem`);
    expect(res.statusCode, res.body).toBe(200);
    const { report } = res.json<{ groupId: number; report: CrremReport }>();
    expect(report.carbon.status).toBe('computed');
    const structure = (await h.as('objectadmin', 'GET', `/api/assetGroup/${groupId}/structureInfo`)).json<{ objects: { assetId: number; area: number; assetQuestionnaireId: number }[] }>();
    expect(structure.objects.length).toBeGreaterThan(1);
    const objects = await Promise.all(
      structure.objects.map(async (o) => (await h.as('objectadmin', 'GET', `/api/asset/${o.assetId}/questionnaire/${o.assetQuestionnaireId}/crrem`)).json<ObjectCrrem>().report),
    );
    const totalArea = objects.reduce((t, o) => t + o.area, 0);
    expect(report.area).toBe(totalArea);
    for (const row of report.years) {
      const rows = objects.map((o) => o.years.find((y) => y.year === row.year)!);
      expect(row.excessEmissions).toBeCloseTo(rows.reduce((t, y) => t + y.excessEmissions!, 0), 6);
      expect(row.carbonIntensity).toBeCloseTo(rows.reduce((t, y, i) => t + (objects[i]!.area * y.carbonIntensity!) / totalArea, 0), 6);
    }
    expect(report.cumulativeExcessEmissions).toBeCloseTo(report.years.reduce((t, y) => t + y.excessEmissions!, 0), 6);
    // The spec's path spelling answers the same.
    expect((await h.as('objectadmin', 'GET', `/api/AssetGroup/${groupId}/crrem`)).json()).toEqual(res.json());
  });

  it('downloads the portfolio as xlsx named after the group', async () => {
    const groupId = await groupOf(GROUP);
    const res = await h.as('objectadmin', 'GET', `/api/assetGroup/${groupId}/crrem?format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="CRREM-Objektgruppe-${groupId}-`));
  });

  it('an unknown group: 404; a format outside the list: 400 naming the field', async () => {
    await h.expectRefused(() => h.as('objectadmin', 'GET', '/api/assetGroup/999999/crrem'), { statusCode: 404, key: 'not-found' });
    const groupId = await groupOf(GROUP);
    await h.expectRefused(() => h.as('objectadmin', 'GET', `/api/assetGroup/${groupId}/crrem?format=csv`), { statusCode: 400, fields: [{ path: 'format', key: 'scoring-crrem-format' }] });
  });

  it.each<DemoUserName>(['admin', 'scoring', 'objectadmin', 'collector', 'analyst', 'tester', 'internaltester', 'evaluator', 'accountmanager', 'billing', 'importadmin', 'bank', 'buyer'])(
    '%s reads the reports exactly where it reads the scores',
    async (user) => {
      const groupId = await groupOf(GROUP);
      const assetId = await assetOf(OFFICE);
      const qid = (await h.db.selectFrom('asset_questionnaires').select('id').where('asset_id', '=', assetId).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
      const status = async (path: string) => {
        const res = await h.as(user, 'GET', path);
        return res.statusCode >= 400 ? `${res.statusCode} ${res.json<{ key: string }>().key}` : String(res.statusCode);
      };
      expect(await status(`/api/asset/${assetId}/questionnaire/${qid}/crrem`)).toBe(await status(`/api/asset/${assetId}/questionnaire/${qid}/score`));
      expect(await status(`/api/assetGroup/${groupId}/crrem`)).toBe(await status(`/api/assetGroup/${groupId}/score`));
    },
  );
});
