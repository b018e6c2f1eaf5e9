import { sql, type Kysely } from 'kysely';

// Questionnaire templates with their structure and translations, template locks, and the reference data
// of the scoring model (spec 02 §3, §4; DOMAIN.md §5, §7, §9). Every structure table carries the
// template id, so that a whole template loads with one query per table.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('questionnaires')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('Draft'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('Ecore'))
    .addColumn('version_label', 'text', (c) => c.notNull())
    .addColumn('taxonomy_compliance', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('scored_ambition_levels', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{A1}'::text[]`))
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('modified_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The database keeps the rules too: one draft in all, one active template per type.
  await sql`create unique index questionnaires_one_draft on questionnaires ((state)) where state = 'Draft'`.execute(db);
  await sql`create unique index questionnaires_one_active_per_type on questionnaires (type) where state = 'Active'`.execute(db);
  await db.schema.createIndex('questionnaires_state_idx').on('questionnaires').columns(['state', 'modified_at']).execute();

  const owned = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'));

  await owned('questionnaire_clusters')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('cluster_identifier', 'text', (c) => c.notNull())
    .addColumn('weight', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('finance_weight', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('is_taxonomy_cluster', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await owned('questionnaire_categories')
    .addColumn('cluster_id', 'integer', (c) => c.notNull().references('questionnaire_clusters.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await owned('questionnaire_sections')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('questionnaire_categories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('weight', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('finance_weight', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();

  await owned('questionnaire_questions')
    .addColumn('section_id', 'integer', (c) => c.notNull().references('questionnaire_sections.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('static_title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('asset_types', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('cluster_type', 'text')
    .addColumn('taxonomy_relevant', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('relevant_for_review', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_green_house_gas', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('score_type', 'text', (c) => c.notNull().defaultTo('Ecore'))
    .addColumn('virtual_question_type', 'text')
    .addColumn('average_variator', 'double precision')
    // No foreign key: a template's questions are written in one go and parents are linked afterwards.
    .addColumn('parent_question_id', 'integer')
    .addColumn('basic_question', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('average_value', 'double precision')
    .addColumn('virtual_max_score', 'double precision')
    .addColumn('ambition_level', 'text', (c) => c.notNull().defaultTo('A1'))
    .addColumn('kpi_key', 'text')
    .execute();

  await owned('questionnaire_options')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questionnaire_questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('is_exclusive', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  const translations = (name: string, owner: string, ownerTable: string) =>
    db.schema
      .createTable(name)
      .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
      .addColumn(owner, 'integer', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${name}_pkey`, [owner, 'language']);

  await translations('questionnaire_category_translations', 'category_id', 'questionnaire_categories').addColumn('name', 'text', (c) => c.notNull()).execute();
  await translations('questionnaire_section_translations', 'section_id', 'questionnaire_sections').addColumn('name', 'text', (c) => c.notNull()).execute();
  await translations('questionnaire_question_translations', 'question_id', 'questionnaire_questions')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('clarification', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await translations('questionnaire_option_translations', 'option_id', 'questionnaire_options').addColumn('text', 'text', (c) => c.notNull()).execute();

  for (const table of [
    'questionnaire_clusters', 'questionnaire_categories', 'questionnaire_sections', 'questionnaire_questions', 'questionnaire_options',
    'questionnaire_category_translations', 'questionnaire_section_translations', 'questionnaire_question_translations', 'questionnaire_option_translations',
  ]) {
    await db.schema.createIndex(`${table}_questionnaire_idx`).on(table).column('questionnaire_id').execute();
  }

  await db.schema
    .createTable('questionnaire_locks')
    .addColumn('questionnaire_id', 'integer', (c) => c.primaryKey().references('questionnaires.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addColumn('last_activity', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scoring_data_sets')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('illustrative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('imported_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('scoring_reference_values')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('asset_class', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addUniqueConstraint('scoring_reference_values_key', ['kind', 'metric', 'country', 'asset_class', 'year'])
    .execute();

  await db.schema
    .createTable('scoring_emission_factors')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('year', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addUniqueConstraint('scoring_emission_factors_key', ['carrier', 'country', 'year'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'scoring_emission_factors', 'scoring_reference_values', 'scoring_data_sets', 'questionnaire_locks',
    'questionnaire_option_translations', 'questionnaire_question_translations', 'questionnaire_section_translations', 'questionnaire_category_translations',
    'questionnaire_options', 'questionnaire_questions', 'questionnaire_sections', 'questionnaire_categories', 'questionnaire_clusters', 'questionnaires',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
