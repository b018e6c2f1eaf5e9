import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const orgId = async (name: string) => (await h.db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const exportAs = async (userName: string, query: string) =>
  h.app.inject({ url: `/api/export/users?${query}`, headers: bearer(await h.login(userName)) });

describe('GET /api/export/users', () => {
  it('answers an Excel file with translated headers that a spreadsheet program opens', async () => {
    const res = await exportAs('admin', `exportFormat=2&language=de&Organisations=${await orgId('Beispielbank eG')}&Organisations=${await orgId('Käufer Wohnbau GmbH')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="nutzer-2026-11-22\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Nutzer')!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Organisation', 'Nachname', 'Vorname', 'Benutzername', 'E-Mail', 'Rollen', 'Status']));
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(5).value).toBe('bank');
    expect(sheet.getRow(2).getCell(10).value).toBe('Objektadministrator, Account-Manager');
  });

  it('answers CSV with English headers and JSON with field names', async () => {
    const org = await orgId('Käufer Wohnbau GmbH');
    const csv = await exportAs('admin', `exportFormat=1&language=en&Organisations=${org}`);
    expect(csv.headers['content-disposition']).toContain('users-2026-11-22.csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[0]).toBe('ID;Organisation;Last name;First name;User name;E-mail;Position;Phone;Mobile;Roles;Status;External;Main contact person');
    expect(lines[1]).toContain(';Käufer Wohnbau GmbH;Käufer;Kurt;buyer;');
    const json = await exportAs('admin', `exportFormat=0&language=en&Organisations=${org}`);
    expect(json.json()).toEqual([expect.objectContaining({ userName: 'buyer', organisationName: 'Käufer Wohnbau GmbH', status: 'Active' })]);
  });

  it('leaves out organisations outside the caller’s scope', async () => {
    const res = await exportAs('accountmanager', `exportFormat=0&language=de&Organisations=${await orgId('Beispielbank eG')}`);
    expect(res.json()).toEqual([]);
    expect((await exportAs('collector', 'exportFormat=0&language=de')).statusCode).toBe(403);
  });

  it('refuses an unknown format', async () => {
    expect((await exportAs('admin', 'exportFormat=7&language=de')).statusCode).toBe(400);
  });
});
