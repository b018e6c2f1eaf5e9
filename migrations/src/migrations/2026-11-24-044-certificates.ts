import { sql, type Kysely } from 'kysely';

// Certificates (issue 16; DOMAIN.md §6, docs/certificates.md): a snapshot of the figures when an object's filled
// questionnaire or a group is closed. Nothing changes a certificate afterwards: a trigger refuses every update
// except marking it superseded (once) and unlinking an object, group or questionnaire that is deleted, and
// refuses deletes, so that a printed verification code always resolves to what was signed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('subject_kind', 'text', (c) => c.notNull().check(sql`subject_kind in ('asset', 'group')`))
    .addColumn('asset_id', 'integer', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('asset_group_id', 'integer', (c) => c.references('asset_groups.id').onDelete('set null'))
    .addColumn('asset_questionnaire_id', 'integer', (c) => c.references('asset_questionnaires.id').onDelete('set null'))
    .addColumn('questionnaire_name', 'text', (c) => c.notNull())
    .addColumn('label_name', 'text', (c) => c.notNull())
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('subject_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('ecore_score', 'numeric')
    .addColumn('finance_score', 'numeric')
    .addColumn('clusters', 'jsonb', (c) => c.notNull())
    .addColumn('taxonomy', 'jsonb', (c) => c.notNull())
    .addColumn('evaluated_at', 'date', (c) => c.notNull())
    .addColumn('valid_until', 'date', (c) => c.notNull())
    .addColumn('evaluator_name', 'text', (c) => c.notNull())
    .addColumn('tester_name', 'text', (c) => c.notNull())
    .addColumn('tester_organisation', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('superseded_by', 'integer', (c) => c.references('certificates.id'))
    .execute();
  // The current certificate of an object or group is found by these.
  await db.schema.createIndex('certificates_asset_idx').on('certificates').columns(['asset_id', 'id']).execute();
  await db.schema.createIndex('certificates_group_idx').on('certificates').columns(['asset_group_id', 'id']).execute();

  await sql`create function ecore_certificates_immutable() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        raise exception 'certificates are never deleted';
      end if;
      if (to_jsonb(new) - 'superseded_by' - 'asset_id' - 'asset_group_id' - 'asset_questionnaire_id')
           is distinct from (to_jsonb(old) - 'superseded_by' - 'asset_id' - 'asset_group_id' - 'asset_questionnaire_id')
         or (old.superseded_by is not null and new.superseded_by is distinct from old.superseded_by)
         or (new.asset_id is distinct from old.asset_id and new.asset_id is not null)
         or (new.asset_group_id is distinct from old.asset_group_id and new.asset_group_id is not null)
         or (new.asset_questionnaire_id is distinct from old.asset_questionnaire_id and new.asset_questionnaire_id is not null) then
        raise exception 'a certificate is immutable; only superseded_by may be set, once';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger certificates_immutable before update or delete on certificates
    for each row execute function ecore_certificates_immutable()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await sql`drop function ecore_certificates_immutable()`.execute(db);
}
