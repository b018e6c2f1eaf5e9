import { sql, type Kysely } from 'kysely';

// Objects (assets), object groups, asset classes and access requests (spec 02 §3, §4, §5).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('asset_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull().unique())
    .addColumn('is_pilot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('available_for_buyers', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db
    .insertInto('asset_types')
    .values(
      ['OFF', 'HOT', 'RHS', 'RSM', 'RWB1', 'RWB2', 'DWH', 'HEC1', 'HEC2', 'LEI', 'MIX', 'RESI'].map((identifier, i) => ({
        id: i + 1,
        identifier,
        is_pilot: ['HEC1', 'HEC2', 'LEI'].includes(identifier),
        available_for_buyers: ['OFF', 'MIX', 'RESI'].includes(identifier),
      })),
    )
    .execute();

  await db.schema
    .createTable('asset_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('tester_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('asset_groups_organisation_idx').on('asset_groups').column('organisation_id').execute();

  await db.schema
    .createTable('assets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('asset_group_id', 'integer', (c) => c.notNull().references('asset_groups.id'))
    .addColumn('is_buyer_asset', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('street_number', 'text', (c) => c.notNull())
    .addColumn('construction_year', 'integer')
    .addColumn('renovation_year', 'integer')
    .addColumn('feature_quality', 'text', (c) => c.notNull().defaultTo('Low'))
    .addColumn('asset_total_area', 'double precision', (c) => c.notNull())
    .addColumn('usable_area', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('renting_people', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('historic_protection', 'text', (c) => c.notNull().defaultTo('NoStatement'))
    .addColumn('ipms2', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('conditions_and_environment_goals', 'text', (c) => c.notNull().defaultTo('StockAndClimateProtection'))
    .addColumn('conditioned_area', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('project_characteristics', 'text')
    .addColumn('project_status', 'text')
    .addColumn('determination_start_date', 'date')
    .addColumn('acceptance_date', 'date')
    .addColumn('handover_date', 'date')
    .addColumn('planning_permission_date', 'date')
    .addColumn('net_room_area', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('rental_area', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('tester_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('assets_organisation_idx').on('assets').columns(['organisation_id', 'is_buyer_asset']).execute();
  await db.schema.createIndex('assets_group_idx').on('assets').column('asset_group_id').execute();
  await db.schema.createIndex('assets_name_idx').on('assets').expression(sql`lower(name), id`).execute();

  await db.schema
    .createTable('asset_asset_types')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('asset_type_id', 'integer', (c) => c.notNull().references('asset_types.id'))
    .addColumn('percentage', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('asset_asset_types_pk', ['asset_id', 'asset_type_id'])
    .execute();

  await db.schema
    .createTable('asset_access_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('buyer_organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decision', 'boolean')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('asset_access_requests_buyer_idx').on('asset_access_requests').column('buyer_organisation_id').execute();

  await db.schema
    .createTable('asset_access_grants')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('asset_access_grants_pk', ['asset_id', 'organisation_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['asset_access_grants', 'asset_access_requests', 'asset_asset_types', 'assets', 'asset_groups', 'asset_types']) {
    await db.schema.dropTable(table).execute();
  }
}
