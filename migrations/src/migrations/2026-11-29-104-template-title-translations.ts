import { sql, type Kysely } from 'kysely';

/**
 * A template's title is bilingual like its questions: `title_translations` holds `[{ language, title }]` beside the
 * `title` kept as it was (the German one). The demo templates get their English titles.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questionnaires').addColumn('title_translations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
  for (const year of ['2024', '2025']) {
    await sql`update questionnaires
      set title_translations = jsonb_build_array(jsonb_build_object('language', 'de', 'title', title), jsonb_build_object('language', 'en', 'title', ${`ECORE Questionnaire ${year}`}::text))
      where title = ${`ECORE Fragebogen ${year}`} and title_translations = '[]'::jsonb`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questionnaires').dropColumn('title_translations').execute();
}
