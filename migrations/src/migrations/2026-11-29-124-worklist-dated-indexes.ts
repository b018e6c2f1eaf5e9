import { sql, type Kysely } from 'kysely';

/**
 * The worklist's energy performance certificates (docs/worklist.md): objects of an organisation by their
 * certificate's last valid day, only those that have one. Expiring evidence uses the library's own index
 * (organisation, last valid day) and the links' index by library entry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('assets_epc_valid_until_idx')
    .on('assets')
    .columns(['organisation_id', 'epc_valid_until'])
    .where(sql.ref('epc_valid_until'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assets_epc_valid_until_idx').execute();
}
