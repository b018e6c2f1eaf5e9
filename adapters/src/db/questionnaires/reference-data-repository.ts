import type { Kysely } from 'kysely';
import type { EmissionCarrier, EmissionFactor, ReferenceDataSet, ReferenceKind, ReferenceMetric, ReferenceValue } from '@ecore/core/questionnaires/reference-data.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

export type DataSetKind = 'referenceValues' | 'emissionFactors';

export async function findDataSet(db: Executor, kind: DataSetKind): Promise<ReferenceDataSet | null> {
  const row = await db.selectFrom('scoring_data_sets').selectAll().where('kind', '=', kind).executeTakeFirst();
  return row ? { name: row.name, illustrative: row.illustrative, note: row.note } : null;
}

export async function listReferenceValues(db: Executor, kind: ReferenceKind): Promise<ReferenceValue[]> {
  const rows = await db
    .selectFrom('scoring_reference_values')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('country')
    .orderBy('asset_class')
    .orderBy('metric')
    .orderBy('year')
    .execute();
  return rows.map((r) => ({ kind: r.kind as ReferenceKind, metric: r.metric as ReferenceMetric, country: r.country, assetClass: r.asset_class, year: r.year, value: r.value }));
}

export async function listEmissionFactors(db: Executor): Promise<EmissionFactor[]> {
  const rows = await db.selectFrom('scoring_emission_factors').selectAll().orderBy('carrier').orderBy('country').orderBy('year').execute();
  return rows.map((r) => ({ carrier: r.carrier as EmissionCarrier, country: r.country, year: r.year, value: r.value }));
}

const CHUNK = 1000;

/** Replaces every stored average and pathway with the imported ones and names the data set. */
export async function replaceReferenceValues(db: Executor, rows: readonly ReferenceValue[], set: ReferenceDataSet & { importedBy: string }): Promise<void> {
  await db.deleteFrom('scoring_reference_values').execute();
  const unique = [...new Map(rows.map((r) => [`${r.kind}|${r.metric}|${r.country}|${r.assetClass}|${r.year}`, r])).values()];
  for (let i = 0; i < unique.length; i += CHUNK) {
    await db
      .insertInto('scoring_reference_values')
      .values(unique.slice(i, i + CHUNK).map((r) => ({ kind: r.kind, metric: r.metric, country: r.country, asset_class: r.assetClass, year: r.year, value: r.value })))
      .execute();
  }
  await writeDataSet(db, 'referenceValues', set);
}

/** Replaces every stored emission factor with the imported ones. */
export async function replaceEmissionFactors(db: Executor, rows: readonly EmissionFactor[], set: ReferenceDataSet & { importedBy: string }): Promise<void> {
  await db.deleteFrom('scoring_emission_factors').execute();
  const unique = [...new Map(rows.map((r) => [`${r.carrier}|${r.country}|${r.year}`, r])).values()];
  for (let i = 0; i < unique.length; i += CHUNK) {
    await db.insertInto('scoring_emission_factors').values(unique.slice(i, i + CHUNK).map((r) => ({ ...r }))).execute();
  }
  await writeDataSet(db, 'emissionFactors', set);
}

async function writeDataSet(db: Executor, kind: DataSetKind, set: ReferenceDataSet & { importedBy: string }) {
  const values = { name: set.name, illustrative: set.illustrative, note: set.note, imported_by: set.importedBy, imported_at: new Date() };
  await db.insertInto('scoring_data_sets').values({ kind, ...values }).onConflict((oc) => oc.column('kind').doUpdateSet(values)).execute();
}
