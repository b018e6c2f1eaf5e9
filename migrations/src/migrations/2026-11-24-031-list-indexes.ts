import { sql, type Kysely } from 'kysely';

// Indexes in the order and with the filters the lists page by (ARCHITECTURE.md "API conventions": paging
// happens in the database). Each list's filter columns come first, then its sort keys, so that a page is
// read from the index in order and the count of an organisation's rows is an index-only scan.
export async function up(db: Kysely<any>): Promise<void> {
  // Objects: the organisation's (own or buyer) objects by name; a group's objects by name (group filter,
  // group rows expanded to their objects).
  await db.schema.dropIndex('assets_organisation_idx').execute();
  await db.schema.createIndex('assets_organisation_name_idx').on('assets').expression(sql`organisation_id, is_buyer_asset, lower(name), id`).execute();
  await db.schema.dropIndex('assets_group_idx').execute();
  await db.schema.createIndex('assets_group_name_idx').on('assets').expression(sql`asset_group_id, lower(name), id`).execute();
  await db.schema.createIndex('assets_tester_idx').on('assets').column('tester_user_id').where('tester_user_id', 'is not', null).execute();
  await db.schema.createIndex('asset_access_grants_organisation_idx').on('asset_access_grants').columns(['organisation_id', 'asset_id']).execute();
  // Groups: an organisation's groups by name, and all groups by name (administrator).
  await db.schema.dropIndex('asset_groups_organisation_idx').execute();
  await db.schema.createIndex('asset_groups_organisation_name_idx').on('asset_groups').expression(sql`organisation_id, lower(name), id`).execute();
  await db.schema.createIndex('asset_groups_name_idx').on('asset_groups').expression(sql`lower(name), id`).execute();
  // Users: by last name, first name (all organisations, or one), with status and lock for the filter counts.
  await db.schema.createIndex('users_name_idx').on('users').expression(sql`lower(last_name), lower(first_name), id`).execute();
  await db.schema.createIndex('users_organisation_name_idx').on('users').expression(sql`organisation_id, lower(last_name), lower(first_name), id`).execute();
  await db.schema.createIndex('users_status_idx').on('users').columns(['status', 'locked']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['users_status_idx', 'users_organisation_name_idx', 'users_name_idx', 'asset_groups_name_idx', 'asset_groups_organisation_name_idx', 'asset_access_grants_organisation_idx', 'assets_tester_idx', 'assets_group_name_idx', 'assets_organisation_name_idx']) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('asset_groups_organisation_idx').on('asset_groups').column('organisation_id').execute();
  await db.schema.createIndex('assets_group_idx').on('assets').column('asset_group_id').execute();
  await db.schema.createIndex('assets_organisation_idx').on('assets').columns(['organisation_id', 'is_buyer_asset']).execute();
}
