import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { duplicateContent } from '@ecore/core/questionnaires/template-rules.ts';
import { allQuestions } from '@ecore/core/questionnaires/template.ts';
import type { Database } from '../database.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { applyStateChangesToDb, findActiveTemplateId, findTemplate, findTemplateStates, insertTemplate, listTemplates, saveTemplate } from './templates-repository.ts';
import { deleteTemplateLock, findTemplateLock, writeTemplateLock } from './locks-repository.ts';

const author = { name: 'Sven Scoring', at: new Date('2026-11-22T09:00:00Z') };

describe.each(testDatabases())('questionnaire repositories on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await sql`truncate questionnaires, scoring_reference_values, scoring_emission_factors, scoring_data_sets restart identity cascade`.execute(database.db);
    await seedDemoQuestionnaires(database.db);
  });

  it('reads back a duplicated template item for item, and saves it again keeping the ids', async () => {
    const active = (await findTemplate(database.db, (await findActiveTemplateId(database.db, 'Ecore'))!))!;
    const id = await database.db.transaction().execute((trx) => insertTemplate(trx, duplicateContent(active, { version: '2026_01' }), 'Draft', author));
    const copy = (await findTemplate(database.db, id))!;
    const strip = (t: typeof active) => allQuestions(t).map(({ id: _i, parentQuestionId: _p, options, ...q }) => ({ ...q, options: options.map(({ id: _o, ...o }) => o) }));
    expect(strip(copy)).toEqual(strip(active));
    expect(await saveTemplate(database.db, id, copy.revision, copy, author)).toBe(true);
    const again = (await findTemplate(database.db, id))!;
    expect(allQuestions(again).map((q) => [q.id, q.parentQuestionId])).toEqual(allQuestions(copy).map((q) => [q.id, q.parentQuestionId]));
    expect(await saveTemplate(database.db, id, copy.revision, copy, author)).toBe(false);
  });

  it('keeps one draft and one active template per type in the database too', async () => {
    const active = (await findTemplate(database.db, (await findActiveTemplateId(database.db, 'Ecore'))!))!;
    const draft = await insertTemplate(database.db, duplicateContent(active), 'Draft', author);
    await expect(insertTemplate(database.db, duplicateContent(active), 'Draft', author)).rejects.toThrow();
    await applyStateChangesToDb(database.db, [{ id: draft, from: 'Draft', to: 'Active' }, { id: active.id, from: 'Active', to: 'Archived' }], author);
    expect((await findTemplateStates(database.db)).filter((t) => t.state === 'Active').map((t) => t.id)).toEqual([draft]);
    const page = await listTemplates(database.db, { list: 'archived', page: 1, pageSize: 5, search: '2024' });
    expect(page).toMatchObject({ total: 1, counts: { active: 0, archived: 1 } });
  });

  it('stores, refreshes and releases template locks', async () => {
    const id = (await findActiveTemplateId(database.db, 'Ecore'))!;
    await writeTemplateLock(database.db, id, { userId: 1, holderName: 'A', since: 1000, lastActivity: 1000 });
    await writeTemplateLock(database.db, id, { userId: 2, holderName: 'B', since: 5000, lastActivity: 6000 });
    expect(await findTemplateLock(database.db, id)).toEqual({ userId: 2, holderName: 'B', since: 5000, lastActivity: 6000 });
    await deleteTemplateLock(database.db, id);
    expect(await findTemplateLock(database.db, id)).toBeNull();
  });
});
