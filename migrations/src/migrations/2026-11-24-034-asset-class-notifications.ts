import { sql, type Kysely } from 'kysely';

// The processes keep whole pages of the object and group lists (with the objects' asset classes), so the asset
// classes of objects notify too.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger asset_asset_types_changed after insert or update or delete or truncate on asset_asset_types
    for each statement execute function ecore_sessions_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger asset_asset_types_changed on asset_asset_types`.execute(db);
}
