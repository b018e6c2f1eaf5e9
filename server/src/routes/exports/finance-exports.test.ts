import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mayExportAsset } from '@ecore/core/exports/finance-partner-scope.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { bearer, createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const idOf = async (table: 'assets' | 'asset_groups' | 'organisations', name: string) =>
  (await h.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/**
 * The demo's bank (Beispielbank eG) with its buyer Käufer Wohnbau GmbH (buyer asset "Wohnanlage Schwabing"), and the
 * owner's "Hotel am Rheinufer" granted to that buyer; a second finance partner "Zweitbank AG" (user bank2) with its
 * own buyer and buyer asset "Lagerhalle Hamm".
 */
beforeEach(async () => {
  await h.resetTo('finance', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now), [['Hotel am Rheinufer', 1], ['Bürohaus Mainzer Landstraße', 1]]);
    const hotel = await idOf('assets', 'Hotel am Rheinufer');
    await h.db.updateTable('asset_questionnaires').set({ ecore_score: 61.5, finance_score: 48.75 }).where('asset_id', '=', hotel).execute();
    await h.db.insertInto('asset_access_grants').values({ asset_id: hotel, organisation_id: await idOf('organisations', 'Käufer Wohnbau GmbH'), granted_at: new Date(h.clock.now) }).execute();
    const bank = await h.db.selectFrom('users').selectAll().where('user_name', '=', 'bank').executeTakeFirstOrThrow();
    const base = { street: 'Markt', number: '1', zip: '59065', city: 'Hamm', country: 'DE', created_at: new Date(h.clock.now), updated_at: new Date(h.clock.now) };
    const bank2 = (await h.db.insertInto('organisations').values({ ...base, name: 'Zweitbank AG', is_finance_partner: true, finance_partner_organisation_id: null, billing_city: null, billing_street_name: null, billing_street_nr: null, billing_postcode: null, billing_country: null, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id;
    const buyer2 = (await h.db.insertInto('organisations').values({ ...base, name: 'Zweitkäufer GmbH', is_buyer: true, finance_partner_organisation_id: bank2, billing_city: null, billing_street_name: null, billing_street_nr: null, billing_postcode: null, billing_country: null, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id;
    const { id: _id, ...copy } = bank;
    await h.db.insertInto('users').values({ ...copy, user_name: 'bank2', email: 'bank2@zweitbank.example', organisation_id: bank2 }).execute();
    const group = (await h.db.insertInto('asset_groups').values({ name: 'Zweitportfolio', organisation_id: buyer2, created_at: new Date(h.clock.now), updated_at: new Date(h.clock.now) }).returning('id').executeTakeFirstOrThrow()).id;
    const asset = (await h.db
      .insertInto('assets')
      .values({ name: 'Lagerhalle Hamm', organisation_id: buyer2, asset_group_id: group, is_buyer_asset: true, country: 'DE', city: 'Hamm', zip: '59065', street: 'Hafenstraße', street_number: '4', construction_year: 2001, renovation_year: null, asset_total_area: 5400.5, created_at: new Date(h.clock.now), updated_at: new Date(h.clock.now), latest_questionnaire_id: null, questionnaire_state: null, project_characteristics: null, project_status: null, determination_start_date: null, acceptance_date: null, handover_date: null, planning_permission_date: null, description: null, tester_user_id: null, created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
    await h.db.insertInto('asset_asset_types').values({ asset_id: asset, asset_type_id: 7, percentage: 100 }).execute();
  });
});

const get = async (userName: string, url: string) => h.app.inject({ url, headers: bearer(await h.login(userName)) });
const names = (items: { name: string }[]) => items.map((i) => i.name).sort();

describe('who may export (spec 02 §2: finance-partner users only)', () => {
  it('answers 403 to every user of a non-finance organisation, for every export call', async () => {
    const group = await idOf('asset_groups', 'Finanzierungsobjekte');
    const hotel = await idOf('assets', 'Hotel am Rheinufer');
    const users: DemoUserName[] = ['admin', 'objectadmin', 'accountmanager', 'buyer', 'evaluator', 'collector'];
    for (const user of users) {
      for (const url of ['/api/export/assets', '/api/export/assetGroups', `/api/export/assetgroup/${group}?exportFormat=2&language=de`, `/api/export/questionnaire/${hotel}/latest?exportFormat=1&language=de`, '/api/export/customerData?exportFormat=0&language=de']) {
        const res = await get(user, url);
        expect({ user, url, status: res.statusCode, key: res.json<{ key: string }>().key }).toEqual({ user, url, status: 403, key: 'forbidden' });
      }
    }
  });
});

describe("a finance partner's lists hold exactly what core's scope allows", () => {
  it('the bank sees its buyer’s asset and the object granted to its buyer; the second bank only its own', async () => {
    const bankAssets = (await get('bank', '/api/export/assets?pageSize=100')).json<{ items: { name: string; reach: string }[]; total: number }>();
    expect(bankAssets.items.map((i) => [i.name, i.reach]).sort()).toEqual([['Hotel am Rheinufer', 'granted'], ['Wohnanlage Schwabing', 'buyerAsset']]);
    expect(bankAssets.total).toBe(2);
    const groups = (await get('bank', '/api/export/assetGroups?pageSize=100')).json<{ items: { name: string; assetCount: number }[] }>();
    expect(groups.items.map((g) => [g.name, g.assetCount]).sort()).toEqual([['Finanzierungsobjekte', 1], ['Portfolio Rhein-Main', 1]]);
    expect(names((await get('bank2', '/api/export/assets?pageSize=100')).json<{ items: { name: string }[] }>().items)).toEqual(['Lagerhalle Hamm']);
    expect(names((await get('bank2', '/api/export/assetGroups?pageSize=100')).json<{ items: { name: string }[] }>().items)).toEqual(['Zweitportfolio']);
  });

  it('for every object of the database, listed for a bank exactly when core mayExportAsset says so', async () => {
    const orgs = await h.db.selectFrom('organisations').select(['id', 'is_buyer', 'finance_partner_organisation_id', 'name']).execute();
    const org = (id: number) => {
      const o = orgs.find((x) => x.id === id)!;
      return { id, isBuyer: o.is_buyer, financePartnerId: o.finance_partner_organisation_id };
    };
    const assets = await h.db.selectFrom('assets').select(['id', 'name', 'organisation_id', 'is_buyer_asset']).execute();
    const grants = await h.db.selectFrom('asset_access_grants').selectAll().execute();
    for (const [user, bankName] of [['bank', 'Beispielbank eG'], ['bank2', 'Zweitbank AG']] as const) {
      const scope = { financePartnerId: orgs.find((o) => o.name === bankName)!.id };
      const expected = assets.filter((a) => mayExportAsset(scope, { owner: org(a.organisation_id), isBuyerAsset: a.is_buyer_asset, grantedTo: grants.filter((g) => g.asset_id === a.id).map((g) => org(g.organisation_id)) })).map((a) => a.name).sort();
      expect(names((await get(user, '/api/export/assets?pageSize=100')).json<{ items: { name: string }[] }>().items)).toEqual(expected);
    }
  });
});

describe('GET /api/export/assetgroup/{id}', () => {
  it('Excel in English opens in exceljs with translated headers and the stored scores as numbers', async () => {
    const res = await get('bank', `/api/export/assetgroup/${await idOf('asset_groups', 'Portfolio Rhein-Main')}?exportFormat=2&language=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Objects-Portfolio_Rhein-Main-2026-11-22.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(['Object', 'Object group', 'Owner', 'Finance score (%)', 'ECORE score (%)', 'Gross floor area (m²)', 'Efficiency class', 'Kind of certificate', 'Primary energy demand (kWh/m²a)', 'Final energy demand (kWh/m²a)', 'Registration number', 'Issued on', 'Valid until']));
    // Only the granted hotel of the owner's group: its neighbours are not the bank's.
    expect(sheet.actualRowCount).toBe(2);
    const cell = (name: string) => sheet.getRow(2).getCell(headers.indexOf(name) + 1);
    const stored = await h.db.selectFrom('assets').innerJoin('asset_questionnaires as aq', 'aq.id', 'assets.latest_questionnaire_id').select(['assets.asset_total_area', 'aq.finance_score', 'aq.ecore_score', 'aq.state']).where('assets.name', '=', 'Hotel am Rheinufer').executeTakeFirstOrThrow();
    expect(cell('Object').value).toBe('Hotel am Rheinufer');
    expect(cell('Finance score (%)').value).toBe(Math.round(stored.finance_score! * 10) / 10);
    expect(cell('ECORE score (%)').value).toBe(stored.ecore_score);
    expect(cell('Gross floor area (m²)').value).toBe(stored.asset_total_area);
    expect(cell('Finance score (%)').numFmt).toBe('0.0#');
    expect(cell('Access').value).toBe('Access granted');
  });

  it('CSV in German has a decimal comma and German headers; JSON carries the raw values', async () => {
    const group = await idOf('asset_groups', 'Portfolio Rhein-Main');
    await h.db
      .updateTable('assets')
      .set({ epc_class: 'B', epc_type: 'demand', epc_primary_energy_demand: 95.5, epc_registration_number: 'HE-2021-004711', epc_issued_at: '2021-04-01', epc_valid_until: '2031-03-31' })
      .where('name', '=', 'Hotel am Rheinufer')
      .execute();
    const csv = await get('bank', `/api/export/assetgroup/${group}?exportFormat=1&language=de`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = parse(csv.body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ Objekt: 'Hotel am Rheinufer', 'Finanzscore (%)': '48,8', 'ECORE-Score (%)': '61,5', 'Bruttogrundfläche (m²)': '8300', Zugang: 'Zugriff gewährt', Eigentümer: 'Musterimmobilien AG' });
    expect(records[0]).toMatchObject({ Effizienzklasse: 'B', 'Art des Ausweises': 'Bedarfsausweis', 'Primärenergiebedarf (kWh/m²a)': '95,5', 'Endenergiebedarf (kWh/m²a)': '', Registriernummer: 'HE-2021-004711', 'Ausgestellt am': '2021-04-01', 'Gültig bis': '2031-03-31' });
    const json = (await get('bank', `/api/export/assetgroup/${group}?exportFormat=0&language=de`)).json<Record<string, unknown>[]>();
    expect(json).toEqual([expect.objectContaining({ name: 'Hotel am Rheinufer', financeScore: 48.8, ecoreScore: 61.5, access: 'granted', assetTotalArea: 8300, epcClass: 'B', epcType: 'demand', epcPrimaryEnergyDemand: 95.5, epcIssuedAt: '2021-04-01' })]);
  });

  it('a chosen subset exports just those; objects outside the group or the scope answer 400 naming Assets', async () => {
    const group = await idOf('asset_groups', 'Portfolio Rhein-Main');
    const hotel = await idOf('assets', 'Hotel am Rheinufer');
    const ok = await get('bank', `/api/export/assetgroup/${group}?exportFormat=0&language=en&Assets=${hotel}`);
    expect(ok.json<{ assetId: number }[]>().map((r) => r.assetId)).toEqual([hotel]);
    const token = await h.login('bank');
    for (const foreign of [await idOf('assets', 'Bürohaus Mainzer Landstraße'), await idOf('assets', 'Wohnanlage Schwabing')]) {
      await h.expectRefused(() => h.app.inject({ url: `/api/export/assetgroup/${group}?exportFormat=0&language=en&Assets=${hotel}&Assets=${foreign}`, headers: bearer(token) }), {
        statusCode: 400,
        fields: [{ path: 'Assets', key: 'validation-generic' }],
      });
    }
  });

  it('answers 404 for a group with nothing of the partner’s, and 400 naming exportFormat for an unknown format', async () => {
    const token = await h.login('bank2');
    await h.expectRefused(() => h.app.inject({ url: '/api/export/assetgroup/999999?exportFormat=2&language=de', headers: bearer(token) }), { statusCode: 404, key: 'not-found' });
    for (const name of ['Finanzierungsobjekte', 'Portfolio Rhein-Main']) {
      await h.expectRefused(async () => h.app.inject({ url: `/api/export/assetgroup/${await idOf('asset_groups', name)}?exportFormat=2&language=de`, headers: bearer(token) }), { statusCode: 404, key: 'not-found' });
    }
    const bank = await h.login('bank');
    await h.expectRefused(async () => h.app.inject({ url: `/api/export/assetgroup/${await idOf('asset_groups', 'Portfolio Berlin')}?exportFormat=2&language=de`, headers: bearer(bank) }), { statusCode: 404, key: 'not-found' });
    await h.expectRefused(async () => h.app.inject({ url: `/api/export/assetgroup/${await idOf('asset_groups', 'Finanzierungsobjekte')}?exportFormat=3&language=de`, headers: bearer(bank) }), { statusCode: 400, fields: [{ path: 'exportFormat', key: 'validation-number' }] });
  });
});

describe('GET /api/export/questionnaire/{id}/latest', () => {
  it("answers the granted object's latest questionnaire with its answers, and 404 for an object outside the scope", async () => {
    const res = await get('bank', `/api/export/questionnaire/${await idOf('assets', 'Hotel am Rheinufer')}/latest?exportFormat=1&language=en`);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
    const answered = await h.db.selectFrom('asset_answers').innerJoin('assets', 'assets.latest_questionnaire_id', 'asset_answers.asset_questionnaire_id').select((eb) => eb.fn.countAll<number>().as('n')).where('assets.name', '=', 'Hotel am Rheinufer').where('asset_answers.state', 'is not', null).executeTakeFirstOrThrow();
    expect(rows.filter((r) => r.Answer !== '').length).toBe(Number(answered.n));
    expect(Number(answered.n)).toBeGreaterThan(0);
    const token = await h.login('bank');
    await h.expectRefused(async () => h.app.inject({ url: `/api/export/questionnaire/${await idOf('assets', 'Bürohaus Mainzer Landstraße')}/latest?exportFormat=1&language=en`, headers: bearer(token) }), { statusCode: 404, key: 'not-found' });
    const bank2 = await h.login('bank2');
    await h.expectRefused(async () => h.app.inject({ url: `/api/export/questionnaire/${await idOf('assets', 'Hotel am Rheinufer')}/latest?exportFormat=1&language=en`, headers: bearer(bank2) }), { statusCode: 404, key: 'not-found' });
  });
});

describe('GET /api/export/customerData', () => {
  it("lists the partner's buyer organisations with their own and granted objects; the second bank sees nothing of the first's", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await get('bank', '/api/export/customerData?exportFormat=2&language=de')).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Kundendaten');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows = Array.from({ length: sheet.actualRowCount - 1 }, (_, i) => sheet.getRow(i + 2)).map((r) => [r.getCell(headers.indexOf('Käufer / Kreditnehmer') + 1).value, r.getCell(headers.indexOf('Objekt') + 1).value, r.getCell(headers.indexOf('Zugang') + 1).value]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Käufer Wohnbau GmbH', 'Hotel am Rheinufer', 'Zugriff gewährt'],
        ['Käufer Wohnbau GmbH', 'Wohnanlage Schwabing', 'Objekt des Käufers'],
      ]),
    );
    expect(rows).toHaveLength(2);
    const json = (await get('bank2', '/api/export/customerData?exportFormat=0&language=en')).json<{ organisation: string; name: string | null }[]>();
    expect(json.map((r) => [r.organisation, r.name])).toEqual([['Zweitkäufer GmbH', 'Lagerhalle Hamm']]);
  });
});
