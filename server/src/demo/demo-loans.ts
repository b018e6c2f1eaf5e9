import type { Kysely } from 'kysely';
import type { StoredLoan } from '@ecore/core/banks/loan-tape.ts';
import { storeLoans } from '@ecore/adapters/db/banks/loans-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { seedDemoAnswers } from './demo-answers.ts';

/** The buyer's further objects the demo bank finances: each shows one data quality case or one taxonomy result. */
const NEW_OBJECTS = [
  // Score 3: no consumption answered, the certificate's final energy demand; class B below the top 15 %: aligned.
  { name: 'Stadthaus Haidhausen', externalId: 'KW-HAID-7', street: 'Wiener Platz', streetNumber: '7', zip: '81667', year: 2012, area: 1800, epc: { epc_class: 'B', epc_type: 'demand', epc_primary_energy_demand: 45, epc_final_energy_demand: 70, epc_registration_number: 'BY-2023-004512', epc_issued_at: '2023-05-02', epc_valid_until: '2033-05-01' } },
  // Score 4: answered, every figure estimated; no certificate: unknown.
  { name: 'Reihenhäuser Pasing', externalId: 'KW-PAS-3', street: 'Landsberger Straße', streetNumber: '480', zip: '81241', year: 1985, area: 2400, epc: {} },
  // Score 4: nothing but class, country and area (the reference average); the certificate expired: unknown.
  { name: 'Wohnhaus Sendling', externalId: 'KW-SEND-9', street: 'Plinganserstraße', streetNumber: '9', zip: '81369', year: 1972, area: 1750, epc: { epc_class: 'E', epc_type: 'consumption', epc_primary_energy_demand: 160, epc_final_energy_demand: null, epc_registration_number: 'BY-2014-000871', epc_issued_at: '2014-03-01', epc_valid_until: '2024-02-28' } },
  // Score 5: no floor area known yet (a plot being redeveloped).
  { name: 'Baugrundstück Giesing', externalId: 'KW-GIES-1', street: 'Tegernseer Landstraße', streetNumber: '161', zip: '81539', year: null, area: 0, epc: {} },
] as const;

/** Certificates of the objects the bank already saw: Schwabing class A (aligned), Bockenheim class D (not aligned). */
const CERTIFICATES = {
  'Wohnanlage Schwabing': { externalId: 'KW-SCHW-21', epc: { epc_class: 'A', epc_type: 'demand', epc_primary_energy_demand: 38, epc_final_energy_demand: 55, epc_registration_number: 'BY-2021-017733', epc_issued_at: '2021-02-15', epc_valid_until: '2031-02-14' } },
  'Wohn- und Geschäftshaus Bockenheim': { externalId: 'RM-BOCK-12', epc: { epc_class: 'D', epc_type: 'consumption', epc_primary_energy_demand: 210, epc_final_energy_demand: 165, epc_registration_number: 'HE-2019-112090', epc_issued_at: '2019-09-01', epc_valid_until: '2029-08-31' } },
} as const;

/** The demo loan tape (also docs/bank-loan-tape-demo.csv): by external id, outstanding, value at origination, origination. */
export const DEMO_LOANS: readonly (readonly [string, string, number, number, string])[] = [
  ['K-2025-001', 'RM-BOCK-12', 3_100_000, 5_200_000, '2016-04-01'],
  ['K-2025-002', 'KW-SCHW-21', 4_800_000, 6_000_000, '2020-09-15'],
  ['K-2025-003', 'KW-HAID-7', 2_250_000, 2_500_000, '2023-06-30'],
  ['K-2025-004', 'KW-PAS-3', 1_900_000, 3_800_000, '2018-02-01'],
  ['K-2025-005', 'KW-SEND-9', 1_200_000, 1_000_000, '2015-11-20'],
  ['K-2025-006', 'KW-GIES-1', 650_000, 900_000, '2024-08-01'],
];
export const DEMO_REPORTING_DATE = '2025-12-31';

/**
 * Demo step of the banks (DOMAIN.md §11, docs/banks.md): the demo bank (Beispielbank eG) finances six objects of its
 * buyer and the owner's granted Bockenheim object, with certificates and answers such that its portfolio mixes every
 * data quality case (2 measured, 3 certificate, 4 estimated, 4 reference average, 5 no area) and all three taxonomy
 * results. Runs after the export step (which grants Bockenheim and answers Schwabing). Idempotent: a bank with loans is
 * left alone.
 */
export async function seedDemoLoans(db: Kysely<DB>, at: Date): Promise<void> {
  const bank = await db.selectFrom('organisations').select('id').where('name', '=', 'Beispielbank eG').executeTakeFirst();
  const buyer = await db.selectFrom('organisations').select('id').where('name', '=', 'Käufer Wohnbau GmbH').executeTakeFirst();
  const group = await db.selectFrom('asset_groups').select(['id', 'organisation_id']).where('name', '=', 'Finanzierungsobjekte').executeTakeFirst();
  if (!bank || !buyer || !group) return;
  if (await db.selectFrom('bank_loans').select('id').where('bank_organisation_id', '=', bank.id).executeTakeFirst()) return;
  const buyerUser = await db.selectFrom('users').select('id').where('user_name', '=', 'buyer').executeTakeFirst();
  for (const o of NEW_OBJECTS) {
    if (await db.selectFrom('assets').select('id').where('name', '=', o.name).executeTakeFirst()) continue;
    const { id } = await db
      .insertInto('assets')
      .values({
        name: o.name,
        external_id: o.externalId,
        organisation_id: buyer.id,
        asset_group_id: group.id,
        is_buyer_asset: true,
        country: 'DE',
        city: 'München',
        zip: o.zip,
        street: o.street,
        street_number: o.streetNumber,
        construction_year: o.year,
        asset_total_area: o.area,
        created_by: buyerUser?.id ?? null,
        ...o.epc,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('asset_asset_types').values({ asset_id: id, asset_type_id: 12, percentage: 100, position: 0 }).execute();
  }
  for (const [name, c] of Object.entries(CERTIFICATES)) await db.updateTable('assets').set({ external_id: c.externalId, ...c.epc }).where('name', '=', name).execute();
  await seedDemoAnswers(db, new Date(at.getTime() - 86_400_000), [['Reihenhäuser Pasing', 1, 'estimated']]);
  const assets = await db.selectFrom('assets').select(['id', 'external_id']).where('external_id', 'in', DEMO_LOANS.map((l) => l[1])).execute();
  const idOf = new Map(assets.map((a) => [a.external_id, a.id]));
  const loans: StoredLoan[] = DEMO_LOANS.flatMap(([loanId, externalId, outstandingAmount, propertyValueAtOrigination, originationDate]) => {
    const assetId = idOf.get(externalId);
    return assetId === undefined ? [] : [{ loanId, assetId, outstandingAmount, propertyValueAtOrigination, originationDate, reportingDate: DEMO_REPORTING_DATE }];
  });
  await storeLoans(db, bank.id, loans, at);
}
