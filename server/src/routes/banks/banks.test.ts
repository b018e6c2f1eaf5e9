import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { bearer, createHarness, multipartFile, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const idOf = async (table: 'assets' | 'asset_groups' | 'organisations', name: string) => (await h.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const now = () => new Date(h.clock.now);

/**
 * The demo bank (Beispielbank eG) sees its buyer's "Wohnanlage Schwabing" and the owner's "Hotel am Rheinufer" granted
 * to that buyer; a second bank "Zweitbank AG" (user bank2) sees only its buyer's "Lagerhalle Hamm". Schwabing has a valid
 * class A certificate with its final energy demand and no answers; the hotel is fully answered and has no certificate.
 */
beforeEach(async () => {
  await h.resetTo('banks', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, now(), [['Hotel am Rheinufer', 1]]);
    const hotel = await idOf('assets', 'Hotel am Rheinufer');
    await h.db.insertInto('asset_access_grants').values({ asset_id: hotel, organisation_id: await idOf('organisations', 'Käufer Wohnbau GmbH'), granted_at: now() }).execute();
    await h.db
      .updateTable('assets')
      .set({ construction_year: 1998, epc_class: 'A', epc_type: 'demand', epc_primary_energy_demand: 40, epc_final_energy_demand: 50, epc_issued_at: '2024-01-10', epc_valid_until: '2034-01-09' })
      .where('name', '=', 'Wohnanlage Schwabing')
      .execute();
    const bank = await h.db.selectFrom('users').selectAll().where('user_name', '=', 'bank').executeTakeFirstOrThrow();
    const base = { street: 'Markt', number: '1', zip: '59065', city: 'Hamm', country: 'DE', created_at: now(), updated_at: now() };
    const bank2 = (await h.db.insertInto('organisations').values({ ...base, name: 'Zweitbank AG', is_finance_partner: true }).returning('id').executeTakeFirstOrThrow()).id;
    const buyer2 = (await h.db.insertInto('organisations').values({ ...base, name: 'Zweitkäufer GmbH', is_buyer: true, finance_partner_organisation_id: bank2 }).returning('id').executeTakeFirstOrThrow()).id;
    const { id: _id, ...copy } = bank;
    await h.db.insertInto('users').values({ ...copy, user_name: 'bank2', email: 'bank2@zweitbank.example', organisation_id: bank2 }).execute();
    const group = (await h.db.insertInto('asset_groups').values({ name: 'Zweitportfolio', organisation_id: buyer2, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
    const asset = (
      await h.db
        .insertInto('assets')
        .values({ name: 'Lagerhalle Hamm', external_id: 'HAMM-1', organisation_id: buyer2, asset_group_id: group, is_buyer_asset: true, country: 'DE', city: 'Hamm', zip: '59065', street: 'Hafenstraße', street_number: '4', construction_year: 2001, asset_total_area: 5400.5, created_at: now(), updated_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await h.db.insertInto('asset_asset_types').values({ asset_id: asset, asset_type_id: 7, percentage: 100 }).execute();
  });
});

type Json = Record<string, unknown>;
const call = async (user: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, language = 'de') =>
  h.app.inject({ method, url, headers: { ...bearer(await h.login(user)), 'accept-language': language }, ...(payload === undefined ? {} : { payload: payload as Json }) });
const upload = async (user: string, csv: string, query: string, language = 'de') => {
  const file = multipartFile('kredite.csv', Buffer.from(`\ufeff${csv}`, 'utf8'), 'text/csv');
  return h.app.inject({ method: 'POST', url: `/api/bank/loans/import?${query}`, headers: { ...bearer(await h.login(user)), 'content-type': file.contentType, 'accept-language': language }, payload: file.body });
};
const loanCount = async () => Number((await h.db.selectFrom('bank_loans').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const tape = async () => {
  const hotel = await idOf('assets', 'Hotel am Rheinufer');
  const schwabing = await idOf('assets', 'Wohnanlage Schwabing');
  return [
    'Kredit-ID;Objekt-ID;Externe ID;Ausstehender Betrag (EUR);Objektwert bei Vergabe (EUR);Vergabedatum;Stichtag',
    `K-1;${hotel};;1.500.000,00;3.000.000,00;15.03.2019;31.12.2025`,
    `K-2;${schwabing};;2.400.000,50;2.000.000,00;2020-06-01;2025-12-31`,
  ].join('\r\n');
};

describe('who may call the bank calls', () => {
  it('answers 403 to the owner’s users, the buyer and the account administrator, for every call', async () => {
    const users: DemoUserName[] = ['admin', 'objectadmin', 'accountmanager', 'importadmin', 'collector', 'analyst', 'buyer', 'evaluator'];
    for (const user of users) {
      for (const [method, url] of [['GET', '/api/bank/loans'], ['GET', '/api/bank/portfolio'], ['PUT', '/api/bank/loans/K-1'], ['DELETE', '/api/bank/loans/K-1']] as const) {
        const res = await call(user, method, url, method === 'PUT' ? { assetId: 1, outstandingAmount: 1, propertyValueAtOrigination: 1, originationDate: '2020-01-01', reportingDate: '2025-12-31' } : undefined);
        expect({ user, url, method, status: res.statusCode, key: res.json<Json>().key }).toEqual({ user, url, method, status: 403, key: 'bank-finance-partner-only' });
      }
      const imported = await upload(user, await tape(), 'dryRun=false');
      expect({ user, status: imported.statusCode }).toEqual({ user, status: 403 });
    }
    expect(await loanCount()).toBe(0);
  });
});

describe('the loan tape import', () => {
  it('previews without storing, then imports all rows, German numbers and dates; the history names the tape', async () => {
    const preview = await upload('bank', await tape(), 'dryRun=true');
    expect(preview.statusCode).toBe(200);
    expect(preview.json<Json>()).toMatchObject({ dryRun: true, created: 2, failed: 0 });
    expect(await loanCount()).toBe(0);
    const imported = await upload('bank', await tape(), 'dryRun=false');
    expect(imported.json<Json>()).toMatchObject({ dryRun: false, created: 2 });
    const stored = await h.db.selectFrom('bank_loans').select(['loan_id', 'outstanding_amount']).orderBy('loan_id').execute();
    expect(stored).toEqual([{ loan_id: 'K-1', outstanding_amount: 1_500_000 }, { loan_id: 'K-2', outstanding_amount: 2_400_000.5 }]);
    const again = await upload('bank', await tape(), 'dryRun=true');
    expect(again.json<Json>()).toMatchObject({ created: 0, unchanged: 2 });
    const history = (await call('bank', 'GET', '/api/import')).json<{ items: { kind: string; fileName: string; created: number }[] }>();
    expect(history.items).toEqual([expect.objectContaining({ kind: 'loans', fileName: 'kredite.csv', created: 2 })]);
    // The owner's importer does not see the bank's tape.
    expect((await call('importadmin', 'GET', '/api/import')).json<{ items: { kind: string }[] }>().items.some((i) => i.kind === 'loans')).toBe(false);
  });

  it('reads English numbers with language=en and names the object by its external id', async () => {
    await h.db.updateTable('assets').set({ external_id: 'SCHW-1' }).where('name', '=', 'Wohnanlage Schwabing').execute();
    const csv = 'loanId,externalId,outstandingAmount,propertyValueAtOrigination,originationDate,reportingDate\r\nL-9,SCHW-1,"1,250,000.75",2000000,2021-01-01,2025-12-31';
    const res = await upload('bank', csv, 'dryRun=false&language=en');
    expect(res.statusCode).toBe(200);
    expect(await h.db.selectFrom('bank_loans').select(['loan_id', 'outstanding_amount']).execute()).toEqual([{ loan_id: 'L-9', outstanding_amount: 1_250_000.75 }]);
  });

  it('refuses a tape with row errors in both languages and stores nothing but the failed entry of the history', async () => {
    const hotel = await idOf('assets', 'Hotel am Rheinufer');
    const owners = await idOf('assets', 'Bürohaus Mainzer Landstraße');
    const csv = [
      'loanId;assetId;outstandingAmount;propertyValueAtOrigination;originationDate;reportingDate',
      `A;${hotel};100;200;2020-01-01;2025-12-31`,
      `A;${hotel};100;200;2020-01-01;2025-12-31`,
      `B;${owners};100;200;2020-01-01;2025-12-31`,
      `C;${hotel};0;200;2020-01-01;2025-12-31`,
      `D;${hotel};viel;200;2020-01-01;2025-12-31`,
      `E;${hotel};100;200;2026-01-01;2025-12-31`,
      `F;${hotel};100;-5;2020-01-01;2025-12-31`,
    ].join('\r\n');
    for (const [language, texts] of [
      ['de', ['Die Kredit-ID „A“ steht auch in Zeile 1.', 'Es gibt kein Objekt', 'größer als 0', 'Das Vergabedatum liegt nach dem Stichtag.']],
      ['en', ['The loan ID "A" also appears in row 1.', 'There is no object', 'greater than 0', 'The origination date is after the reporting date.']],
    ] as const) {
      const { body: refusal } = await h.expectFailedImport(() => upload('bank', csv, 'dryRun=false', language), { kind: 'loans', fileName: 'kredite.csv', failed: 6 });
      const body = refusal as unknown as { key: string; failed: number; rows: { row: number; status: string; errors: { key: string; message: string }[] }[] };
      expect(body.key).toBe('import-rows-failed');
      expect(body.rows.map((r) => [r.row, r.status, r.errors.map((e) => e.key)])).toEqual([
        [1, 'created', []],
        [2, 'failed', ['bank-loan-duplicate']],
        [3, 'failed', ['bank-loan-object-not-found']],
        [4, 'failed', ['bank-loan-amount-positive']],
        [5, 'failed', ['import-not-a-number']],
        [6, 'failed', ['bank-loan-origination-after-reporting']],
        [7, 'failed', ['bank-loan-amount-positive']],
      ]);
      const messages = body.rows.flatMap((r) => r.errors.map((e) => e.message)).join(' | ');
      for (const text of texts) expect(messages).toContain(text);
    }
    expect(await loanCount()).toBe(0);
    expect(await h.db.selectFrom('imports').select('outcome').where('kind', '=', 'loans').execute()).toEqual([{ outcome: 'failed' }, { outcome: 'failed' }]);
  });

  it("the second bank may not name the first bank's objects", async () => {
    const res = await upload('bank2', await tape(), 'dryRun=false');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ rows: { errors: { key: string }[] }[] }>().rows.map((r) => r.errors.map((e) => e.key))).toEqual([['bank-loan-object-not-found'], ['bank-loan-object-not-found']]);
    expect(await loanCount()).toBe(0);
  });
});

describe('the loans and the portfolio', () => {
  beforeEach(async () => {
    expect((await upload('bank', await tape(), 'dryRun=false')).statusCode).toBe(200);
  });

  it("answers each loan's figures by core's rules and totals that are their sums", async () => {
    const res = await call('bank', 'GET', '/api/bank/portfolio?reportingDate=2025-12-31');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ reportingDate: string; loans: Json[]; totals: Json & { alignmentShares: Record<string, number> } }>();
    expect(body.reportingDate).toBe('2025-12-31');
    const [k1, k2] = body.loans as ({ attribution: number; objectEmissions: number; financedEmissions: number; dataQualityScore: number; basis: string; outstandingAmount: number; taxonomy: { result: string; rule: string } } & Json)[];
    expect(k1).toMatchObject({ loanId: 'K-1', objectName: 'Hotel am Rheinufer', attribution: 0.5, basis: 'consumption', taxonomy: { result: 'unknown', rule: 'epcMissing' } });
    expect([2, 4]).toContain(k1!.dataQualityScore);
    expect(k1!.financedEmissions).toBeCloseTo(0.5 * k1!.objectEmissions, 9);
    // Attribution is capped at 1; Schwabing has no answers: its certificate's final energy demand decides (score 3).
    expect(k2).toMatchObject({ loanId: 'K-2', attribution: 1, dataQualityScore: 3, basis: 'epc', taxonomy: { result: 'aligned', rule: 'classA' } });
    expect(k2!.financedEmissions).toBeCloseTo(k2!.objectEmissions, 9);
    expect(body.totals.financedEmissions as number).toBeCloseTo(k1!.financedEmissions + k2!.financedEmissions, 9);
    const outstanding = 1_500_000 + 2_400_000.5;
    expect(body.totals.dataQualityScore as number).toBeCloseTo((1_500_000 * k1!.dataQualityScore + 2_400_000.5 * 3) / outstanding, 9);
    expect(body.totals.alignmentShares.aligned).toBeCloseTo(2_400_000.5 / outstanding, 9);
    expect(body.totals.alignmentShares.unknown).toBeCloseTo(1_500_000 / outstanding, 9);
    // An unknown reporting date holds no loans.
    expect((await call('bank', 'GET', '/api/bank/portfolio?reportingDate=2024-12-31')).json<{ totals: { loans: number } }>().totals.loans).toBe(0);
    expect((await call('bank', 'GET', '/api/bank/portfolio?reportingDate=2024-02-30')).statusCode).toBe(400);
  });

  it('downloads the portfolio as Excel: loans, totals, method and reference data, in the language asked for; owners 403', async () => {
    const res = await call('bank', 'GET', '/api/bank/portfolio/export?reportingDate=2025-12-31&language=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Financed-emissions-2025-12-31-\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Loans', 'Totals', 'Method']);
    const loans = workbook.getWorksheet('Loans')!;
    expect(loans.actualRowCount).toBe(3);
    const header = (loans.getRow(1).values as unknown[]).slice(1);
    const cell = (row: number, name: string) => loans.getRow(row).getCell(header.indexOf(name) + 1).value;
    expect([cell(2, 'Loan ID'), cell(2, 'EU taxonomy 7.7'), cell(2, 'Deciding rule')]).toEqual(['K-1', 'unknown', 'no certificate']);
    expect([cell(3, 'Loan ID'), cell(3, 'Attribution'), cell(3, 'Data quality (PCAF)'), cell(3, 'EU taxonomy 7.7')]).toEqual(['K-2', 1, 3, 'aligned']);
    const totals = workbook.getWorksheet('Totals')!;
    expect(totals.getRow(3).values).toEqual([undefined, 'Loans', 2]);
    const method = workbook.getWorksheet('Method')!.getColumn(1).values.join(' ');
    expect(method).toContain('PCAF');
    expect(method).toContain('Reference data: Demo reference values (illustrative)');
    const german = await call('bank', 'GET', '/api/bank/portfolio/export');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(german.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Kredite', 'Summen', 'Methode']);
    expect((await call('objectadmin', 'GET', '/api/bank/portfolio/export')).statusCode).toBe(403);
  });

  it('lists the loans paged and filtered by alignment, data quality and group', async () => {
    const list = async (query: string) => (await call('bank', 'GET', `/api/bank/loans?${query}`)).json<{ items: { loanId: string }[]; total: number }>();
    expect((await list('pageSize=10')).items.map((l) => l.loanId)).toEqual(['K-1', 'K-2']);
    expect(await list('alignment=unknown')).toMatchObject({ total: 1, items: [{ loanId: 'K-1' }] });
    expect(await list('alignment=aligned')).toMatchObject({ total: 1, items: [{ loanId: 'K-2' }] });
    expect((await list('alignment=notAligned')).total).toBe(0);
    expect(await list('dataQualityScore=3')).toMatchObject({ total: 1, items: [{ loanId: 'K-2' }] });
    const group = await h.db.selectFrom('assets').select('asset_group_id').where('name', '=', 'Hotel am Rheinufer').executeTakeFirstOrThrow();
    expect(await list(`assetGroupId=${group.asset_group_id}`)).toMatchObject({ total: 1, items: [{ loanId: 'K-1' }] });
    expect((await call('bank', 'GET', '/api/bank/loans?alignment=maybe')).statusCode).toBe(400);
  });

  it('changes and removes a loan; another bank gets 404 and sees none; an object out of reach is a field error', async () => {
    const schwabing = await idOf('assets', 'Wohnanlage Schwabing');
    const body = { assetId: schwabing, outstandingAmount: 900_000, propertyValueAtOrigination: 3_000_000, originationDate: '2019-03-15', reportingDate: '2025-12-31' };
    expect((await call('bank2', 'GET', '/api/bank/loans')).json<{ total: number }>().total).toBe(0);
    expect((await call('bank2', 'PUT', '/api/bank/loans/K-1', body)).statusCode).toBe(404);
    expect((await call('bank2', 'DELETE', '/api/bank/loans/K-1')).statusCode).toBe(404);
    const owners = await idOf('assets', 'Bürohaus Mainzer Landstraße');
    const foreign = await call('bank', 'PUT', '/api/bank/loans/K-1', { ...body, assetId: owners });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fields: { path: string; key: string }[] }>().fields).toEqual([expect.objectContaining({ path: 'assetId', key: 'bank-loan-object-not-found' })]);
    const late = await call('bank', 'PUT', '/api/bank/loans/K-1', { ...body, outstandingAmount: 0, originationDate: '2026-01-01' }, 'en');
    expect(late.json<{ fields: { path: string; message: string }[] }>().fields.map((f) => [f.path, f.message])).toEqual([
      ['outstandingAmount', 'The amount must be a number greater than 0.'],
      ['originationDate', 'The origination date is after the reporting date.'],
    ]);
    expect((await h.db.selectFrom('bank_loans').select('asset_id').where('loan_id', '=', 'K-1').executeTakeFirstOrThrow()).asset_id).toBe(await idOf('assets', 'Hotel am Rheinufer'));
    expect((await call('bank', 'PUT', '/api/bank/loans/K-1', body)).statusCode).toBe(200);
    expect(await h.db.selectFrom('bank_loans').select(['asset_id', 'outstanding_amount']).where('loan_id', '=', 'K-1').executeTakeFirstOrThrow()).toEqual({ asset_id: schwabing, outstanding_amount: 900_000 });
    expect((await call('bank', 'PUT', '/api/bank/loans/K-404', body)).statusCode).toBe(404);
    expect((await call('bank', 'DELETE', '/api/bank/loans/K-2')).statusCode).toBe(204);
    expect((await call('bank', 'DELETE', '/api/bank/loans/K-2')).statusCode).toBe(404);
    expect(await loanCount()).toBe(1);
  });
});
