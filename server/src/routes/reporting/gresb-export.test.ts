import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRESB_COLUMNS } from '@ecore/core/reporting/gresb.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { bearer, createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
let year: number;
beforeAll(async () => {
  h = await createHarness();
  await h.resetTo('answers', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now - 5 * 86_400_000));
  });
  year = (await h.db.selectFrom('asset_questionnaires').select('reporting_year').executeTakeFirstOrThrow()).reporting_year;
});
afterAll(async () => {
  await h.close();
});

const groupId = async (name = 'Portfolio Rhein-Main') => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const exportAs = async (user: DemoUserName, query: string) => h.app.inject({ method: 'GET', url: `/api/export/gresb?${query}`, headers: bearer(await h.login(user)) });
const csvRows = (body: string) => parse(body.split('\n').filter((l) => !l.startsWith('#')).join('\n'), { delimiter: ',' }) as string[][];

/** Grid electricity answered for an object in its questionnaire of the year, kWh/m²/a. */
const answered = async (name: string, kpiKey: string) => {
  const row = await h.db
    .selectFrom('asset_answers as a')
    .innerJoin('asset_questionnaires as aq', 'aq.id', 'a.asset_questionnaire_id')
    .innerJoin('assets as o', 'o.id', 'aq.asset_id')
    .innerJoin('questionnaire_questions as q', 'q.id', 'a.question_id')
    .select(['a.input_answer', 'o.asset_total_area'])
    .where('o.name', '=', name)
    .where('q.kpi_key', '=', kpiKey)
    .executeTakeFirst();
  return row ? { value: row.input_answer, area: row.asset_total_area } : null;
};

describe('GET /api/export/gresb (issue 41)', () => {
  it("gives the object administrator one row per object of the group, headed by GRESB's variable names, figures × floor area", async () => {
    const res = await exportAs('objectadmin', `assetGroupId=${await groupId()}&year=${year}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="GRESB-Portfolio_Rhein-Main-\d{4}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual([...GRESB_COLUMNS]);
    const names = rows.slice(1).map((r) => r[1]);
    expect(names.sort()).toEqual(['Bürohaus Mainzer Landstraße', 'Hotel am Rheinufer', 'Wohn- und Geschäftshaus Bockenheim']);
    const office = rows.find((r) => r[1] === 'Bürohaus Mainzer Landstraße')!;
    const col = (c: (typeof GRESB_COLUMNS)[number]) => office[GRESB_COLUMNS.indexOf(c)];
    expect([col('country'), col('property_type_code'), col('size'), col('year'), col('whole_building')]).toEqual(['DE', 'OFF', '12500', String(year), 'true']);
    expect(col('address')).toBe('Mainzer Landstraße 50, 60325 Frankfurt am Main');
    const grid = await answered('Bürohaus Mainzer Landstraße', 'finalEnergyGridElectricity');
    expect(grid?.value).toBeGreaterThan(0);
    expect(Number(col('en_abs_we'))).toBeCloseTo(grid!.value! * 12500, 6);
  });

  it('writes an Excel file with the data sheet, the sources of each column and the notes', async () => {
    const res = await exportAs('importadmin', `assetGroupId=${await groupId()}&year=${year}&language=en`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['GRESB', 'Sources', 'Notes']);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...GRESB_COLUMNS]);
    const sources = book.worksheets[1]!;
    expect((sources.getRow(1).values as unknown[]).slice(1)).toEqual(['Column', 'Questions', 'Conversion', 'Provenance (measured, estimated, calculated)']);
    const we = sources.getRows(2, GRESB_COLUMNS.length)!.find((r) => r.getCell(1).value === 'en_abs_we')!;
    expect(String(we.getCell(2).value)).toMatch(/^#\d+ /);
    // Where the figures come from, counted over the exported objects (the demo's figures are measured).
    expect(we.getCell(4).value).toMatch(/^measured \d+/);
  });

  it('exports every object the caller may export without a group', async () => {
    const res = await exportAs('objectadmin', 'format=csv');
    expect(res.statusCode).toBe(200);
    const names = csvRows(res.body).slice(1).map((r) => r[1]);
    expect(names).toContain('Quartier Prenzlauer Berg');
    expect(names).toContain('Hotel am Rheinufer');
    expect(names).not.toContain('Wohnanlage Schwabing');
  });

  it('says in a trailing comment line of the CSV which object has no GRESB property type', async () => {
    await h.db.updateTable('asset_asset_types').set({ asset_type_id: 11 }).where('asset_id', '=', (await h.db.selectFrom('assets').select('id').where('name', '=', 'Hotel am Rheinufer').executeTakeFirstOrThrow()).id).execute();
    const res = await exportAs('objectadmin', `assetGroupId=${await groupId()}&format=csv&language=en`);
    const comments = res.body.split('\n').filter((l) => l.startsWith('#'));
    expect(comments.some((l) => l.includes('MIX') && l.includes('property_type_code'))).toBe(true);
    await h.db.updateTable('asset_asset_types').set({ asset_type_id: 2 }).where('asset_type_id', '=', 11).where('percentage', '=', 100).execute();
  });

  it('refuses a year without questionnaires, a year outside 2015–2050 and a format outside the list, naming the field', async () => {
    const group = await groupId();
    const none = await exportAs('objectadmin', `assetGroupId=${group}&year=2016`);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([expect.objectContaining({ path: 'year', key: 'gresb-year-without-questionnaires' })]);
    const outside = await exportAs('objectadmin', `assetGroupId=${group}&year=2051`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields[0].path).toBe('year');
    const format = await exportAs('objectadmin', `assetGroupId=${group}&format=pdf`);
    expect(format.statusCode).toBe(400);
    expect(format.json().fields[0].path).toBe('format');
  });

  it('answers 404 for an unknown group and for a group of another organisation, 403 for roles that do not import objects', async () => {
    expect((await exportAs('objectadmin', 'assetGroupId=999999')).statusCode).toBe(404);
    const other = await groupId('Finanzierungsobjekte');
    expect((await exportAs('objectadmin', `assetGroupId=${other}`)).statusCode).toBe(404);
    for (const user of ['collector', 'analyst', 'tester', 'evaluator', 'bank'] as const) expect((await exportAs(user, `assetGroupId=${await groupId()}`)).statusCode, user).toBe(403);
  });
});
