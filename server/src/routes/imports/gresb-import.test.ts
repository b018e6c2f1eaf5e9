import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { GRESB_COLUMNS } from '@ecore/core/reporting/gresb.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { bearer, createHarness, multipartFile, type Harness } from '../../testing/harness.ts';

let h: Harness;
let year: number;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.resetTo('gresb', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now - 5 * 86_400_000));
    // A second organisation whose object administrator imports what the first exported.
    const org = await h.db.insertInto('organisations').values({ name: 'Zweite Immobilien GmbH', street: 'Weg', number: '2', zip: '20095', city: 'Hamburg', country: 'DE' }).returning('id').executeTakeFirstOrThrow();
    await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, password_hash, status)
      select 'second', 'second@zweite.example', 'Sina', 'Zweit', ${org.id}, ${sql.raw(`array[${Role.ObjectAdministrator}]::int[]`)}, password_hash, status
      from users where user_name = 'objectadmin'`.execute(h.db);
  });
  year = (await h.db.selectFrom('asset_questionnaires').select('reporting_year').executeTakeFirstOrThrow()).reporting_year;
});

const groupId = async (name = 'Portfolio Rhein-Main') => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const exportCsv = async (user: string, query: string) =>
  (await h.app.inject({ method: 'GET', url: `/api/export/gresb?format=csv&${query}`, headers: bearer(await h.login(user)) })).body;
const upload = async (user: string, bytes: Buffer, query = '', language = 'en') => {
  const { body, contentType } = multipartFile('gresb.csv', bytes, 'text/csv');
  return h.app.inject({ method: 'POST', url: `/api/import/assets${query}`, headers: { ...bearer(await h.login(user)), 'content-type': contentType, 'accept-language': language }, payload: body });
};
const rowsOf = (csv: string) => parse(csv.split('\n').filter((l) => !l.startsWith('#')).join('\n'), { delimiter: ',' }) as string[][];
const csvOf = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.map((c) => (/[,"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n')}\n`, 'utf8');

describe('GRESB import through the object import (issue 41)', () => {
  it('previews, then imports an exported file into a second organisation, and exporting there gives the same figures', async () => {
    const exported = rowsOf(await exportCsv('objectadmin', `assetGroupId=${await groupId()}&year=${year}`));
    const office = exported.filter((r, i) => i === 0 || r[1] === 'Bürohaus Mainzer Landstraße');
    const file = csvOf(office);
    const preview = await upload('second', file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, created: 1, failed: 0, groupsCreated: 1 });
    expect(await h.db.selectFrom('assets').select('id').where('name', '=', 'Bürohaus Mainzer Landstraße').execute()).toHaveLength(1);

    const imported = await upload('second', file, '?dryRun=false');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ dryRun: false, created: 1 });
    const again = rowsOf(await exportCsv('second', `year=${year}`));
    expect(again[0]).toEqual([...GRESB_COLUMNS]);
    expect(again).toHaveLength(2);
    const [before, after] = [office[1]!, again[1]!];
    for (const [i, column] of GRESB_COLUMNS.entries()) {
      if (column === 'partners_id') continue;
      if (/^(en_|ghg_|wat_|was_|size)/.test(column) && before[i] !== '') expect(Math.abs(Number(after[i]) - Number(before[i])), column).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(Number(before[i]))));
      else expect(after[i], column).toBe(before[i]);
    }
    // The same file again changes nothing but the history.
    const repeat = await upload('second', csvOf([again[0]!, again[1]!]), '?dryRun=false');
    expect(repeat.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it('names row and column of a size of 0, a negative consumption, a country not in ISO 3166 and a year outside 2015–2050, and stores nothing', async () => {
    const exported = rowsOf(await exportCsv('objectadmin', `assetGroupId=${await groupId()}&year=${year}`));
    const header = exported[0]!;
    const set = (row: string[], column: string, value: string) => {
      const copy = [...row];
      copy[header.indexOf(column)] = value;
      return copy;
    };
    const base = exported[1]!;
    const file = csvOf([header, set(base, 'size', '0'), set(base, 'en_abs_we', '-10'), set(base, 'country', 'DEU'), set(base, 'year', '2051')].map((r, i) => (i === 0 ? r : set(r, 'partners_id', ''))));
    const before = await h.db.selectFrom('assets').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    for (const dryRun of ['true', 'false']) {
      const res = await upload('second', file, `?dryRun=${dryRun}`, 'de');
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.key).toBe('import-rows-failed');
      const errors = body.rows.map((r: { row: number; errors: { column: string; key: string; message: string }[] }) => [r.row, r.errors.map((e) => `${e.column}:${e.key}`)]);
      expect(errors[0]).toEqual([1, expect.arrayContaining(['size:gresb-size'])]);
      expect(errors[1]).toEqual([2, expect.arrayContaining(['en_abs_we:gresb-negative'])]);
      expect(errors[2]).toEqual([3, expect.arrayContaining(['country:gresb-country'])]);
      expect(errors[3]).toEqual([4, expect.arrayContaining(['year:gresb-year'])]);
      expect(body.rows[0].errors.find((e: { key: string }) => e.key === 'gresb-size').message).toContain('Fläche');
    }
    expect(await h.db.selectFrom('assets').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it("updates the importer's own object by partners_id and fills its questionnaire of the year", async () => {
    const exported = rowsOf(await exportCsv('objectadmin', `assetGroupId=${await groupId()}&year=${year}`));
    const header = exported[0]!;
    const office = [...exported.find((r) => r[1] === 'Bürohaus Mainzer Landstraße')!];
    office[header.indexOf('wat_abs_w')] = '2500';
    const res = await upload('objectadmin', csvOf([header, office]), '?dryRun=false');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updated: 1, created: 0 });
    const water = await h.db
      .selectFrom('asset_answers as a')
      .innerJoin('asset_questionnaires as aq', 'aq.id', 'a.asset_questionnaire_id')
      .innerJoin('assets as o', 'o.id', 'aq.asset_id')
      .innerJoin('questionnaire_questions as q', 'q.id', 'a.question_id')
      .select('a.input_answer')
      .where('o.name', '=', 'Bürohaus Mainzer Landstraße')
      .where('q.kpi_key', '=', 'water')
      .executeTakeFirstOrThrow();
    expect(water.input_answer).toBeCloseTo(2500 / 12500, 12);
  });

  it("refuses figures of a year other than the object's current questionnaire, naming row, column and that year, and stores nothing", async () => {
    const exported = rowsOf(await exportCsv('objectadmin', `assetGroupId=${await groupId()}&year=${year}`));
    const header = exported[0]!;
    const office = [...exported.find((r) => r[1] === 'Bürohaus Mainzer Landstraße')!];
    office[header.indexOf('year')] = String(year - 1);
    office[header.indexOf('wat_abs_w')] = '2500';
    const answers = async () => (await h.db.selectFrom('asset_answers').select(['id', 'input_answer']).orderBy('id').execute()).map((a) => `${a.id}:${a.input_answer}`).join();
    const before = await answers();
    for (const [dryRun, language] of [['true', 'de'], ['false', 'en']] as const) {
      const send = () => upload('objectadmin', csvOf([header, office]), `?dryRun=${dryRun}`, language);
      // The preview records nothing; the run meant to store records its failure in the history, nothing else.
      const body = (dryRun === 'true' ? await h.expectRefused(send, { statusCode: 400, key: 'import-rows-failed' }) : (await h.expectFailedImport(send, { kind: 'assets', fileName: 'gresb.csv', failed: 1 })).body) as unknown as {
        key: string;
        rows: { row: number; errors: { key: string; column: string; message: string }[] }[];
      };
      expect(body.key).toBe('import-rows-failed');
      const error = body.rows[0]!.errors.find((e) => e.key === 'gresb-year-questionnaire')!;
      expect(body.rows[0]!.row).toBe(1);
      expect(error).toMatchObject({ column: 'year' });
      expect(error.message).toContain(language === 'de' ? `Berichtsjahr ${year}` : `reporting year ${year}`);
    }
    expect(await answers()).toBe(before);
  });

  it("never updates another organisation's object named by partners_id: the second organisation gets a new one", async () => {
    const exported = rowsOf(await exportCsv('objectadmin', `assetGroupId=${await groupId()}&year=${year}`));
    const res = await upload('second', csvOf([exported[0]!, exported[1]!]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows[0]).toMatchObject({ status: 'created', assetId: null });
  });
});
