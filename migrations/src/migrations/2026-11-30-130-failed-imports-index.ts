import { sql, type Kysely } from 'kysely';

/**
 * Failed imports on the worklist (docs/worklist.md, docs/import.md "Failed imports"): the imports refused because
 * rows failed, by organisation and by the user who ran them, newest last. Whether a later stored import followed is
 * asked of the history's own index (organisation, id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('imports_failed_organisation_idx').on('imports').columns(['organisation_id', 'created_at']).where(sql.ref('outcome'), '=', 'failed').execute();
  await db.schema.createIndex('imports_failed_user_idx').on('imports').columns(['user_id', 'created_at']).where(sql.ref('outcome'), '=', 'failed').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('imports_failed_user_idx').execute();
  await db.schema.dropIndex('imports_failed_organisation_idx').execute();
}
