import { sql, type Kysely } from 'kysely';

/**
 * Access requests by the object asked for (docs/worklist.md, docs/access-requests.md): the owner's list of received
 * requests, newest first, and the worklist's open ones (undecided; expiry is checked on the few rows found).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('asset_access_requests_asset_idx').on('asset_access_requests').columns(['asset_id', 'created_at']).execute();
  await db.schema
    .createIndex('asset_access_requests_open_idx')
    .on('asset_access_requests')
    .columns(['asset_id', 'created_at'])
    .where(sql.ref('decided_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('asset_access_requests_open_idx').execute();
  await db.schema.dropIndex('asset_access_requests_asset_idx').execute();
}
