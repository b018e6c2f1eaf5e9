import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires, DEMO_QUESTION_COUNT } from '@ecore/migrations/demo-questionnaires.ts';
import { allQuestions, type QuestionnaireTemplate } from '@ecore/core/questionnaires/template.ts';
import { activationProblems } from '@ecore/core/questionnaires/template-rules.ts';
import { createHarness, bearer, type Harness } from '../../testing/harness.ts';
import { sql } from 'kysely';
import { findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { createTemplateCache, scoredTemplate } from './template-cache.ts';

let h: Harness;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('templates', async () => {
    await seedDemoQuestionnaires(h.db);
  });
  for (const user of ['scoring', 'admin', 'collector']) tokens[user] = await h.login(user);
});

const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'de') =>
  h.app.inject({ method, url, payload, headers: { ...bearer(tokens[user]!), 'accept-language': language } });

const activeId = async () => (await call('scoring', 'GET', '/api/Questionnaire/active')).json<QuestionnaireTemplate>().id;
const duplicateActive = async (user = 'scoring') => call(user, 'POST', '/api/questionnaire', { sourceId: await activeId(), title: 'ECORE Fragebogen 2026', version: '2026_01' });

describe('the demo templates', () => {
  it('hold an active, valid, bilingual 2025_01 of at least 60 questions and an archived 2024_01', async () => {
    const res = await call('collector', 'GET', '/api/Questionnaire/active');
    expect(res.statusCode).toBe(200);
    const template = res.json<QuestionnaireTemplate>();
    expect(template).toMatchObject({ version: '2025_01', state: 'Active', type: 'Ecore' });
    const questions = allQuestions(template);
    expect(questions.length).toBe(DEMO_QUESTION_COUNT);
    expect(questions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(['SingleChoice', 'MultipleChoice', 'ValueQuestion', 'VirtualQuestion']));
    expect(new Set(questions.map((q) => q.virtualQuestionType).filter(Boolean))).toEqual(new Set(['DK', 'DW', 'Year']));
    expect(new Set(questions.map((q) => q.ambitionLevel))).toEqual(new Set(['A1', 'A2', 'A3']));
    expect(questions.map((q) => q.kpiKey)).toEqual(expect.arrayContaining(['finalEnergyTotal', 'co2', 'water', 'waste']));
    expect(questions.some((q) => q.taxonomyRelevant)).toBe(true);
    for (const q of questions.filter((x) => x.type === 'VirtualQuestion')) expect(questions.find((p) => p.id === q.parentQuestionId)?.type).toBe('ValueQuestion');
    expect(activationProblems({ ...template, state: 'Draft' })).toEqual([]);
    const list = await call('scoring', 'GET', '/api/questionnaire?list=archived');
    expect(list.json().items.map((t: { version: string }) => t.version)).toEqual(['2024_01']);
    expect(await seedDemoQuestionnaires(h.db)).toEqual({ seeded: false });
  });
});

describe("the template's title in both languages", () => {
  it('the demo template is titled in German and English; a save keeps the German title as `title` and the translations beside it', async () => {
    const active = (await call('scoring', 'GET', '/api/Questionnaire/active')).json<QuestionnaireTemplate>();
    expect(active.title).toBe('ECORE Fragebogen 2025');
    expect(active.translations).toEqual([{ language: 'de', title: 'ECORE Fragebogen 2025' }, { language: 'en', title: 'ECORE Questionnaire 2025' }]);

    // A copy starts with its new title alone, which English falls back to.
    const draft = (await duplicateActive()).json<QuestionnaireTemplate & { lockedStatus: unknown }>();
    expect(draft.translations).toEqual([]);
    const { lockedStatus: _l, ...body } = draft;
    const saved = await call('scoring', 'PUT', '/api/questionnaire', { ...body, title: 'ECORE Fragebogen 2026', translations: [{ language: 'de', title: 'ECORE Fragebogen 2026' }, { language: 'en', title: 'ECORE Questionnaire 2026' }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<QuestionnaireTemplate>()).toMatchObject({ title: 'ECORE Fragebogen 2026', translations: [{ language: 'de', title: 'ECORE Fragebogen 2026' }, { language: 'en', title: 'ECORE Questionnaire 2026' }] });
    const list = (await call('scoring', 'GET', '/api/questionnaire?list=active', undefined, 'en')).json<{ items: QuestionnaireTemplate[] }>();
    expect(list.items.find((t) => t.id === draft.id)?.translations?.find((t) => t.language === 'en')?.title).toBe('ECORE Questionnaire 2026');

    // A save without translations (an older client) keeps the stored ones.
    const again = saved.json<QuestionnaireTemplate & { lockedStatus: unknown }>();
    const { lockedStatus: _m, translations: _t, ...withoutTranslations } = again;
    expect((await call('scoring', 'PUT', '/api/questionnaire', withoutTranslations)).json<QuestionnaireTemplate>().translations).toEqual(again.translations);
  });
});

describe('who may do what', () => {
  it('lets only the scoring model manager list, create, edit, delete, activate, lock and export', async () => {
    const id = await activeId();
    for (const user of ['admin', 'collector']) {
      expect((await call(user, 'GET', '/api/questionnaire')).statusCode, user).toBe(403);
      expect((await call(user, 'POST', '/api/questionnaire', { title: 'x', version: '2026_01' })).statusCode, user).toBe(403);
      expect((await call(user, 'PUT', '/api/questionnaire', { title: 'x', version: '2026_01', type: 'Ecore' })).statusCode, user).toBe(403);
      expect((await call(user, 'DELETE', `/api/questionnaire/${id}`)).statusCode, user).toBe(403);
      expect((await call(user, 'PUT', `/api/questionnaire/${id}/activate`)).statusCode, user).toBe(403);
      expect((await call(user, 'PUT', `/api/questionnaire/${id}/lock?isLocked=true`)).statusCode, user).toBe(403);
      expect((await call(user, 'GET', `/api/export/questionnaire/${id}?exportFormat=2&language=de`)).statusCode, user).toBe(403);
      expect((await call(user, 'PUT', '/api/scoringtable', { kind: 'emissionFactors', csv: 'carrier;value\ngas;0.2' })).statusCode, user).toBe(403);
      // Reading the active template and the reference data is open to every signed-in user.
      expect((await call(user, 'GET', `/api/questionnaire/${id}`)).statusCode, user).toBe(200);
      expect((await call(user, 'GET', '/api/scoringtable?type=DW')).statusCode, user).toBe(200);
    }
    const archived = (await call('scoring', 'GET', '/api/questionnaire?list=archived')).json().items[0].id;
    expect((await call('collector', 'GET', `/api/questionnaire/${archived}`)).statusCode).toBe(404);
    expect((await call('scoring', 'GET', `/api/questionnaire/${archived}`)).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/questionnaire' })).statusCode).toBe(401);
  });
});

describe('creating and duplicating', () => {
  it('creates a draft with four clusters of 25 and refuses a second draft with questionnaire-create-onlyOnce', async () => {
    const res = await call('scoring', 'POST', '/api/questionnaire', { title: 'Neu', version: '2026_01', type: 'Ecore' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'Draft', version: '2026_01', modifiedBy: 'Sven Scoring' });
    expect(res.json().clusters.map((c: { weight: number }) => c.weight)).toEqual([25, 25, 25, 25]);
    const second = await call('scoring', 'PUT', '/api/questionnaire', { title: 'Noch einer', version: '2026_02', type: 'Ecore' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ key: 'questionnaire-create-onlyOnce' });
    const clone = await duplicateActive();
    expect(clone.statusCode).toBe(400);
    expect(clone.json().key).toBe('questionnaire-clone-onlyOnce');
    const list = (await call('scoring', 'GET', '/api/questionnaire?list=active')).json();
    expect(list.items.map((t: { state: string }) => t.state)).toEqual(['Draft', 'Active']);
    expect(list.counts).toEqual({ active: 2, archived: 1 });
  });

  it('duplicates the active template as a draft with every question and new ids', async () => {
    const res = await duplicateActive();
    expect(res.statusCode).toBe(201);
    const copy = res.json<QuestionnaireTemplate>();
    const source = (await call('scoring', 'GET', `/api/questionnaire/${await activeId()}`)).json<QuestionnaireTemplate>();
    expect(copy.state).toBe('Draft');
    expect(copy.clusters).toHaveLength(4);
    expect(allQuestions(copy).map((q) => q.staticTitle)).toEqual(allQuestions(source).map((q) => q.staticTitle));
    const sourceIds = new Set(allQuestions(source).map((q) => q.id));
    expect(allQuestions(copy).some((q) => sourceIds.has(q.id))).toBe(false);
    // Virtual questions point at the copy's own value questions.
    const copyIds = new Set(allQuestions(copy).map((q) => q.id));
    for (const q of allQuestions(copy).filter((x) => x.type === 'VirtualQuestion')) expect(copyIds.has(q.parentQuestionId)).toBe(true);
  });
});

describe('editing', () => {
  it('saves new items sent with null ids, drops left-out ones, and answers 409 to a stale revision', async () => {
    const draft = (await duplicateActive()).json<QuestionnaireTemplate & { lockedStatus: unknown; maxScore?: number }>();
    const { lockedStatus: _l, ...body } = draft as QuestionnaireTemplate & { lockedStatus: unknown };
    const section = body.clusters[0]!.categories[0]!.sections[0]!;
    const removed = section.questions.shift()!;
    section.questions.push({
      ...section.questions[0]!, id: null, staticTitle: 'G-NEU', order: 99,
      translations: [{ language: 'de', title: 'Neue Frage', description: '', clarification: '' }, { language: 'en', title: 'New question', description: '', clarification: '' }],
      options: [1, 2, 3].map((n) => ({ id: null, text: `O${n}`, score: n, order: n, isExclusive: false, translations: [{ language: 'de' as const, text: `Option ${n}` }, { language: 'en' as const, text: `Option ${n} en` }] })),
    });
    const saved = await call('scoring', 'PUT', '/api/questionnaire', body);
    expect(saved.statusCode).toBe(200);
    const stored = saved.json<QuestionnaireTemplate>();
    expect(stored.revision).toBe(draft.revision + 1);
    const questions = allQuestions(stored);
    expect(questions.some((q) => q.id === removed.id)).toBe(false);
    const added = questions.find((q) => q.staticTitle === 'G-NEU')!;
    expect(added.id).toBeGreaterThan(0);
    expect(added.options.map((o) => o.translations.find((t) => t.language === 'en')?.text)).toEqual(['Option 1 en', 'Option 2 en', 'Option 3 en']);
    // The same body again names the old revision.
    const stale = await call('scoring', 'PUT', '/api/questionnaire', body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('questionnaire-stale');
  });

  it('refuses ids of another template and edits of the active template', async () => {
    const active = (await call('scoring', 'GET', `/api/questionnaire/${await activeId()}`)).json();
    const notDraft = await call('scoring', 'PUT', '/api/questionnaire', { ...active, lockedStatus: undefined });
    expect(notDraft.statusCode).toBe(400);
    expect(notDraft.json().key).toBe('questionnaire-not-editable');
    const draft = (await duplicateActive()).json();
    draft.clusters[0].categories[0].id = active.clusters[0].categories[0].id;
    const foreign = await call('scoring', 'PUT', '/api/questionnaire', { ...draft, lockedStatus: undefined });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().key).toBe('questionnaire-ids-invalid');
  });

  it('refuses a parentQuestionId that names no question of the template (issue 9) and stores nothing', async () => {
    const draft = (await duplicateActive()).json();
    const question = draft.clusters[0].categories[0].sections[0].questions[0];
    question.parentQuestionId = 2_000_000_000;
    const res = await call('scoring', 'PUT', '/api/questionnaire', { ...draft, lockedStatus: undefined });
    expect(res.json()).toMatchObject({ statusCode: 400, key: 'questionnaire-ids-invalid' });
    const stored = (await call('scoring', 'GET', `/api/questionnaire/${draft.id}`)).json();
    expect(stored.revision).toBe(draft.revision);
    expect(allQuestions(stored).some((q) => q.parentQuestionId === 2_000_000_000)).toBe(false);
  });
});

describe('locks', () => {
  it('opens a draft locked by another user read-only (423 naming the holder) until 30 idle minutes have passed', async () => {
    const draft = (await duplicateActive()).json();
    await h.db.updateTable('users').set({ roles: [3] }).where('user_name', '=', 'admin').execute();
    tokens.admin = await h.login('admin');
    expect((await call('scoring', 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`)).statusCode).toBe(200);
    const locked = await call('admin', 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({
      statusCode: 423, key: 'questionnaire-locked', lockedStatus: { currentLockerName: 'Sven Scoring' },
      message: 'Der Fragebogen wird gerade von Sven Scoring bearbeitet und ist für Sie schreibgeschützt.',
    });
    expect((await call('admin', 'GET', `/api/questionnaire/${draft.id}`)).json().lockedStatus).toEqual({ currentLockerName: 'Sven Scoring' });
    expect((await call('admin', 'PUT', '/api/questionnaire', { ...draft, lockedStatus: undefined })).statusCode).toBe(423);
    expect((await call('admin', 'DELETE', `/api/questionnaire/${draft.id}`)).statusCode).toBe(423);
    h.clock.now += 30 * 60 * 1000;
    expect((await call('admin', 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`)).statusCode).toBe(200);
    expect((await call('admin', 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=false`)).statusCode).toBe(200);
    expect((await call('scoring', 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`)).statusCode).toBe(200);
  });

  it('counts the 30 idle minutes from the last refresh of the holder, not from when the lock was taken', async () => {
    const draft = (await duplicateActive()).json();
    await h.db.updateTable('users').set({ roles: [3] }).where('user_name', '=', 'admin').execute();
    tokens.admin = await h.login('admin');
    const lockAsScoring = () => call('scoring', 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`);
    const lockAsAdmin = () => call('admin', 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`);
    const start = h.clock.now;
    expect((await lockAsScoring()).statusCode).toBe(200);
    h.clock.now = start + 25 * 60 * 1000;
    // The editor's heartbeat: refreshing one's own lock answers 200 and moves the last activity.
    expect((await lockAsScoring()).statusCode).toBe(200);
    const stored = await h.db.selectFrom('questionnaire_locks').selectAll().where('questionnaire_id', '=', draft.id).executeTakeFirstOrThrow();
    expect(stored.since.getTime()).toBe(start);
    expect(stored.last_activity.getTime()).toBe(start + 25 * 60 * 1000);
    h.clock.now = start + 40 * 60 * 1000;
    const blocked = await lockAsAdmin();
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json().lockedStatus).toEqual({ currentLockerName: 'Sven Scoring' });
    // Saving is activity too: a save at 40 min keeps the lock beyond 55 min.
    const current = (await call('scoring', 'GET', `/api/questionnaire/${draft.id}`)).json();
    expect((await call('scoring', 'PUT', '/api/questionnaire', { ...current, lockedStatus: undefined })).statusCode).toBe(200);
    h.clock.now = start + 69 * 60 * 1000;
    expect((await lockAsAdmin()).statusCode).toBe(423);
    // 30 minutes after the last activity (the save at 40 min) the lock has expired and another user takes it.
    h.clock.now = start + 70 * 60 * 1000;
    expect((await lockAsAdmin()).statusCode).toBe(200);
    // The former holder's heartbeat now answers 423 naming the new holder.
    const lost = await lockAsScoring();
    expect(lost.statusCode).toBe(423);
    expect(lost.json().lockedStatus).toEqual({ currentLockerName: 'Anna Admin' });
  });
});

describe('activating and deleting', () => {
  it('activates a valid draft and archives the previously active template', async () => {
    const previous = await activeId();
    const draft = (await duplicateActive()).json();
    expect((await call('scoring', 'PUT', `/api/questionnaire/${draft.id}/activate`)).statusCode).toBe(204);
    expect(await activeId()).toBe(draft.id);
    expect((await call('scoring', 'GET', `/api/questionnaire/${previous}`)).json().state).toBe('Archived');
    const archived = (await call('scoring', 'GET', '/api/questionnaire?list=archived')).json();
    expect(archived.items.map((t: { version: string }) => t.version)).toEqual(['2025_01', '2024_01']);
  });

  it('refuses an invalid draft with questionnaire-activate-invalid naming what is wrong', async () => {
    const draft = (await call('scoring', 'POST', '/api/questionnaire', { title: 'Leer', version: '2026_01' })).json();
    const res = await call('scoring', 'PUT', `/api/questionnaire/${draft.id}/activate`, undefined, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'questionnaire-activate-invalid', message: 'The questionnaire cannot be activated: the questionnaire has no questions' });
    expect((await call('scoring', 'PUT', '/api/questionnaire/99999/activate')).statusCode).toBe(404);
  });

  it('deletes drafts only', async () => {
    const draft = (await duplicateActive()).json();
    const active = await call('scoring', 'DELETE', `/api/questionnaire/${await activeId()}`);
    expect(active.statusCode).toBe(400);
    expect(active.json()).toMatchObject({ key: 'questionnaire-delete-not-draft', message: 'Nur Entwürfe können gelöscht werden.' });
    expect((await call('scoring', 'DELETE', `/api/questionnaire/${draft.id}`)).statusCode).toBe(204);
    expect((await call('scoring', 'GET', `/api/questionnaire/${draft.id}`)).statusCode).toBe(404);
    expect((await call('scoring', 'DELETE', `/api/questionnaire/${draft.id}`)).statusCode).toBe(404);
  });
});

describe('export', () => {
  it('answers an Excel file that opens as a workbook with every question in the chosen language', async () => {
    const id = await activeId();
    const res = await call('scoring', 'GET', `/api/export/questionnaire/${id}?exportFormat=2&language=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="questionnaire-2025_01-en.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.getWorksheet('Questions')!;
    expect(sheet.rowCount).toBe(DEMO_QUESTION_COUNT + 1);
    expect(sheet.getRow(1).getCell(7).value).toBe('Question');
    const titles = sheet.getColumn(7).values.slice(2);
    expect(titles).toContain('Total final energy consumption (kWh/m²/a)');
    expect(book.getWorksheet('Metadata')!.getRow(2).getCell(2).value).toBe('2025_01');
  });

  it('answers CSV and JSON', async () => {
    const id = await activeId();
    const csv = await call('scoring', 'GET', `/api/export/questionnaire/${id}?exportFormat=1&language=de`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('Kategorie;Abschnitt');
    expect(csv.body).toContain('Endenergieverbrauch gesamt');
    const json = await call('scoring', 'GET', `/api/export/questionnaire/${id}?exportFormat=0&language=de`);
    expect(JSON.parse(json.body)).toMatchObject({ version: '2025_01', language: 'de' });
    expect((await call('scoring', 'GET', `/api/export/questionnaire/${id}?exportFormat=7&language=de`)).statusCode).toBe(400);
  });
});

describe('reference data', () => {
  it('answers the illustrative demo set, and replaces it by a CSV import', async () => {
    const demo = (await call('collector', 'GET', '/api/scoringtable?type=Year')).json();
    expect(demo.dataSet).toMatchObject({ illustrative: true });
    expect(demo.dataSet.note).toMatch(/[Ii]llustrative/);
    expect(demo.values.every((v: { kind: string }) => v.kind === 'pathway')).toBe(true);
    expect(demo.emissionFactors.length).toBeGreaterThan(0);

    const csv = 'kind;metric;country;assetClass;year;value\naverage;energy;DE;OFF;2025;170,5\naverage;carbon;DE;OFF;2025;40';
    const imported = await call('scoring', 'PUT', '/api/scoringtable', { kind: 'referenceValues', csv, dataSetName: 'Benchmark 2025' });
    expect(imported.json()).toEqual({ imported: 2 });
    const after = (await call('scoring', 'GET', '/api/scoringtable?type=DW')).json();
    expect(after.dataSet).toMatchObject({ name: 'Benchmark 2025', illustrative: false });
    expect(after.values).toEqual([
      { kind: 'average', metric: 'carbon', country: 'DE', assetClass: 'OFF', year: 2025, value: 40 },
      { kind: 'average', metric: 'energy', country: 'DE', assetClass: 'OFF', year: 2025, value: 170.5 },
    ]);
    const bad = await call('scoring', 'PUT', '/api/scoringtable', { kind: 'referenceValues', csv: 'kind;metric;country;assetClass;year;value\naverage;energy;DE;XYZ;2025;1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ key: 'scoringtable-import-invalid', message: 'Die CSV-Datei enthält ungültige Zeilen: 2 (assetClass)' });
    // The form lists the row errors from `fields`: one per refused row, naming line and column.
    const twoBad = await call('scoring', 'PUT', '/api/scoringtable', {
      kind: 'emissionFactors', dataSetName: 'Faktoren', csv: 'carrier;country;year;value\ngas;;0;0,2\ncoal;;0;0,3\noil;;0;x',
    }, 'en');
    expect(twoBad.statusCode).toBe(400);
    expect(twoBad.json().fields).toEqual([
      { path: 'rows.3.carrier', key: 'validation-generic', message: 'Please check your input' },
      { path: 'rows.4.value', key: 'validation-generic', message: 'Please check your input' },
    ]);
    // A refused import leaves the stored data set as it was.
    expect((await call('scoring', 'GET', '/api/scoringtable?type=Year')).json().emissionFactorSet).toMatchObject({ illustrative: true });
  });
});

describe('the template cache', () => {
  it('reads a template’s structure once and answers it again while its revision stays', async () => {
    const cache = createTemplateCache(h.db);
    const id = await activeId();
    const first = await cache.get(id);
    expect(first).toEqual(scoredTemplate((await findTemplate(h.db, id))!));
    expect(await cache.get(id)).toBe(first);
    expect(cache.stats.structureReads).toBe(1);
    expect(await cache.get(999_999)).toBeNull();
  });

  it('reads it again after a change of revision, and after the template was stored anew under the same id', async () => {
    const cache = createTemplateCache(h.db);
    const id = await activeId();
    await cache.get(id);
    await sql`update questionnaires set title = 'Geändert', version = version + 1 where id = ${id}`.execute(h.db);
    expect((await cache.get(id))?.title).toBe('Geändert');
    expect(cache.stats.structureReads).toBe(2);
    // The tests empty the tables and seed again: same id, same revision, another row.
    await h.reset();
    await seedDemoQuestionnaires(h.db);
    expect((await cache.get(id))?.title).not.toBe('Geändert');
    expect(cache.stats.structureReads).toBe(3);
  });
});

describe('GET /api/questionnaire/{id} through the cache', () => {
  it('answers a save and an activation at once', async () => {
    const oldId = await activeId();
    expect((await call('collector', 'GET', `/api/questionnaire/${oldId}`)).statusCode).toBe(200);
    const draft = (await call('scoring', 'POST', '/api/questionnaire', { sourceId: oldId, title: 'Entwurf', version: '2026_01' })).json<QuestionnaireTemplate>();
    expect((await call('scoring', 'GET', `/api/questionnaire/${draft.id}`)).json().title).toBe('Entwurf');
    const saved = await call('scoring', 'PUT', '/api/questionnaire', { ...draft, lockedStatus: undefined, title: 'Entwurf 2' });
    expect(saved.statusCode).toBe(200);
    expect((await call('scoring', 'GET', `/api/questionnaire/${draft.id}`)).json()).toMatchObject({ title: 'Entwurf 2', revision: draft.revision + 1 });
    // Before the activation others do not see the draft; after it they see it, and no longer the old one.
    expect((await call('collector', 'GET', `/api/questionnaire/${draft.id}`)).statusCode).toBe(404);
    expect((await call('scoring', 'PUT', `/api/questionnaire/${draft.id}/activate`)).statusCode).toBe(204);
    expect((await call('collector', 'GET', `/api/questionnaire/${draft.id}`)).json().state).toBe('Active');
    expect((await call('collector', 'GET', `/api/questionnaire/${oldId}`)).statusCode).toBe(404);
    expect((await call('collector', 'GET', '/api/Questionnaire/active')).json().id).toBe(draft.id);
  });
});
