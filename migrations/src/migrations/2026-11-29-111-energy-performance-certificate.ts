import { sql, type Kysely } from 'kysely';
import { demoBankReferenceRows } from '../demo-questionnaires.ts';

/**
 * The energy performance certificate of an object (DOMAIN.md §11, docs/banks.md): class, type, primary and final energy
 * demand, registration number, issue and validity dates, and the two facts taxonomy 7.7 asks of large non-residential
 * buildings. The illustrative demo reference data gains the taxonomy thresholds and the average carbon per kWh.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('assets')
    .addColumn('epc_class', 'text', (c) => c.check(sql`epc_class in ('A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H')`))
    .addColumn('epc_type', 'text', (c) => c.check(sql`epc_type in ('demand', 'consumption')`))
    .addColumn('epc_primary_energy_demand', 'double precision')
    .addColumn('epc_final_energy_demand', 'double precision')
    .addColumn('epc_registration_number', 'text')
    .addColumn('epc_issued_at', 'date')
    .addColumn('epc_valid_until', 'date')
    .addColumn('large_non_residential', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('energy_monitoring', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  const demo = await db.selectFrom('scoring_data_sets').select('kind').where('kind', '=', 'referenceValues').where('name', '=', 'Demo reference values (illustrative)').executeTakeFirst();
  if (!demo) return;
  await db
    .insertInto('scoring_reference_values')
    .values(demoBankReferenceRows())
    .onConflict((oc) => oc.constraint('scoring_reference_values_key').doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('scoring_reference_values').where('kind', 'in', ['taxonomyTop15', 'taxonomyNearlyZero', 'carbonPerKwh']).execute();
  for (const column of ['epc_class', 'epc_type', 'epc_primary_energy_demand', 'epc_final_energy_demand', 'epc_registration_number', 'epc_issued_at', 'epc_valid_until', 'large_non_residential', 'energy_monitoring']) {
    await db.schema.alterTable('assets').dropColumn(column).execute();
  }
}
