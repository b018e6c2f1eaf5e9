import { sql, type Kysely } from 'kysely';
import { createChangeTriggers, dropChangeTriggers } from './2026-11-24-033-asset-notifications.ts';

// Filled questionnaires (asset questionnaires) with their answers, comments, documents, change log, locks,
// state log and the cluster I defaults of groups (spec 02 §3, §4; DOMAIN.md §3, §7, §8; issue 13).
// Answers are rows of their own, one per question, so that concurrent saves of different answers never meet.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('asset_questionnaires')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('questionnaires.id'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('reporting_year', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('submitted_alone', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('decline_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Progress kept with every save, so that lists show it without reading answers (spec 02 §4 "Progress").
    .addColumn('answered_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('asset_questionnaires_asset_idx').on('asset_questionnaires').columns(['asset_id', 'id']).execute();
  await db.schema.createIndex('asset_questionnaires_template_idx').on('asset_questionnaires').column('questionnaire_id').execute();

  // An object's status in lists is the state of its latest filled questionnaire (DOMAIN.md §9), kept on the object.
  await db.schema.alterTable('assets').addColumn('latest_questionnaire_id', 'integer').execute();
  await db.schema.alterTable('assets').addColumn('questionnaire_state', 'text').execute();

  await db.schema
    .createTable('asset_answers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('asset_questionnaire_id', 'integer', (c) => c.notNull().references('asset_questionnaires.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('input_answer', 'double precision')
    .addColumn('option_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('state', 'text')
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('Unchecked'))
    .addColumn('changed_since_decline', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('modified_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('asset_answers_question_key', ['asset_questionnaire_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('asset_answer_comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('asset_answers.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('asset_answer_comments_answer_idx').on('asset_answer_comments').column('answer_id').execute();

  await db.schema
    .createTable('asset_answer_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('asset_answers.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('asset_answer_documents_answer_idx').on('asset_answer_documents').column('answer_id').execute();

  await db.schema
    .createTable('asset_answer_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('asset_questionnaire_id', 'integer', (c) => c.notNull().references('asset_questionnaires.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('old_value', 'jsonb')
    .addColumn('new_value', 'jsonb')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('asset_answer_changes_idx').on('asset_answer_changes').columns(['asset_questionnaire_id', 'question_id', 'id']).execute();

  await db.schema
    .createTable('asset_questionnaire_locks')
    .addColumn('asset_questionnaire_id', 'integer', (c) => c.primaryKey().references('asset_questionnaires.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addColumn('last_activity', 'timestamptz', (c) => c.notNull())
    .execute();

  // Append-only audit of state changes (DOMAIN.md §3).
  await db.schema
    .createTable('asset_questionnaire_transitions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('asset_questionnaire_id', 'integer', (c) => c.notNull().references('asset_questionnaires.id').onDelete('cascade'))
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Cluster I defaults of a group: the answers saved from one filled questionnaire, by static title and option
  // text (core ClusterDefault), so that objects on another template version find them again.
  await db.schema
    .createTable('group_defaults')
    .addColumn('asset_group_id', 'integer', (c) => c.primaryKey().references('asset_groups.id').onDelete('cascade'))
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('questionnaires.id'))
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('saved_by', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await createChangeTriggers(db, ['asset_questionnaires']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropChangeTriggers(db, ['asset_questionnaires']);
  for (const table of [
    'group_defaults', 'asset_questionnaire_transitions', 'asset_questionnaire_locks', 'asset_answer_changes',
    'asset_answer_documents', 'asset_answer_comments', 'asset_answers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('assets').dropColumn('questionnaire_state').execute();
  await db.schema.alterTable('assets').dropColumn('latest_questionnaire_id').execute();
  await db.schema.dropTable('asset_questionnaires').execute();
}
