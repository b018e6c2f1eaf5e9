import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, multipartFile, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.resetTo('templates', async () => {
    await seedDemoQuestionnaires(h.db);
  });
});

const upload = async (bytes: Buffer, { user = 'collector', query = '', name = 'antworten.csv', language = 'de' }: { user?: DemoUserName; query?: string; name?: string; language?: string } = {}) => {
  const { body, contentType } = multipartFile(name, bytes);
  return h.app.inject({ method: 'POST', url: `/api/import/answers${query}`, headers: { ...bearer(await h.login(user)), 'content-type': contentType, 'accept-language': language }, payload: body });
};

const groupId = async (name = 'Portfolio Rhein-Main') => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const assetId = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

const template = async (format: '1' | '2', language: 'de' | 'en', user: DemoUserName = 'collector') =>
  h.app.inject({ method: 'GET', url: `/api/import/answers/template?assetGroupId=${await groupId()}&language=${language}&exportFormat=${format}`, headers: bearer(await h.login(user)) });

/** The German CSV template as rows of cells, the header first. */
const germanRows = async (): Promise<string[][]> => parse((await template('1', 'de')).rawPayload.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
const csv = (rows: string[][]) => Buffer.from(`\ufeff${rows.map((r) => r.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';')).join('\r\n')}\r\n`, 'utf8');

const ENERGY = 'Endenergieverbrauch gesamt (kWh/m²/a)';
const STRATEGY = 'Verfügt das Unternehmen über eine schriftliche ESG-Strategie für den Immobilienbestand?';
const SURVEY = 'Gibt es eine jährliche Mieterbefragung zur Zufriedenheit und Nachhaltigkeit?';

/** The template with cells set: by object name and header. */
const filled = async (cells: Record<string, Record<string, string>>) => {
  const rows = await germanRows();
  const header = rows[0]!;
  for (const row of rows.slice(1)) for (const [column, value] of Object.entries(cells[row[2]!] ?? {})) row[header.indexOf(column)] = value;
  return rows;
};

const answersOf = async (name: string) =>
  h.db
    .selectFrom('asset_answers as a')
    .innerJoin('asset_questionnaires as aq', 'aq.id', 'a.asset_questionnaire_id')
    .innerJoin('assets as o', 'o.id', 'aq.asset_id')
    .select(['a.question_id', 'a.input_answer', 'a.option_ids', 'a.state', 'a.provenance'])
    .where('o.name', '=', name)
    .orderBy('a.question_id')
    .execute();

describe('GET /api/import/answers/template (issue 20)', () => {
  it("answers one row per object of the group and a column per applicable question, greyed and marked where it does not apply", async () => {
    const rows = await germanRows();
    expect(rows[0]!.slice(0, 3)).toEqual(['Objekt-ID', 'Externe ID', 'Objektname']);
    expect(rows[0]).toEqual(expect.arrayContaining([ENERGY, STRATEGY, SURVEY]));
    expect(rows.slice(1).map((r) => r[2])).toEqual(['Bürohaus Mainzer Landstraße', 'Wohn- und Geschäftshaus Bockenheim', 'Hotel am Rheinufer']);
    // The tenant survey asks offices, retail and housing: not the hotel.
    const hotel = rows.find((r) => r[2] === 'Hotel am Rheinufer')!;
    expect(hotel[rows[0]!.indexOf(SURVEY)]).toBe('—');
    // No virtual question has a column.
    expect(rows[0]!.some((c) => c.startsWith('Abweichung des Endenergieverbrauchs'))).toBe(false);

    const res = await template('2', 'en');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Answers', 'Lists', 'Explanation']);
    const sheet = workbook.getWorksheet('Answers')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const surveyColumn = header.indexOf('Is there an annual tenant survey on satisfaction and sustainability?') + 1;
    const hotelRow = [2, 3, 4].find((r) => sheet.getRow(r).getCell(3).value === 'Hotel am Rheinufer')!;
    expect(sheet.getRow(hotelRow).getCell(surveyColumn).fill).toMatchObject({ pattern: 'solid' });
  });

  it('is refused to roles that do not import, and for a group of another organisation', async () => {
    await h.expectRefused(() => template('1', 'de', 'analyst'), { statusCode: 403, key: 'forbidden' });
    const other = await groupId('Finanzierungsobjekte');
    const res = await h.app.inject({ method: 'GET', url: `/api/import/answers/template?assetGroupId=${other}&exportFormat=1`, headers: bearer(await h.login('collector')) });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/import/answers (issue 20)', () => {
  it('starts the questionnaire, stores the answers through the answering rules with the change log marked as imported, and a re-import changes nothing', async () => {
    const rows = await filled({ 'Bürohaus Mainzer Landstraße': { [ENERGY]: '120,5', [STRATEGY]: 'Ja, vollständig' } });
    const before = await h.snapshot();
    const preview = await upload(csv(rows));
    expect(preview.statusCode).toBe(200);
    const office = await assetId('Bürohaus Mainzer Landstraße');
    expect(preview.json()).toMatchObject({ dryRun: true, created: 1, updated: 0, unchanged: 2, failed: 0, rows: expect.arrayContaining([{ row: 1, status: 'created', assetId: office, objectName: 'Bürohaus Mainzer Landstraße', externalId: null, objectGroup: 'Portfolio Rhein-Main', errors: [] }]) });
    expect(await h.snapshot()).toEqual(before);

    const res = await upload(csv(rows), { query: '?dryRun=false' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, created: 1, unchanged: 2 });
    const stored = await answersOf('Bürohaus Mainzer Landstraße');
    expect(stored.map((a) => [a.input_answer, a.option_ids.length, a.state])).toEqual(expect.arrayContaining([[120.5, 0, 'Answered'], [null, 1, 'Answered']]));
    const questionnaire = await h.db.selectFrom('asset_questionnaires').selectAll().where('asset_id', '=', office).executeTakeFirstOrThrow();
    expect(questionnaire.answered_count).toBe(2);
    // The change log as a save by hand writes it, marked with the file; the stored score and the history too.
    const log = await h.app.inject({ method: 'GET', url: `/api/asset/${office}/questionnaire/${questionnaire.id}/changelog`, headers: bearer(await h.login('collector')) });
    expect(log.json()).toEqual([
      expect.objectContaining({ kind: 'Answered', note: 'Import: antworten.csv', userName: 'Carl Collector' }),
      expect.objectContaining({ kind: 'Answered', note: 'Import: antworten.csv', userName: 'Carl Collector' }),
    ]);
    // A figure is logged with where it comes from (measured unless the file's provenance column says otherwise).
    expect(log.json().map((c: { newValue: string }) => c.newValue).sort()).toEqual(['120,5 kWh/m²/a · gemessen', 'Ja, vollständig']);
    const scored = await h.db.selectFrom('asset_questionnaires').selectAll().where('id', '=', questionnaire.id).executeTakeFirstOrThrow();
    expect(scored).toMatchObject({ answered_count: 2 });
    // The stored score of the lists, as a save by hand keeps it.
    expect(scored.score_stamp).not.toBeNull();
    const history = await h.app.inject({ method: 'GET', url: '/api/import', headers: bearer(await h.login('collector')) });
    expect(history.json().items[0]).toMatchObject({ kind: 'answers', fileName: 'antworten.csv', created: 1, unchanged: 2 });

    // The template now holds the answers: importing it again (both formats, both languages) changes nothing.
    const after = await h.snapshot();
    for (const [format, language] of [['1', 'de'], ['2', 'de'], ['1', 'en'], ['2', 'en']] as const) {
      const file = (await template(format, language)).rawPayload;
      const again = await upload(file, { query: `?dryRun=false&language=${language}`, name: format === '1' ? 'a.csv' : 'a.xlsx' });
      expect(again.json(), `${format} ${language}`).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
    }
    const { imports: _i, ...tables } = await h.snapshot();
    const { imports: _j, ...expected } = after;
    expect(tables).toEqual(expected);
  });

  it('a provenance column says where the row’s figures come from; stored with them and logged', async () => {
    const rows = await filled({ 'Bürohaus Mainzer Landstraße': { [ENERGY]: '98' } });
    const withColumn = rows.map((r, i) => [...r, i === 0 ? 'Herkunft der Werte' : r[2] === 'Bürohaus Mainzer Landstraße' ? 'geschätzt' : '']);
    expect((await upload(csv(withColumn), { query: '?dryRun=false' })).json()).toMatchObject({ created: 1, failed: 0 });
    const stored = await answersOf('Bürohaus Mainzer Landstraße');
    expect(stored.filter((a) => a.input_answer !== null).map((a) => [a.input_answer, a.provenance])).toEqual([[98, 'estimated']]);
    // An unknown provenance fails the row at its column; nothing is stored but the failed entry of the history.
    const wrong = withColumn.map((r, i) => (i > 0 && r[2] === 'Bürohaus Mainzer Landstraße' ? [...r.slice(0, -1), 'geraten'] : r));
    await h.expectFailedImport(() => upload(csv(wrong), { query: '?dryRun=false' }), { kind: 'answers', fileName: 'antworten.csv', failed: 1 });
  });

  it('refuses each bad row with its key, in the request language, and stores nothing but the failed entry of the history', async () => {
    const rows = await filled({
      'Bürohaus Mainzer Landstraße': { [ENERGY]: 'viel', [STRATEGY]: 'Vielleicht' },
      'Wohn- und Geschäftshaus Bockenheim': { [ENERGY]: '=A1*2' },
      'Hotel am Rheinufer': { [SURVEY]: 'Ja' },
    });
    // A virtual question named by its static title, and a row naming another organisation's object.
    rows[0]!.push('E-2.1');
    rows.slice(1).forEach((r, i) => r.push(i === 0 ? '3' : ''));
    const foreign = await assetId('Wohnanlage Schwabing');
    rows.push([String(foreign), '', 'Fremd', ...rows[1]!.slice(3).map(() => '')]);
    const { body: res } = await h.expectFailedImport(() => upload(csv(rows), { query: '?dryRun=false' }), { kind: 'answers', fileName: 'antworten.csv', failed: 4 });
    const body = res as unknown as { rows: { row: number; errors: { column: string; key: string; message: string }[] }[] };
    const keys = (row: number) => body.rows.find((r) => r.row === row)!.errors.map((e) => `${e.column}: ${e.key}`);
    expect(keys(1)).toEqual([`${STRATEGY}: import-unknown-option`, `${ENERGY}: import-not-a-number`, 'E-2.1: answer-virtual']);
    expect(keys(2)).toEqual([`${ENERGY}: import-formula-text`]);
    expect(keys(3)).toEqual([`${SURVEY}: import-answer-not-applicable`]);
    expect(keys(4)).toEqual(['Objekt-ID: import-object-not-found']);
    expect(body.rows[0]!.errors[0]!.message).toBe('„Vielleicht“ ist kein Wert dieser Spalte. Erlaubt: Ja, vollständig, Teilweise, Nein.');
    expect(await answersOf('Wohnanlage Schwabing')).toEqual([]);
  });

  it('refuses a bad file: a renamed .exe, an empty file, one without header, an unknown or repeated column', async () => {
    await h.expectRefused(() => upload(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), { name: 'antworten.csv' }), { statusCode: 400, key: 'import-file-type' });
    await h.expectRefused(() => upload(Buffer.alloc(0)), { statusCode: 400, key: 'import-file-empty' });
    await h.expectRefused(() => upload(csv([['', ''], ['1', '2']])), { statusCode: 400, key: 'import-no-header' });
    await h.expectRefused(() => upload(csv([['Objekt-ID', 'E-1.1', ENERGY], ['1', '2', '3']])), { statusCode: 400, key: 'import-duplicate-column' });
    await h.expectRefused(() => upload(csv([['Objekt-ID', 'Farbe'], ['1', 'rot']])), { statusCode: 400, key: 'import-unknown-column' });
  });

  it('refuses a questionnaire in Review, and one locked by someone else naming the holder', async () => {
    const rows = await filled({ 'Bürohaus Mainzer Landstraße': { [ENERGY]: '100' } });
    await upload(csv(rows), { query: '?dryRun=false' });
    const office = await assetId('Bürohaus Mainzer Landstraße');
    const questionnaire = await h.db.selectFrom('asset_questionnaires').select('id').where('asset_id', '=', office).executeTakeFirstOrThrow();
    const changed = await filled({ 'Bürohaus Mainzer Landstraße': { [ENERGY]: '90' } });

    const holder = await h.db.selectFrom('users').select('id').where('user_name', '=', 'objectadmin').executeTakeFirstOrThrow();
    const now = new Date(h.clock.now);
    await h.db.insertInto('asset_questionnaire_locks').values({ asset_questionnaire_id: questionnaire.id, user_id: holder.id, holder_name: 'Olga Objekt', since: now, last_activity: now }).execute();
    const { body: locked } = await h.expectFailedImport(() => upload(csv(changed), { query: '?dryRun=false' }), { kind: 'answers', fileName: 'antworten.csv', failed: 1 });
    expect((locked as unknown as { rows: { errors: unknown[] }[] }).rows[0]!.errors).toEqual([{ column: 'Objekt-ID', key: 'questionnaire-locked', message: 'Der Fragebogen wird gerade von Olga Objekt bearbeitet und ist für Sie schreibgeschützt.' }]);
    await h.db.deleteFrom('asset_questionnaire_locks').execute();

    await h.db.updateTable('asset_questionnaires').set({ state: 'Review' }).where('id', '=', questionnaire.id).execute();
    const { body: review } = await h.expectFailedImport(() => upload(csv(changed), { query: '?dryRun=false' }), { kind: 'answers', fileName: 'antworten.csv', failed: 1 });
    expect((review as unknown as { rows: { errors: unknown[] }[] }).rows[0]!.errors).toMatchObject([{ column: ENERGY, key: 'answer-not-answerable' }]);
    // Unchanged rows of a questionnaire in Review are fine: the template of today imports as it is.
    expect((await upload(csv(rows))).json()).toMatchObject({ unchanged: 3, failed: 0 });
  });

  it('a write that fails in its last row leaves the database as it was', async () => {
    await sql`create function ecore_test_refuse_answer() returns trigger language plpgsql as $$
      begin if new.input_answer = 777 then raise exception 'refused by test'; end if; return new; end $$`.execute(h.db);
    await sql`create trigger ecore_test_refuse_answer before insert or update on asset_answers for each row execute function ecore_test_refuse_answer()`.execute(h.db);
    try {
      const before = await h.snapshot();
      const rows = await filled({ 'Bürohaus Mainzer Landstraße': { [ENERGY]: '100' }, 'Hotel am Rheinufer': { [ENERGY]: '777' } });
      const res = await upload(csv(rows), { query: '?dryRun=false' });
      expect(res.statusCode).toBe(500);
      expect(await h.snapshot()).toEqual(before);
    } finally {
      await sql`drop trigger ecore_test_refuse_answer on asset_answers`.execute(h.db);
      await sql`drop function ecore_test_refuse_answer()`.execute(h.db);
    }
  });
});

describe('who imports answers (DOMAIN.md §10)', () => {
  it('ImportAdmin, ObjectAdministrator, ObjectDataCollector and the AccountAdministrator for a named organisation; every other role is refused', async () => {
    const file = csv(await germanRows());
    for (const user of ['importadmin', 'objectadmin', 'collector', 'admin'] as const) expect((await upload(file, { user })).statusCode, user).toBe(200);
    for (const user of ['scoring', 'analyst', 'tester', 'internaltester', 'evaluator', 'accountmanager', 'billing', 'bank', 'buyer'] as const)
      await h.expectRefused(() => upload(file, { user, query: '?dryRun=false' }), { statusCode: 403, key: 'forbidden' });
  });
});
