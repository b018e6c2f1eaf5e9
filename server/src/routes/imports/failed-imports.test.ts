import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { bearer, createHarness, multipartFile, type DemoUserName, type Harness } from '../../testing/harness.ts';

/**
 * Failed imports (docs/import.md "Failed imports", docs/worklist.md): a run meant to store whose rows fail is recorded
 * in the history as failed with its report, and is on the worklist of whoever ran it and of the organisation's
 * importers until a later import of the same kind stores; a preview records nothing; another organisation never sees it.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('failed-imports', async () => {
    await seedDemoQuestionnaires(h.db);
    // An object administrator of a second organisation.
    const org = await h.db.insertInto('organisations').values({ name: 'Zweite Immobilien GmbH', street: 'Weg', number: '2', zip: '20095', city: 'Hamburg', country: 'DE' }).returning('id').executeTakeFirstOrThrow();
    await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, password_hash, status)
      select 'second', 'second@zweite.example', 'Sina', 'Zweit', ${org.id}, ${sql.raw(`array[${Role.ObjectAdministrator}]::int[]`)}, password_hash, status
      from users where user_name = 'objectadmin'`.execute(h.db);
  });
});

type User = DemoUserName | 'second';
const send = async (user: User, url: string, name: string, text: string, language = 'de') => {
  const { body, contentType } = multipartFile(name, Buffer.from(`\ufeff${text}`, 'utf8'));
  return h.app.inject({ method: 'POST', url, headers: { ...bearer(await h.login(user as DemoUserName)), 'content-type': contentType, 'accept-language': language }, payload: body });
};
const get = async (user: User, url: string, language = 'de') => h.app.inject({ method: 'GET', url, headers: { ...bearer(await h.login(user as DemoUserName)), 'accept-language': language } });

const HEADER = 'Externe ID;Objektname;Objektgruppe;Land;Ort;PLZ;Straße;Hausnummer;Bruttogrundfläche (BGF) in m²;OFF;RESI';
const GOOD = 'K-1;Domblick;Portfolio Köln;DE;Köln;50667;Domkloster;4;1.250,5;100;';
const BAD = 'K-2;Rheinauhafen;Portfolio Köln;DE;Köln;50678;Agrippinawerft;22;3400;60;30';
const objects = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const ENERGY = 'Endenergieverbrauch gesamt (kWh/m²/a)';

interface Item { kind: string; subjectType: string; subjectId: number; subjectName: string; total: number | null; why: string; link: string; since: string }
const failedOn = async (user: User, language = 'de') => {
  const res = await get(user, '/api/user/me/worklist', language);
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json<{ items: Item[]; counts: Record<string, number> }>();
  expect(list.counts.importsFailed).toBe(list.items.filter((i) => i.kind === 'importsFailed').length);
  return list.items.filter((i) => i.kind === 'importsFailed');
};

describe('a failed object import', () => {
  it('a preview records nothing; the run meant to store records one failed entry, listed with its counts and its report of the errors', async () => {
    await h.expectRefused(() => send('importadmin', '/api/import/assets', 'nachts.csv', objects(GOOD, BAD)), { statusCode: 400, key: 'import-rows-failed' });
    expect(await failedOn('importadmin')).toEqual([]);
    const { importId } = await h.expectFailedImport(() => send('importadmin', '/api/import/assets?dryRun=false', 'nachts.csv', objects(GOOD, BAD)), { kind: 'assets', fileName: 'nachts.csv', failed: 1 });

    const list = await get('objectadmin', '/api/import');
    expect(list.json().items).toEqual([expect.objectContaining({ id: importId, kind: 'assets', fileName: 'nachts.csv', outcome: 'failed', userName: 'Ivo Import', created: 0, updated: 0, unchanged: 0, failed: 1 })]);

    const report = await get('objectadmin', `/api/import/${importId}/report`);
    expect(report.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const width = HEADER.split(';').length;
    expect(sheet.getRow(2).getCell(2).value).toBe('Domblick');
    expect(sheet.getRow(2).getCell(width + 2).value).toBe('');
    expect(sheet.getRow(3).getCell(width + 1).value).toBe('failed');
    expect(String(sheet.getRow(3).getCell(width + 2).value)).toContain('Die Anteile der Objektklassen ergeben 90 % statt 100 %.');
    const english = new ExcelJS.Workbook();
    await english.xlsx.load((await get('importadmin', `/api/import/${importId}/report`, 'en')).rawPayload as unknown as ArrayBuffer);
    expect(String(english.worksheets[0]!.getRow(3).getCell(width + 2).value)).toContain('The asset class shares add up to 90 % instead of 100 %.');
  });

  it('is on the worklist of who ran it and of the organisation\'s object administrator, not of the collector or the account administrator, until a later object import stores', async () => {
    const { importId } = await h.expectFailedImport(() => send('importadmin', '/api/import/assets?dryRun=false', 'nachts.csv', objects(GOOD, BAD)), { kind: 'assets', fileName: 'nachts.csv', failed: 1 });
    for (const user of ['importadmin', 'objectadmin'] as const)
      expect(await failedOn(user)).toEqual([
        expect.objectContaining({
          kind: 'importsFailed',
          subjectType: 'import',
          subjectId: importId,
          subjectName: 'nachts.csv',
          total: 1,
          since: new Date(h.clock.now).toISOString(),
          link: `/import?importId=${importId}`,
          why: 'Eine Zeile ist fehlgeschlagen, nichts wurde gespeichert: Bericht lesen, Datei korrigieren und erneut importieren.',
        }),
      ]);
    for (const user of ['collector', 'admin', 'analyst', 'bank'] as const) expect(await failedOn(user), user).toEqual([]);

    // A later failure stays open with the first; an answer import stores another kind and resolves neither.
    h.clock.now += 60_000;
    await h.expectFailedImport(() => send('objectadmin', '/api/import/assets?dryRun=false', 'zweiter.csv', objects(BAD)), { kind: 'assets', fileName: 'zweiter.csv', failed: 1 });
    expect((await failedOn('importadmin')).map((i) => i.subjectName)).toEqual(['nachts.csv', 'zweiter.csv']);
    const office = (await h.db.selectFrom('assets').select('id').where('name', '=', 'Bürohaus Mainzer Landstraße').executeTakeFirstOrThrow()).id;
    expect((await send('objectadmin', '/api/import/answers?dryRun=false', 'antworten.csv', `Objekt-ID;${ENERGY}\r\n${office};\r\n`)).statusCode).toBe(200);
    expect(await failedOn('importadmin')).toHaveLength(2);

    // A stored object import of the organisation, by anyone, resolves both.
    expect((await send('objectadmin', '/api/import/assets?dryRun=false', 'korrigiert.csv', objects(GOOD))).statusCode).toBe(200);
    for (const user of ['importadmin', 'objectadmin'] as const) expect(await failedOn(user)).toEqual([]);
  });

  it('leaves the worklist after 14 days, and stays in the history', async () => {
    const { importId } = await h.expectFailedImport(() => send('importadmin', '/api/import/assets?dryRun=false', 'alt.csv', objects(BAD)), { kind: 'assets', fileName: 'alt.csv', failed: 1 });
    h.clock.now += 13 * 86_400_000;
    expect(await failedOn('importadmin')).toHaveLength(1);
    h.clock.now += 2 * 86_400_000;
    expect(await failedOn('importadmin')).toEqual([]);
    expect((await get('importadmin', '/api/import')).json().items[0]).toMatchObject({ id: importId, outcome: 'failed' });
    // The entry alone, as the worklist's link opens it when newer imports pushed it off the history's first page.
    const one = await get('objectadmin', `/api/import/${importId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ id: importId, organisationId: expect.any(Number), userName: expect.any(String), kind: 'assets', fileName: 'alt.csv', outcome: 'failed', created: 0, updated: 0, unchanged: 0, failed: 1, groupsCreated: 0, createdAt: expect.any(String) });
  });

  it('another organisation never sees it: not on its worklist, not in its history, its report not found', async () => {
    const { importId } = await h.expectFailedImport(() => send('importadmin', '/api/import/assets?dryRun=false', 'nachts.csv', objects(BAD)), { kind: 'assets', fileName: 'nachts.csv', failed: 1 });
    expect(await failedOn('second')).toEqual([]);
    expect((await get('second', '/api/import')).json()).toMatchObject({ total: 0, items: [] });
    expect((await get('second', `/api/import/${importId}/report`)).statusCode).toBe(404);
    expect((await get('second', `/api/import/${importId}`)).statusCode).toBe(404);
    expect((await get('bank', `/api/import/${importId}/report`)).statusCode).toBe(404);
    // Its own failure is its own, and the first organisation's importers do not see it.
    const { importId: own } = await h.expectFailedImport(() => send('second', '/api/import/assets?dryRun=false', 'hamburg.csv', objects(BAD)), { kind: 'assets', fileName: 'hamburg.csv', failed: 1 });
    expect((await failedOn('second')).map((i) => i.subjectId)).toEqual([own]);
    expect((await failedOn('objectadmin')).map((i) => i.subjectId)).toEqual([importId]);
    // A stored import of the second organisation resolves only its own.
    expect((await send('second', '/api/import/assets?dryRun=false', 'hamburg.csv', objects(GOOD))).statusCode).toBe(200);
    expect(await failedOn('second')).toEqual([]);
    expect((await failedOn('objectadmin')).map((i) => i.subjectId)).toEqual([importId]);
  });

  it('a file refused before its rows are read records nothing (no right, a header that cannot be mapped)', async () => {
    await h.expectRefused(() => send('analyst', '/api/import/assets?dryRun=false', 'nachts.csv', objects(BAD)), { statusCode: 403, key: 'forbidden' });
    await h.expectRefused(() => send('importadmin', '/api/import/assets?dryRun=false', 'nachts.csv', 'Farbe\r\nblau\r\n'), { statusCode: 400, key: 'import-unknown-column' });
  });
});

describe('a failed answer import', () => {
  it('is recorded for the collector who ran it, on its worklist and the object administrator\'s, until a later answer import stores', async () => {
    const file = `Objekt-ID;${ENERGY}\r\n999999;100\r\n`;
    await h.expectRefused(() => send('collector', '/api/import/answers', 'antworten.csv', file), { statusCode: 400, key: 'import-rows-failed' });
    const { importId } = await h.expectFailedImport(() => send('collector', '/api/import/answers?dryRun=false', 'antworten.csv', file), { kind: 'answers', fileName: 'antworten.csv', failed: 1 });
    expect((await failedOn('collector', 'en')).map((i) => [i.subjectId, i.why])).toEqual([[importId, 'One row failed and nothing was stored: read the report, correct the file and import it again.']]);
    expect((await failedOn('objectadmin')).map((i) => i.subjectId)).toEqual([importId]);
    // An object import is another kind: the answers are still to be imported.
    expect((await send('objectadmin', '/api/import/assets?dryRun=false', 'objekte.csv', objects(GOOD))).statusCode).toBe(200);
    expect(await failedOn('collector')).toHaveLength(1);
    const office = (await h.db.selectFrom('assets').select('id').where('name', '=', 'Bürohaus Mainzer Landstraße').executeTakeFirstOrThrow()).id;
    expect((await send('collector', '/api/import/answers?dryRun=false', 'antworten.csv', `Objekt-ID;${ENERGY}\r\n${office};\r\n`)).statusCode).toBe(200);
    expect(await failedOn('collector')).toEqual([]);
    expect(await failedOn('objectadmin')).toEqual([]);
  });
});

describe('a failed GRESB file', () => {
  it('is recorded as a failed object import and on the worklist', async () => {
    const file = 'partners_id,name,address,city,country,property_type_code,size,year\r\n,Testhaus,Weg 1,Köln,XX,OFF,100,2015\r\n';
    await h.expectRefused(() => send('objectadmin', '/api/import/assets?language=en', 'gresb.csv', file), { statusCode: 400, key: 'import-rows-failed' });
    const { importId } = await h.expectFailedImport(() => send('objectadmin', '/api/import/assets?dryRun=false&language=en', 'gresb.csv', file), { kind: 'assets', fileName: 'gresb.csv', failed: 1 });
    expect((await failedOn('importadmin')).map((i) => i.subjectId)).toEqual([importId]);
  });
});

describe('a failed loan tape', () => {
  it('is recorded for the bank and on its users\' worklist, linked to the bank\'s screen; nobody else sees it', async () => {
    const tape = 'loanId;assetId;outstandingAmount;propertyValueAtOrigination;originationDate;reportingDate\r\nA;999999;100;200;2020-01-01;2025-12-31\r\n';
    await h.expectRefused(() => send('bank', '/api/bank/loans/import', 'kredite.csv', tape), { statusCode: 400, key: 'import-rows-failed' });
    const { importId } = await h.expectFailedImport(() => send('bank', '/api/bank/loans/import?dryRun=false', 'kredite.csv', tape), { kind: 'loans', fileName: 'kredite.csv', failed: 1 });
    expect((await failedOn('bank')).map((i) => [i.subjectId, i.link])).toEqual([[importId, `/financed-emissions?importId=${importId}`]]);
    expect((await get('bank', '/api/import')).json().items).toEqual([expect.objectContaining({ id: importId, outcome: 'failed', kind: 'loans' })]);
    for (const user of ['importadmin', 'objectadmin', 'admin'] as const) expect(await failedOn(user), user).toEqual([]);
  });
});
