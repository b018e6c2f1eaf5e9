import { sql, type Kysely } from 'kysely';

/**
 * Where a figure comes from (issue 40, docs/answering.md "Provenance"): `measured`, `estimated` or `calculated` on an
 * answer to a value question; null for choices and empty figures. Figures stored before read as `measured` (core
 * provenanceOf), so nothing is rewritten here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('asset_answers')
    .addColumn('provenance', 'text', (c) => c.check(sql`provenance in ('measured', 'estimated', 'calculated')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_answers').dropColumn('provenance').execute();
}
