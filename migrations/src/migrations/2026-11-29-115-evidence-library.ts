import { sql, type Kysely } from 'kysely';

/**
 * The evidence library (docs/evidence.md): a document of an organisation uploaded once, with a title, a type and an
 * optional validity, linked to any number of answers. A row of `asset_answer_documents` is now a link of a library
 * entry to an answer (it keeps the file's name, type, size and storage key, so every reader of an answer's documents
 * reads links alike); one link per answer and entry. Every existing document becomes a library entry (its file
 * name as title, type `other`, no validity) linked to its answer. `origin` says where it was uploaded: an entry
 * uploaded on an answer goes with its last link removed there; one uploaded into the library stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('evidence_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'date')
    .addColumn('valid_until', 'date')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('library'))
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('evidence_documents_organisation_idx').on('evidence_documents').columns(['organisation_id', 'id']).execute();
  await db.schema.createIndex('evidence_documents_valid_until_idx').on('evidence_documents').columns(['organisation_id', 'valid_until']).execute();

  await db.schema.alterTable('asset_answer_documents').addColumn('evidence_id', 'integer', (c) => c.references('evidence_documents.id').onDelete('cascade')).execute();
  await sql`alter table asset_answer_documents drop constraint asset_answer_documents_storage_key_key`.execute(db);
  await documentsIntoLibrary(db);
  await sql`create unique index asset_answer_documents_evidence_idx on asset_answer_documents (answer_id, evidence_id)`.execute(db);
  await sql`create index asset_answer_documents_evidence_links_idx on asset_answer_documents (evidence_id)`.execute(db);
}

/** Every answer document not yet in the library becomes an entry of its organisation, linked to its answer. */
export async function documentsIntoLibrary(db: Kysely<any>): Promise<void> {
  await sql`insert into evidence_documents (organisation_id, title, type, file_name, content_type, size, storage_key, origin, uploaded_by, uploaded_at)
    select s.organisation_id, d.file_name, 'other', d.file_name, d.content_type, d.size, d.storage_key, 'answer', d.uploaded_by, d.uploaded_at
    from asset_answer_documents d join asset_answers a on a.id = d.answer_id join asset_questionnaires q on q.id = a.asset_questionnaire_id
      join assets s on s.id = q.asset_id
    where d.evidence_id is null
    order by d.id`.execute(db);
  await sql`update asset_answer_documents d set evidence_id = e.id from evidence_documents e where e.storage_key = d.storage_key and d.evidence_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Each library entry back as a document of its first link (further links go: a storage key names one document).
  await sql`delete from asset_answer_documents d where exists (select 1 from asset_answer_documents o where o.evidence_id = d.evidence_id and o.id < d.id)`.execute(db);
  await sql`drop index asset_answer_documents_evidence_links_idx`.execute(db);
  await sql`drop index asset_answer_documents_evidence_idx`.execute(db);
  await sql`alter table asset_answer_documents add constraint asset_answer_documents_storage_key_key unique (storage_key)`.execute(db);
  await db.schema.alterTable('asset_answer_documents').dropColumn('evidence_id').execute();
  await db.schema.dropTable('evidence_documents').execute();
}
