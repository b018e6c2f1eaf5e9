import { sql, type Kysely } from 'kysely';
import { AUDIT_SOURCES } from './2026-11-29-114-audit-chain.ts';

/**
 * Audit rows are linked into their organisation's chain a moment after they commit, not inside the transaction that
 * writes them (docs/security.md "Audit chain").
 *
 * Why: a link needs the organisation's last hash, so appending takes the organisation's lock until the commit. Taken
 * by every answer save, it made all saves of an organisation wait for each other's disk flush (about 180 saves a
 * second at most on the two-core machine). Now the row's trigger records its canonical content as it is written
 * (`audit_pending`, no lock), and the sealer links the waiting rows in their order under the lock: the portal's
 * background worker every second, and before anything reads the chain's head (a certificate's issue, the
 * verification). A row changed after its write is still found: the link holds the content as it was written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_pending')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_pending_organisation_idx').on('audit_pending').columns(['organisation_id', 'id']).execute();

  // Links the organisation's waiting rows, oldest first; the caller holds the organisation's lock.
  await sql`create function ecore_audit_seal_locked(p_organisation integer) returns void language plpgsql as $$
    declare r audit_pending; head text; next integer; done bigint[] := '{}';
    begin
      select hash, seq into head, next from audit_chain where organisation_id = p_organisation order by seq desc limit 1;
      head := coalesce(head, repeat('0', 64));
      next := coalesce(next, 0);
      for r in select * from audit_pending where organisation_id = p_organisation order by id loop
        next := next + 1;
        head := encode(sha256(convert_to(head || r.content, 'UTF8')), 'hex');
        insert into audit_chain (organisation_id, seq, kind, source_id, parent_id, content, hash)
          values (p_organisation, next, r.kind, r.source_id, r.parent_id, r.content, head);
        done := done || r.id;
      end loop;
      delete from audit_pending where id = any(done);
    end $$`.execute(db);
  // The organisation's chain locked for the rest of the transaction, its waiting rows linked; its last hash.
  await sql`create or replace function ecore_audit_head(p_organisation integer) returns text language plpgsql as $$
    declare head text;
    begin
      perform pg_advisory_xact_lock(43043, p_organisation);
      perform ecore_audit_seal_locked(p_organisation);
      select hash into head from audit_chain where organisation_id = p_organisation order by seq desc limit 1;
      return coalesce(head, repeat('0', 64));
    end $$`.execute(db);
  // Every organisation's waiting rows linked (the background worker); answers how many.
  await sql`create function ecore_audit_seal_all() returns integer language plpgsql as $$
    declare o integer; n integer;
    begin
      select count(*) into n from audit_pending;
      for o in select distinct organisation_id from audit_pending order by 1 loop
        perform ecore_audit_head(o);
      end loop;
      return n;
    end $$`.execute(db);

  for (const s of AUDIT_SOURCES.filter((x) => x.table !== 'certificates')) {
    await sql.raw(`create or replace function ecore_audit_chain_${s.table}() returns trigger language plpgsql as $$
      begin
        insert into audit_pending (organisation_id, kind, source_id, parent_id, content)
          select o, '${s.kind}', r.id, ${s.parent}, ecore_audit_content(r::${s.table})
          from (select (a::${s.table}).* from added a) r cross join lateral (select ecore_audit_organisation(r::${s.table}) as o) x
          where o is not null order by r.id;
        return null;
      end $$`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`select ecore_audit_seal_all()`.execute(db);
  for (const s of AUDIT_SOURCES.filter((x) => x.table !== 'certificates')) {
    await sql.raw(`create or replace function ecore_audit_chain_${s.table}() returns trigger language plpgsql as $$
      declare r ${s.table};
      begin
        for r in select * from added order by id loop
          perform ecore_audit_append(ecore_audit_organisation(r), '${s.kind}', r.id, ${s.parent}, ecore_audit_content(r));
        end loop;
        return null;
      end $$`).execute(db);
  }
  await sql`drop function ecore_audit_seal_all()`.execute(db);
  await sql`create or replace function ecore_audit_head(p_organisation integer) returns text language plpgsql as $$
    declare head text;
    begin
      perform pg_advisory_xact_lock(43043, p_organisation);
      select hash into head from audit_chain where organisation_id = p_organisation order by seq desc limit 1;
      return coalesce(head, repeat('0', 64));
    end $$`.execute(db);
  await sql`drop function ecore_audit_seal_locked(integer)`.execute(db);
  await db.schema.dropTable('audit_pending').execute();
}
