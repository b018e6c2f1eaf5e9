import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
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
  await h.reset();
});

const upload = async (bytes: Buffer, { user = 'importadmin', query = '', name = 'objekte.csv', language = 'de' }: { user?: DemoUserName; query?: string; name?: string; language?: string } = {}) => {
  const { body, contentType } = multipartFile(name, bytes);
  return h.app.inject({ method: 'POST', url: `/api/import/assets${query}`, headers: { ...bearer(await h.login(user)), 'content-type': contentType, 'accept-language': language }, payload: body });
};

const HEADER = 'Externe ID;Objektname;Objektgruppe;Land;Ort;PLZ;Straße;Hausnummer;Bruttogrundfläche (BGF) in m²;OFF;RESI';
const csv = (...rows: string[]) => Buffer.from(`\ufeff${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');
const THREE = [
  'K-1;Domblick;Portfolio Köln;DE;Köln;50667;Domkloster;4;1.250,5;100;',
  'K-2;Rheinauhafen;Portfolio Köln;Deutschland;Köln;50678;Agrippinawerft;22;3400;60;40',
  'K-3;Ehrenfeld;Portfolio Köln;DE;Köln;50823;Venloer Straße;300;980;;100',
];

const objectsNamed = async (names: string[]) =>
  h.db.selectFrom('assets').select(['id', 'name', 'external_id', 'city', 'asset_total_area', 'asset_group_id']).where('name', 'in', names).orderBy('name').execute();

describe('POST /api/import/assets (issue 20)', () => {
  it('previews by default: every row created with its name, external id and group, the new group named, nothing stored', async () => {
    const before = await h.snapshot();
    const res = await upload(csv(...THREE));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dryRun: true,
      created: 3,
      updated: 0,
      unchanged: 0,
      failed: 0,
      groupsCreated: 1,
      rows: [
        { row: 1, status: 'created', assetId: null, objectName: 'Domblick', externalId: 'K-1', objectGroup: 'Portfolio Köln', errors: [] },
        { row: 2, status: 'created', assetId: null, objectName: 'Rheinauhafen', externalId: 'K-2', objectGroup: 'Portfolio Köln', errors: [] },
        { row: 3, status: 'created', assetId: null, objectName: 'Ehrenfeld', externalId: 'K-3', objectGroup: 'Portfolio Köln', errors: [] },
      ],
    });
    expect(await h.snapshot()).toEqual(before);
  });

  it('imports every row in one transaction, creates the group once, and a re-import reports every row unchanged', async () => {
    const res = await upload(csv(...THREE), { query: '?dryRun=false' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ created: number; rows: { assetId: number }[] }>();
    expect(body.created).toBe(3);
    const stored = await objectsNamed(['Domblick', 'Rheinauhafen', 'Ehrenfeld']);
    expect(stored.map((s) => [s.name, s.external_id, s.city, s.asset_total_area])).toEqual([
      ['Domblick', 'K-1', 'Köln', 1250.5],
      ['Ehrenfeld', 'K-3', 'Köln', 980],
      ['Rheinauhafen', 'K-2', 'Köln', 3400],
    ]);
    expect(new Set(stored.map((s) => s.asset_group_id)).size).toBe(1);
    expect(body.rows.map((r) => r.assetId).sort()).toEqual(stored.map((s) => s.id).sort());
    const shares = await h.db.selectFrom('asset_asset_types').select(['asset_type_id', 'percentage']).where('asset_id', '=', stored.find((s) => s.name === 'Rheinauhafen')!.id).orderBy('asset_type_id').execute();
    expect(shares).toEqual([{ asset_type_id: 1, percentage: 60 }, { asset_type_id: 12, percentage: 40 }]);

    const before = await h.snapshot();
    const again = await upload(csv(...THREE), { query: '?dryRun=false' });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0, groupsCreated: 0 });
    const { imports: _history, ...tables } = before;
    const { imports: _later, ...after } = await h.snapshot();
    expect(after).toEqual(tables);

    const changed = await upload(csv(THREE[0]!.replace('1.250,5', '1.300')), { query: '?dryRun=false' });
    expect(changed.json()).toMatchObject({ updated: 1, rows: [{ row: 1, status: 'updated', assetId: stored[0]!.id, objectName: 'Domblick', externalId: 'K-1', objectGroup: 'Portfolio Köln' }] });

    // A row that names a stored object by its external id alone (no name, no group) is named after the stored object.
    const byReference = Buffer.from(`\ufeffExterne ID;Bruttogrundfläche (BGF) in m²\r\nK-3;viel\r\n`, 'utf8');
    expect((await upload(byReference)).json()).toMatchObject({ rows: [{ row: 1, status: 'failed', assetId: stored[1]!.id, objectName: 'Ehrenfeld', externalId: 'K-3', objectGroup: 'Portfolio Köln' }] });
    expect((await objectsNamed(['Domblick']))[0]!.asset_total_area).toBe(1300);
  });

  it('answers 400 with the rows when any row fails, names the error in the request language, and stores nothing but the failed entry of the history', async () => {
    const bad = THREE[1]!.replace(';60;40', ';60;30');
    const { body } = await h.expectFailedImport(() => upload(csv(THREE[0]!, bad, THREE[2]!), { query: '?dryRun=false' }), { kind: 'assets', fileName: 'objekte.csv', failed: 1 });
    expect(body).toMatchObject({ dryRun: false, created: 2, failed: 1 });
    expect((body as unknown as { rows: unknown[] }).rows[1]).toEqual({
      row: 2,
      status: 'failed',
      assetId: null,
      objectName: 'Rheinauhafen',
      externalId: 'K-2',
      objectGroup: 'Portfolio Köln',
      errors: [{ column: 'assetAssetTypes', key: 'import-shares-total', message: 'Die Anteile der Objektklassen ergeben 90 % statt 100 %.' }],
    });
    const english = await upload(csv(bad), { language: 'en' });
    expect(english.json<{ rows: { errors: { message: string }[] }[] }>().rows[0]!.errors[0]!.message).toBe('The asset class shares add up to 90 % instead of 100 %.');
  });

  it('imports the sample file of docs/ (README "Import")', async () => {
    const sample = await readFile(new URL('../../../../docs/import-sample-objects.csv', import.meta.url));
    const res = await upload(sample, { query: '?dryRun=false' });
    expect(res.json()).toMatchObject({ created: 3, failed: 0, groupsCreated: 1 });
    expect((await objectsNamed(['Rheinauhafen Kranhaus']))[0]).toMatchObject({ city: 'Köln', asset_total_area: 14800, external_id: 'KLN-002' });
  });

  it('reads a Windows-1252 file with commas, so that Köln stays Köln', async () => {
    const text = ['objectName,objectGroup,country,city,zip,street,streetNumber,assetTotalArea,OFF', 'Kölner Hof,Portfolio Köln,DE,Köln,50667,Hohe Straße,1,1200.5,100'].join('\r\n');
    const latin1 = Buffer.from(text, 'latin1');
    const res = await upload(latin1, { query: '?dryRun=false&language=en' });
    expect(res.statusCode).toBe(200);
    expect((await objectsNamed(['Kölner Hof']))[0]).toMatchObject({ city: 'Köln', asset_total_area: 1200.5 });
  });

  it('reads an Excel workbook by its labels, formulas by their cached value', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Objects');
    sheet.addRow(['Object name', 'Object group', 'Country', 'City', 'Postcode', 'Street', 'Street number', 'Gross floor area (GFA) in m²', 'OFF', 'Feature quality']);
    sheet.addRow(['Excel House', 'Portfolio Berlin', 'Germany', 'Berlin', '10115', 'Invalidenstraße', '1', { formula: '1000*2', result: 2000 }, 100, 'High']);
    const res = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), { name: 'objects.xlsx', query: '?dryRun=false', language: 'en' });
    expect(res.json()).toMatchObject({ created: 1, groupsCreated: 0 });
    expect((await objectsNamed(['Excel House']))[0]).toMatchObject({ asset_total_area: 2000 });
  });
});

describe('all rows or none', () => {
  it('a write that fails in its last row leaves the database as it was', async () => {
    // The database refuses the last row only when it is written (after the preview's checks passed).
    await sql`create function ecore_test_refuse_last() returns trigger language plpgsql as $$
      begin if new.name = 'Ehrenfeld' then raise exception 'refused by test'; end if; return new; end $$`.execute(h.db);
    await sql`create trigger ecore_test_refuse_last before insert on assets for each row execute function ecore_test_refuse_last()`.execute(h.db);
    try {
      const existing = THREE[0]!;
      await upload(csv(existing), { query: '?dryRun=false' });
      const before = await h.snapshot();
      const res = await upload(csv(existing.replace('1.250,5', '1.999'), THREE[1]!, THREE[2]!), { query: '?dryRun=false' });
      expect(res.statusCode).toBe(500);
      expect(await h.snapshot()).toEqual(before);
      expect((await objectsNamed(['Domblick']))[0]!.asset_total_area).toBe(1250.5);
    } finally {
      await sql`drop trigger ecore_test_refuse_last on assets`.execute(h.db);
      await sql`drop function ecore_test_refuse_last()`.execute(h.db);
    }
  });
});

describe('bad input: 400 (or 413) with a key, nothing stored', () => {
  const refused = (bytes: Buffer, key: string, statusCode = 400, name = 'objekte.csv') => h.expectRefused(() => upload(bytes, { name, query: '?dryRun=false' }), { statusCode, key });

  it('a renamed .exe, an empty file, a file without header, an unknown column', async () => {
    await refused(Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]), 'import-file-type', 400, 'objekte.xlsx');
    await refused(Buffer.alloc(0), 'import-file-empty');
    await refused(Buffer.from('\r\nHaus;Köln\r\n'), 'import-no-header');
    const body = await refused(Buffer.from('objectName;Farbe\r\nHaus;blau\r\n'), 'import-unknown-column');
    expect(body).toMatchObject({ message: 'Unbekannte Spalte „Farbe“. Verwenden Sie die Spaltennamen der Vorlage.' });
  });

  it('a macro workbook and a zip bomb', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Objekte').addRow(['objectName']);
    const plain = Buffer.from(await workbook.xlsx.writeBuffer());
    // The same archive with a VBA project entry in its central directory.
    await refused(Buffer.from(plain.toString('latin1').replaceAll('docProps/core.xml', 'xl/vbaProject.bin'), 'latin1'), 'import-macro-workbook', 400, 'objekte.xlsm');
    // An entry claiming 300 MB unpacked.
    const bomb = Buffer.from(plain);
    const eocd = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const central = bomb.readUInt32LE(eocd + 16);
    bomb.writeUInt32LE(300 * 1024 * 1024, central + 24);
    await refused(bomb, 'import-zip-bomb', 400, 'objekte.xlsx');
  });

  it('more than 50 000 rows, and more than 20 MB (413)', async () => {
    const row = THREE[0]!;
    await refused(Buffer.from([HEADER, ...Array.from({ length: 50_001 }, () => row)].join('\n')), 'import-too-many-rows', 413);
    await refused(Buffer.alloc(20 * 1024 * 1024 + 10, 'a'), 'import-file-too-large', 413);
  });

  it('duplicate externalIds, an id of another organisation, text in a number, a negative area, an unknown country, an = cell', async () => {
    const foreign = await h.db.selectFrom('assets').innerJoin('organisations', 'organisations.id', 'assets.organisation_id').select(['assets.id', 'assets.name', 'assets.version']).where('organisations.name', '!=', 'Musterimmobilien AG').executeTakeFirstOrThrow();
    const header = `Objekt-ID;${HEADER}`;
    const file = Buffer.from(
      [
        header,
        `;${THREE[0]}`,
        `;${THREE[0]!.replace('Domblick', 'Doppelt')}`,
        `${foreign.id};X-9;Fremd;Portfolio Köln;DE;Köln;50667;A;1;100;100;`,
        `;K-4;Zahl;Portfolio Köln;DE;Köln;50667;A;1;viel;100;`,
        `;K-5;Negativ;Portfolio Köln;DE;Köln;50667;A;1;-5;100;`,
        `;K-6;Land;Portfolio Köln;Atlantis;Köln;50667;A;1;100;100;`,
        `;K-7;=HYPERLINK("http://x");Portfolio Köln;DE;Köln;50667;A;1;100;100;`,
      ].join('\r\n'),
    );
    const { body: refusal } = await h.expectFailedImport(() => upload(file, { query: '?dryRun=false' }), { kind: 'assets', fileName: 'objekte.csv', failed: 7 });
    const body = refusal as unknown as { rows: { row: number; status: string; errors: { column: string; key: string }[] }[] };
    expect(body.rows.map((r) => [r.row, r.status, r.errors.map((e) => `${e.column}:${e.key}`)])).toEqual([
      [1, 'failed', ['Externe ID:import-duplicate-external-id']],
      [2, 'failed', ['Externe ID:import-duplicate-external-id']],
      [3, 'failed', ['Objekt-ID:import-object-not-found']],
      [4, 'failed', ['Bruttogrundfläche (BGF) in m²:import-not-a-number']],
      [5, 'failed', ['Bruttogrundfläche (BGF) in m²:import-negative-number']],
      [6, 'failed', ['Land:import-unknown-country']],
      [7, 'failed', ['Objektname:import-formula-text']],
    ]);
    const still = await h.db.selectFrom('assets').select(['name', 'version']).where('id', '=', foreign.id).executeTakeFirstOrThrow();
    expect(still).toEqual({ name: foreign.name, version: foreign.version });
  });
});

describe('the object form and externalId', () => {
  it('shows the imported externalId, and refuses one another object of the organisation has', async () => {
    await upload(csv(THREE[0]!), { query: '?dryRun=false' });
    const stored = (await objectsNamed(['Domblick']))[0]!;
    const read = await h.as('objectadmin', 'GET', `/api/asset/${stored.id}`);
    expect(read.json()).toMatchObject({ externalId: 'K-1' });
    const body = { objectName: 'Zweites', externalId: 'K-1', assetGroupId: stored.asset_group_id, country: 'DE', city: 'Köln', zip: '50667', street: 'A', streetNumber: '1', assetTotalArea: 100, assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }] };
    const token = await h.login('objectadmin');
    await h.expectRefused(() => h.app.inject({ method: 'POST', url: '/api/asset', headers: bearer(token), payload: body }), { statusCode: 400, fields: [{ path: 'externalId', key: 'objects-external-id-taken' }] });
    const created = await h.app.inject({ method: 'POST', url: '/api/asset', headers: bearer(token), payload: { ...body, externalId: 'K-99' } });
    expect(created.json()).toMatchObject({ externalId: 'K-99' });
  });

  it('answers 400 for an upload without the field file', async () => {
    const boundary = '----x';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="other"; filename="a.csv"\r\n\r\nobjectName\r\n--${boundary}--\r\n`;
    const token = await h.login('importadmin');
    await h.expectRefused(() => h.app.inject({ method: 'POST', url: '/api/import/assets', headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }), { statusCode: 400, key: 'import-file-missing' });
  });
});

describe('who imports (DOMAIN.md §10)', () => {
  it('ImportAdmin, ObjectAdministrator and AccountAdministrator preview objects; every other role is refused', async () => {
    const allowed: DemoUserName[] = ['importadmin', 'objectadmin', 'admin'];
    const others: DemoUserName[] = ['scoring', 'collector', 'analyst', 'tester', 'internaltester', 'evaluator', 'accountmanager', 'billing', 'bank', 'buyer'];
    for (const user of allowed) expect((await upload(csv(...THREE), { user })).statusCode, user).toBe(200);
    for (const user of others) await h.expectRefused(() => upload(csv(...THREE), { user, query: '?dryRun=false' }), { statusCode: 403, key: 'forbidden' });
  });

  it('only the account administrator names another organisation', async () => {
    const other = await h.db.selectFrom('organisations').select('id').where('name', '=', 'Testkonto GmbH').executeTakeFirstOrThrow();
    await h.expectRefused(() => upload(csv(...THREE), { query: `?dryRun=false&organisationId=${other.id}` }), { statusCode: 403, key: 'forbidden' });
    const res = await upload(csv(...THREE), { user: 'admin', query: `?dryRun=false&organisationId=${other.id}` });
    expect(res.statusCode).toBe(200);
    const stored = await h.db.selectFrom('assets').select('organisation_id').where('name', '=', 'Domblick').executeTakeFirstOrThrow();
    expect(stored.organisation_id).toBe(other.id);
  });
});

describe('templates and history', () => {
  it('answers the German Excel template with the form labels, drop-down lists and an explanation sheet', async () => {
    const res = await h.as('importadmin', 'GET', '/api/import/assets/template?language=de&exportFormat=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="Objekte-Importvorlage-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const data = workbook.getWorksheet('Objekte')!;
    const header = (data.getRow(1).values as string[]).slice(1);
    expect(header).toContain('Bruttogrundfläche (BGF) in m²');
    expect(header).toEqual(expect.arrayContaining(['Externe ID', 'Objektgruppe', 'OFF', 'RESI']));
    const quality = header.indexOf('Ausstattungsqualität') + 1;
    expect(data.getCell(2, quality).dataValidation).toMatchObject({ type: 'list' });
    expect(workbook.getWorksheet('Erläuterungen')!.rowCount).toBeGreaterThan(header.length);
  });

  it('answers the English CSV template, which imports as it is once filled', async () => {
    const res = await h.as('importadmin', 'GET', '/api/import/assets/template?language=en&exportFormat=1', undefined, 'en');
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const header = res.body.replace(/^\uFEFF/, '').trim();
    expect(header.split(',')).toContain('Gross floor area (GFA) in m²');
    const columns = header.split(',').length;
    const row = Array.from({ length: columns }, () => '');
    const set = (name: string, value: string) => (row[header.split(',').indexOf(name)] = value);
    for (const [k, v] of [['Object name', 'Template House'], ['Object group', 'Portfolio Berlin'], ['Country', 'DE'], ['City', 'Berlin'], ['Postcode', '10115'], ['Street', 'A'], ['Street number', '1'], ['Gross floor area (GFA) in m²', '100'], ['MIX', '100']] as const) set(k, v);
    const imported = await upload(Buffer.from(`${header}\n${row.join(',')}\n`), { query: '?dryRun=false', language: 'en' });
    expect(imported.json()).toMatchObject({ created: 1 });
  });

  it('prefills the template with a group\'s objects, and importing that file again changes nothing (Excel and CSV, both languages)', async () => {
    const group = await h.db.selectFrom('asset_groups').select('id').where('name', '=', 'Portfolio Rhein-Main').executeTakeFirstOrThrow();
    const count = (await h.db.selectFrom('assets').select('id').where('asset_group_id', '=', group.id).execute()).length;
    for (const [language, exportFormat, name] of [['de', 2, 'a.xlsx'], ['en', 2, 'a.xlsx'], ['de', 1, 'a.csv'], ['en', 1, 'a.csv']] as const) {
      const file = await h.as('importadmin', 'GET', `/api/import/assets/template?language=${language}&exportFormat=${exportFormat}&assetGroupId=${group.id}`);
      expect(file.statusCode).toBe(200);
      const before = await h.snapshot();
      const res = await upload(file.rawPayload, { name, language, query: `?dryRun=false&language=${language}` });
      expect(res.json(), `${language} ${exportFormat}`).toMatchObject({ created: 0, updated: 0, unchanged: count, failed: 0 });
      const { imports: _a, ...tables } = before;
      const { imports: _b, ...after } = await h.snapshot();
      expect(after).toEqual(tables);
    }
    expect((await h.as('importadmin', 'GET', '/api/import/assets/template?assetGroupId=999999')).statusCode).toBe(404);
  });

  it('lists the organisation\'s imports with who, file and counts, and answers each one\'s report', async () => {
    await upload(csv(...THREE), { query: '?dryRun=false', name: 'koeln.csv' });
    const list = await h.as('objectadmin', 'GET', '/api/import');
    expect(list.json()).toMatchObject({ total: 1, items: [{ userName: 'Ivo Import', kind: 'assets', fileName: 'koeln.csv', outcome: 'imported', created: 3, groupsCreated: 1 }] });
    const id = list.json<{ items: { id: number }[] }>().items[0]!.id;
    const report = await h.as('importadmin', 'GET', `/api/import/${id}/report`);
    expect(report.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(-2)).toEqual(['Status', 'Fehler']);
    expect(sheet.getRow(2).getCell(2).value).toBe('Domblick');
    // A bank sees the history of its own loan tapes only: another organisation's import is not found.
    expect((await h.as('bank', 'GET', `/api/import/${id}/report`)).statusCode).toBe(404);
    expect((await h.as('bank', 'GET', '/api/import')).json()).toMatchObject({ total: 0, items: [] });
  });
});
