import { sql, type Kysely } from 'kysely';

/**
 * The tamper-evident audit trail (docs/security.md "Audit chain"): every audit row of an organisation is a link
 * of the organisation's chain — `hash` = SHA-256 over the previous link's hash and the row's canonical content
 * (its fields as jsonb text, keys sorted, times in UTC to the microsecond; names of people stay out: archiving a
 * user pseudonymises them, and the chain holds no personal data of its own). The database writes the link in the statement that writes the row, under the
 * organisation's lock, so that no writer can skip it and concurrent writers never fork a chain. A certificate
 * records its organisation's chain hash at its issue. Existing rows are chained here, oldest first.
 */
interface AuditSource {
  table: string;
  kind: string;
  /** The organisation of row `r`. */
  organisation: string;
  /** The questionnaire or group the row belongs to (its removal removes the row), or null. */
  parent: string;
  at: string;
  /** The jsonb_build_object arguments of the row's content, after kind and id. */
  fields: string;
}

const utc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const questionnaireOrganisation = `(select a.organisation_id from asset_questionnaires q join assets a on a.id = q.asset_id where q.id = r.asset_questionnaire_id)`;

export const AUDIT_SOURCES: readonly AuditSource[] = [
  {
    table: 'asset_questionnaire_transitions',
    kind: 'questionnaire-transition',
    organisation: questionnaireOrganisation,
    parent: 'r.asset_questionnaire_id',
    at: 'r.at',
    fields: `'questionnaire', r.asset_questionnaire_id, 'from', r.from_state, 'to', r.to_state, 'userId', r.user_id, 'role', r.role,
      'reason', r.reason, 'answersTouched', r.answers_touched, 'note', r.note, 'at', ${utc('r.at')}`,
  },
  {
    table: 'group_transitions',
    kind: 'group-transition',
    organisation: '(select g.organisation_id from asset_groups g where g.id = r.asset_group_id)',
    parent: 'r.asset_group_id',
    at: 'r.at',
    fields: `'group', r.asset_group_id, 'from', r.from_state, 'to', r.to_state, 'userId', r.user_id, 'role', r.role, 'reason', r.reason,
      'note', r.note, 'at', ${utc('r.at')}`,
  },
  {
    table: 'asset_answer_changes',
    kind: 'answer-change',
    organisation: questionnaireOrganisation,
    parent: 'r.asset_questionnaire_id',
    at: 'r.at',
    fields: `'questionnaire', r.asset_questionnaire_id, 'question', r.question_id, 'change', r.kind, 'userId', r.user_id,
      'old', r.old_value, 'new', r.new_value, 'note', r.note, 'at', ${utc('r.at')}`,
  },
  {
    table: 'certificates',
    kind: 'certificate',
    organisation: `coalesce((select a.organisation_id from assets a where a.id = r.asset_id), (select g.organisation_id from asset_groups g where g.id = r.asset_group_id))`,
    parent: 'null::integer',
    at: 'r.issued_at',
    fields: `'code', r.code, 'subjectKind', r.subject_kind, 'questionnaireName', r.questionnaire_name, 'labelName', r.label_name,
      'ownerName', r.owner_name, 'subjectName', r.subject_name, 'address', r.address, 'ecoreScore', r.ecore_score, 'financeScore', r.finance_score,
      'clusters', r.clusters, 'taxonomy', r.taxonomy, 'evaluatedAt', to_char(r.evaluated_at, 'YYYY-MM-DD'), 'validUntil', to_char(r.valid_until, 'YYYY-MM-DD'),
      'testerOrganisation', r.tester_organisation,
      'issuedAt', ${utc('r.issued_at')}, 'chainHash', r.chain_hash`,
  },
  {
    table: 'account_audit',
    kind: 'account',
    organisation: `case when r.entity = 'organisation' then r.entity_id else (select u.organisation_id from users u where u.id = r.entity_id) end`,
    parent: 'null::integer',
    at: 'r.at',
    fields: `'actorUserId', r.actor_user_id, 'entity', r.entity, 'entityId', r.entity_id, 'action', r.action, 'at', ${utc('r.at')}`,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('chain_hash', 'text').execute();
  await db.schema
    .createTable('audit_chain')
    .addColumn('organisation_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_chain_pk', ['organisation_id', 'seq'])
    .execute();
  await db.schema.createIndex('audit_chain_source_idx').on('audit_chain').columns(['kind', 'source_id']).execute();

  for (const s of AUDIT_SOURCES) {
    await sql.raw(`create function ecore_audit_content(r ${s.table}) returns text language sql stable as $$
      select jsonb_build_object('kind', '${s.kind}', 'id', r.id, ${s.fields})::text $$`).execute(db);
    await sql.raw(`create function ecore_audit_organisation(r ${s.table}) returns integer language sql stable as $$ select ${s.organisation} $$`).execute(db);
  }
  await sql.raw(`create view audit_rows as ${AUDIT_SOURCES.map(
    (s) => `select '${s.kind}'::text as kind, r.id, ecore_audit_organisation(r) as organisation_id, ${s.parent} as parent_id, ${s.at} as at, ecore_audit_content(r) as content from ${s.table} r`,
  ).join(' union all ')}`).execute(db);

  // The organisation's chain locked for the rest of the transaction; its last hash.
  await sql`create function ecore_audit_head(p_organisation integer) returns text language plpgsql as $$
    declare head text;
    begin
      perform pg_advisory_xact_lock(43043, p_organisation);
      select hash into head from audit_chain where organisation_id = p_organisation order by seq desc limit 1;
      return coalesce(head, repeat('0', 64));
    end $$`.execute(db);
  await sql`create function ecore_audit_append(p_organisation integer, p_kind text, p_source integer, p_parent integer, p_content text) returns void language plpgsql as $$
    declare head text; next integer;
    begin
      if p_organisation is null then return; end if;
      head := ecore_audit_head(p_organisation);
      select coalesce(max(seq), 0) + 1 into next from audit_chain where organisation_id = p_organisation;
      insert into audit_chain (organisation_id, seq, kind, source_id, parent_id, content, hash)
        values (p_organisation, next, p_kind, p_source, p_parent, p_content, encode(sha256(convert_to(head || p_content, 'UTF8')), 'hex'));
    end $$`.execute(db);

  await chainExistingRows(db);

  for (const s of AUDIT_SOURCES.filter((x) => x.table !== 'certificates')) {
    await sql.raw(`create function ecore_audit_chain_${s.table}() returns trigger language plpgsql as $$
      declare r ${s.table};
      begin
        for r in select * from added order by id loop
          perform ecore_audit_append(ecore_audit_organisation(r), '${s.kind}', r.id, ${s.parent}, ecore_audit_content(r));
        end loop;
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger ${s.table}_audit_chain after insert on ${s.table} referencing new table as added
      for each statement execute function ecore_audit_chain_${s.table}()`).execute(db);
  }
  // A certificate records the chain hash at its issue (before its own link), then is chained.
  await sql`create function ecore_certificate_chain_hash() returns trigger language plpgsql as $$
    declare o integer := ecore_audit_organisation(new);
    begin
      if o is not null then new.chain_hash := ecore_audit_head(o); end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger certificates_chain_hash before insert on certificates for each row execute function ecore_certificate_chain_hash()`.execute(db);
  await sql`create function ecore_audit_chain_certificates() returns trigger language plpgsql as $$
    begin
      perform ecore_audit_append(ecore_audit_organisation(new), 'certificate', new.id, null, ecore_audit_content(new));
      return null;
    end $$`.execute(db);
  await sql`create trigger certificates_audit_chain after insert on certificates for each row execute function ecore_audit_chain_certificates()`.execute(db);
}

/**
 * Chains the audit rows that have no link yet, oldest first per organisation: all of them when the chain is created
 * (the portal's writes are chained by the triggers from then on).
 */
export async function chainExistingRows(db: Kysely<any>): Promise<void> {
  await sql`do $$
    declare r record;
    begin
      for r in select * from audit_rows a where a.organisation_id is not null
          and not exists (select 1 from audit_chain c where c.kind = a.kind and c.source_id = a.id)
          order by a.organisation_id, a.at, a.kind, a.id loop
        perform ecore_audit_append(r.organisation_id, r.kind, r.id, r.parent_id, r.content);
      end loop;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger certificates_audit_chain on certificates`.execute(db);
  await sql`drop trigger certificates_chain_hash on certificates`.execute(db);
  await sql`drop function ecore_audit_chain_certificates()`.execute(db);
  await sql`drop function ecore_certificate_chain_hash()`.execute(db);
  for (const s of AUDIT_SOURCES.filter((x) => x.table !== 'certificates')) {
    await sql.raw(`drop trigger ${s.table}_audit_chain on ${s.table}`).execute(db);
    await sql.raw(`drop function ecore_audit_chain_${s.table}()`).execute(db);
  }
  await sql`drop view audit_rows`.execute(db);
  await sql`drop function ecore_audit_append(integer, text, integer, integer, text)`.execute(db);
  await sql`drop function ecore_audit_head(integer)`.execute(db);
  for (const s of AUDIT_SOURCES) {
    await sql.raw(`drop function ecore_audit_content(${s.table})`).execute(db);
    await sql.raw(`drop function ecore_audit_organisation(${s.table})`).execute(db);
  }
  await db.schema.dropTable('audit_chain').execute();
  await db.schema.alterTable('certificates').dropColumn('chain_hash').execute();
}
