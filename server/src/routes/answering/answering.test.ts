import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type SqlBool } from 'kysely';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { bearer, createHarness, multipartFile, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('templates', async () => {
    await seedDemoQuestionnaires(h.db);
  });
});

const assetId = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const OFFICE = 'Bürohaus Mainzer Landstraße';

interface Question {
  id: number;
  staticTitle: string;
  type: string;
  kpiKey: string | null;
  options: { id: number; isExclusive: boolean; text: string }[];
}
interface Filled {
  id: number;
  questionnaireId: number;
  title: string;
  version: string;
  assetQuestionnaireState: string;
  progress: { answered: number; total: number };
  clusters: { categories: { sections: { questions: Question[] }[] }[] }[];
  answers: { id: number; questionId: number; inputAnswer: number | null; multipleChoiceOption: number[]; state: string | null; provenance?: string | null; comments: unknown[]; documents: { id: number }[] }[];
  lockedStatus: { isLocked: boolean; currentLockerName: string | null; lastActivity: string | null };
  canBeSubmitted: boolean;
  groupDefaults: { groupName: string } | null;
}

const questionsOf = (f: Filled) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));
const ofType = (f: Filled, type: string) => questionsOf(f).filter((q) => q.type === type);

/** Starts the questionnaire of an object as the collector. */
const start = async (name = OFFICE, user: DemoUserName = 'collector') => {
  const id = await assetId(name);
  const res = await h.as(user, 'POST', `/api/asset/${id}/questionnaire`);
  expect(res.statusCode, res.body).toBe(201);
  return { id, filled: res.json<Filled>() };
};

/** A valid answer for every answerable question. */
const fullAnswers = (assetIdValue: number, f: Filled) =>
  questionsOf(f)
    .filter((q) => q.type !== 'VirtualQuestion')
    .map((q) =>
      q.type === 'ValueQuestion'
        ? { assetId: assetIdValue, questionId: q.id, inputAnswer: 12.5 }
        : { assetId: assetIdValue, questionId: q.id, multipleChoiceOption: [q.options.find((o) => !o.isExclusive)?.id ?? q.options[0]!.id] },
    );

const save = (user: DemoUserName, body: object[]) => h.as(user, 'PUT', '/api/asset/answer', body);

describe('starting and reading a filled questionnaire', () => {
  it('starts on the active template, shows only applicable questions, and the object list shows its state, version and progress', async () => {
    const { id, filled } = await start();
    expect(filled).toMatchObject({ version: '2025_01', assetQuestionnaireState: 'Active', progress: { answered: 0 } });
    expect(filled.progress.total).toBeGreaterThan(10);
    // An office object gets no question meant only for other classes.
    const hotelOnly = await h.db.selectFrom('questionnaire_questions').select('id').where('questionnaire_id', '=', filled.questionnaireId).where(sqlArrayExcludesOff).execute();
    const shown = new Set(questionsOf(filled).map((q) => q.id));
    for (const q of hotelOnly) expect(shown.has(q.id)).toBe(false);

    const list = (await h.as('collector', 'GET', '/api/asset?pageSize=100')).json().items.find((a: { id: number }) => a.id === id);
    expect(list).toMatchObject({ status: 'Active', questionnaireVersion: '2025_01', progress: { answered: 0, total: filled.progress.total } });
    expect((await h.as('collector', 'GET', `/api/asset?assetState=Active`)).json().items.map((a: { id: number }) => a.id)).toEqual([id]);
    const latest = await h.as('analyst', 'GET', `/api/asset/${id}/questionnaire/latest`);
    expect(latest.json().id).toBe(filled.id);
    const simplified = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/simplified`)).json();
    expect(simplified).toEqual([expect.objectContaining({ id: filled.id, version: '2025_01', assetQuestionnaireState: 'Active' })]);
  });

  it('refuses a second start while one is open (409), and 404 for another organisation and for testers not assigned', async () => {
    const { id } = await start();
    await h.expectRefused(() => h.as('objectadmin', 'POST', `/api/asset/${id}/questionnaire`), { statusCode: 409, key: 'questionnaire-start-error' });
    await h.expectRefused(() => h.as('bank', 'POST', `/api/asset/${id}/questionnaire`), { statusCode: 404 });
    await h.expectRefused(() => h.as('tester', 'GET', `/api/asset/${id}/questionnaire/latest`), { statusCode: 404 });
    await h.expectRefused(() => h.as('analyst', 'POST', `/api/asset/${id}/questionnaire`), { statusCode: 403 });
  });

  it('deletes an unreviewed questionnaire (object administrator) and the object is "not started" again', async () => {
    const { id, filled } = await start();
    await h.expectRefused(() => h.as('collector', 'DELETE', `/api/asset/${id}/questionnaire/${filled.id}`), { statusCode: 403 });
    expect((await h.as('objectadmin', 'DELETE', `/api/asset/${id}/questionnaire/${filled.id}`)).statusCode).toBe(204);
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json()).toMatchObject({ status: null, questionnaireId: null });
  });
});

const sqlArrayExcludesOff = sql<SqlBool>`cardinality(asset_types) > 0 and not ('OFF' = any(asset_types))`;

describe('PUT /api/asset/answer', () => {
  it('saves answers of every type, clears one, and writes the change log', async () => {
    const { id, filled } = await start();
    const single = ofType(filled, 'SingleChoice')[0]!;
    const multiple = ofType(filled, 'MultipleChoice').find((q) => q.options.length >= 2)!;
    const value = ofType(filled, 'ValueQuestion')[0]!;
    const res = await save('collector', [
      { assetId: id, questionId: single.id, multipleChoiceOption: [single.options[0]!.id] },
      { assetId: id, questionId: multiple.id, multipleChoiceOption: multiple.options.filter((o) => !o.isExclusive).slice(0, 2).map((o) => o.id) },
      { assetId: id, questionId: value.id, inputAnswer: 123.45 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().progress.answered).toBe(3);
    expect(res.json().answers.map((a: { state: string }) => a.state)).toEqual(['Answered', 'Answered', 'Answered']);

    await save('collector', [{ assetId: id, questionId: value.id, inputAnswer: 100 }]);
    const cleared = await save('collector', [{ assetId: id, questionId: value.id, inputAnswer: null }]);
    expect(cleared.json().answers[0]).toMatchObject({ state: null, inputAnswer: null });
    expect(cleared.json().progress.answered).toBe(2);

    const log = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}/changelog?questionId=${value.id}`)).json();
    expect(log.map((e: { kind: string }) => e.kind)).toEqual(['RemovedAnswer', 'ModifiedAnswer', 'Answered']);
    expect(log[1]).toMatchObject({ userName: 'Carl Collector', oldValue: expect.stringContaining('123,45'), newValue: expect.stringContaining('100') });
    const english = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}/changelog?questionId=${value.id}`, undefined, 'en')).json();
    expect(english[1].oldValue).toContain('123.45');
  });

  it.each([
    ['an unknown question', (q: { single: Question; multiple: Question; value: Question; virtual: Question | undefined }) => ({ questionId: 999999, multipleChoiceOption: [q.single.options[0]!.id] }), '0.questionId', 'answer-question-unknown'],
    ['an option of another question', (q: { single: Question; multiple: Question }) => ({ questionId: q.single.id, multipleChoiceOption: [q.multiple.options[0]!.id] }), '0.multipleChoiceOption.0', 'answer-option-unknown'],
    ['two options on a single-choice question', (q: { single: Question }) => ({ questionId: q.single.id, multipleChoiceOption: q.single.options.slice(0, 2).map((o) => o.id) }), '0.multipleChoiceOption', 'answer-single-choice-one'],
    ['a negative number', (q: { value: Question }) => ({ questionId: q.value.id, inputAnswer: -1 }), '0.inputAnswer', 'answer-value-negative'],
    ['an absurd number', (q: { value: Question }) => ({ questionId: q.value.id, inputAnswer: 1e12 }), '0.inputAnswer', 'answer-value-too-large'],
    ['a number on a choice question', (q: { single: Question }) => ({ questionId: q.single.id, inputAnswer: 3 }), '0.inputAnswer', 'answer-kind-mismatch'],
    ['a provenance outside the three', (q: { value: Question }) => ({ questionId: q.value.id, inputAnswer: 10, provenance: 'metered' }), '0.provenance', 'answer-provenance-unknown'],
    ['a provenance on a choice question', (q: { single: Question }) => ({ questionId: q.single.id, multipleChoiceOption: [q.single.options[0]!.id], provenance: 'estimated' }), '0.provenance', 'answer-kind-mismatch'],
  ] as const)('refuses %s with 400, its key and nothing stored', async (_name, make, path, key) => {
    const { id, filled } = await start();
    const questions = {
      single: ofType(filled, 'SingleChoice').find((q) => q.options.length >= 2)!,
      multiple: ofType(filled, 'MultipleChoice')[0]!,
      value: ofType(filled, 'ValueQuestion')[0]!,
      virtual: ofType(filled, 'VirtualQuestion')[0],
    };
    const body = await h.expectRefused(() => save('collector', [{ assetId: id, ...(make as (x: typeof questions) => object)(questions) }]), { statusCode: 400, fields: [{ path, key }] });
    expect(body.fields?.[0]).toBeDefined();
  });

  it('a figure says where it comes from: measured unless said, estimated when said, kept when not said again, its change logged in both languages', async () => {
    const { id, filled } = await start();
    const value = ofType(filled, 'ValueQuestion')[0]!;
    const provenanceOf = async () => (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json<Filled>().answers.find((a) => a.questionId === value.id)?.provenance;
    const first = await save('collector', [{ assetId: id, questionId: value.id, inputAnswer: 120 }]);
    expect(first.statusCode).toBe(200);
    expect(await provenanceOf()).toBe('measured');
    expect((await save('collector', [{ assetId: id, questionId: value.id, inputAnswer: 120, provenance: 'estimated' }])).statusCode).toBe(200);
    expect(await provenanceOf()).toBe('estimated');
    // Saved again without a provenance, the figure keeps its own.
    expect((await save('collector', [{ assetId: id, questionId: value.id, inputAnswer: 130 }])).statusCode).toBe(200);
    expect(await provenanceOf()).toBe('estimated');
    const log = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}/changelog?questionId=${value.id}`)).json();
    expect(log.map((e: { kind: string }) => e.kind)).toEqual(['ModifiedAnswer', 'ModifiedProvenance', 'Answered']);
    expect(log[1]).toMatchObject({ oldValue: expect.stringMatching(/ · gemessen$/), newValue: expect.stringMatching(/ · geschätzt$/) });
    const english = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}/changelog?questionId=${value.id}`, undefined, 'en')).json();
    expect(english[1].newValue).toMatch(/ · estimated$/);
    // A choice has none; a refused provenance stores nothing.
    const single = ofType(filled, 'SingleChoice')[0]!;
    await save('collector', [{ assetId: id, questionId: single.id, multipleChoiceOption: [single.options[0]!.id] }]);
    const answers = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json<Filled>().answers;
    expect(answers.find((a) => a.questionId === single.id)?.provenance).toBeNull();
    await h.expectRefused(() => save('collector', [{ assetId: id, questionId: value.id, inputAnswer: 140, provenance: 'guessed' }]), { statusCode: 400, fields: [{ path: '0.provenance', key: 'answer-provenance-unknown' }] });
    expect(await provenanceOf()).toBe('estimated');
  });

  it('refuses text in a number and an exclusive option beside another, in English too', async () => {
    const { id, filled } = await start();
    const value = ofType(filled, 'ValueQuestion')[0]!;
    await h.expectRefused(() => save('collector', [{ assetId: id, questionId: value.id, inputAnswer: '12,5' }]), { statusCode: 400 });
    const exclusive = ofType(filled, 'MultipleChoice').find((q) => q.options.some((o) => o.isExclusive) && q.options.some((o) => !o.isExclusive));
    if (exclusive) {
      const res = await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: id, questionId: exclusive.id, multipleChoiceOption: [exclusive.options.find((o) => !o.isExclusive)!.id, exclusive.options.find((o) => o.isExclusive)!.id] }], 'en');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0].key).toBe('answer-exclusive-alone');
    }
  });

  it('refuses an answer to a virtual question', async () => {
    const { id, filled } = await start();
    const virtual = ofType(filled, 'VirtualQuestion')[0];
    if (!virtual) return;
    await h.expectRefused(() => save('collector', [{ assetId: id, questionId: virtual.id, inputAnswer: 1 }]), { statusCode: 400, fields: [{ path: '0.questionId', key: 'answer-virtual' }] });
  });

  it('keeps all of 20 concurrent saves of different answers', async () => {
    const { id, filled } = await start();
    const token = await h.login('collector');
    const items = fullAnswers(id, filled).slice(0, 20);
    const results = await Promise.all(items.map((item) => h.app.inject({ method: 'PUT', url: '/api/asset/answer', headers: bearer(token), payload: [item] })));
    expect(results.map((r) => r.statusCode)).toEqual(items.map(() => 200));
    const after = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json<Filled>();
    expect(after.answers.filter((a) => a.state === 'Answered')).toHaveLength(20);
    expect(after.progress.answered).toBe(20);
  });

  it('leaves one consistent answer and two change-log entries for two concurrent saves of the same answer', async () => {
    const { id, filled } = await start();
    const value = ofType(filled, 'ValueQuestion')[0]!;
    const [a, b] = await Promise.all([h.login('collector'), h.login('objectadmin')]);
    const results = await Promise.all([
      h.app.inject({ method: 'PUT', url: '/api/asset/answer', headers: bearer(a), payload: [{ assetId: id, questionId: value.id, inputAnswer: 1 }] }),
      h.app.inject({ method: 'PUT', url: '/api/asset/answer', headers: bearer(b), payload: [{ assetId: id, questionId: value.id, inputAnswer: 2 }] }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await h.db.selectFrom('asset_answers').selectAll().where('question_id', '=', value.id).execute();
    expect(rows).toHaveLength(1);
    const log = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}/changelog?questionId=${value.id}`)).json();
    expect(log.map((e: { kind: string }) => e.kind).sort()).toEqual(['Answered', 'ModifiedAnswer']);
    expect([1, 2]).toContain(rows[0]!.input_answer);
  });

  it('answers 404 for another organisation and 403 for an analyst', async () => {
    const { id, filled } = await start();
    const item = fullAnswers(id, filled)[0]!;
    await h.expectRefused(() => save('bank', [item]), { statusCode: 404 });
    await h.expectRefused(() => save('analyst', [item]), { statusCode: 403 });
  });
});

describe("the template's title", () => {
  it("answers the filled questionnaire's and the runs' title in the caller's language, German where the template has no English one", async () => {
    const { id, filled } = await start();
    expect(filled.title).toBe('ECORE Fragebogen 2025');
    expect((await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`, undefined, 'en')).json().title).toBe('ECORE Questionnaire 2025');
    expect((await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json().title).toBe('ECORE Fragebogen 2025');
    expect((await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/simplified`, undefined, 'en')).json()[0].title).toBe('ECORE Questionnaire 2025');
    await h.db.updateTable('questionnaires').set({ title_translations: JSON.stringify([{ language: 'de', title: 'ECORE Fragebogen 2025' }]) }).where('id', '=', filled.questionnaireId).execute();
    const english = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/simplified`, undefined, 'en')).json()[0].title;
    expect(english).toBe('ECORE Fragebogen 2025');
  });
});

describe('locks', () => {
  const lockUrl = (id: number, qid: number, isLocked: boolean) => `/api/asset/${id}/questionnaire/${qid}/lock?isLocked=${isLocked}`;
  const iso = (ms: number) => new Date(ms).toISOString();

  it('the first editor holds it; another gets 423 naming the holder and the last activity, for the lock and for saves; it expires after 30 idle minutes', async () => {
    const { id, filled } = await start();
    const taken = h.clock.now;
    expect((await h.as('collector', 'PUT', lockUrl(id, filled.id, true))).json()).toEqual({ isLocked: true, currentLockerName: 'Carl Collector', lastActivity: iso(taken) });
    const refused = await h.expectRefused(() => h.as('objectadmin', 'PUT', lockUrl(id, filled.id, true)), { statusCode: 423, key: 'questionnaire-locked' });
    expect((refused as unknown as { lockedStatus: unknown }).lockedStatus).toEqual({ currentLockerName: 'Carl Collector', lastActivity: iso(taken) });
    const refusedSave = await h.expectRefused(() => save('objectadmin', fullAnswers(id, filled).slice(0, 1)), { statusCode: 423, key: 'questionnaire-locked' });
    expect((refusedSave as unknown as { lockedStatus: unknown }).lockedStatus).toEqual({ currentLockerName: 'Carl Collector', lastActivity: iso(taken) });
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json().lockedStatus).toEqual({ isLocked: true, currentLockerName: 'Carl Collector', lastActivity: iso(taken) });
    // The holder saves; the lock expires after 30 minutes without activity.
    expect((await save('collector', fullAnswers(id, filled).slice(0, 1))).statusCode).toBe(200);
    h.clock.now += 30 * 60 * 1000;
    expect((await h.as('objectadmin', 'PUT', lockUrl(id, filled.id, true))).statusCode).toBe(200);
  });

  it("the holder's refresh (the page's heartbeat) moves the last activity another user is shown", async () => {
    const { id, filled } = await start();
    await h.as('collector', 'PUT', lockUrl(id, filled.id, true));
    h.clock.now += 7 * 60 * 1000;
    const refreshed = h.clock.now;
    expect((await h.as('collector', 'PUT', lockUrl(id, filled.id, true))).json().lastActivity).toBe(iso(refreshed));
    h.clock.now += 2 * 60 * 1000;
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json().lockedStatus).toEqual({ isLocked: true, currentLockerName: 'Carl Collector', lastActivity: iso(refreshed) });
    // 29 minutes after the first take the lock still holds: it counts from the last activity.
    h.clock.now += 20 * 60 * 1000;
    await h.expectRefused(() => h.as('objectadmin', 'PUT', lockUrl(id, filled.id, true)), { statusCode: 423, key: 'questionnaire-locked' });
  });

  it('releasing (as the page does when it goes away) lets another user in at once; nobody else releases a live lock', async () => {
    const { id, filled } = await start();
    await h.as('collector', 'PUT', lockUrl(id, filled.id, true));
    expect((await h.as('objectadmin', 'PUT', lockUrl(id, filled.id, false))).statusCode).toBe(200);
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json().lockedStatus.isLocked).toBe(true);
    expect((await h.as('collector', 'PUT', lockUrl(id, filled.id, false))).json()).toEqual({ isLocked: false, currentLockerName: null, lastActivity: null });
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json().lockedStatus).toEqual({ isLocked: false, currentLockerName: null, lastActivity: null });
    expect((await h.as('objectadmin', 'PUT', lockUrl(id, filled.id, true))).statusCode).toBe(200);
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('documents', () => {
  const upload = async (answerId: number, name: string, type: string, bytes: Buffer, user: DemoUserName = 'collector') => {
    const { body, contentType } = multipartFile(name, bytes, type);
    return h.app.inject({ method: 'PUT', url: `/api/asset/answer/${answerId}/document`, headers: { ...bearer(await h.login(user)), 'content-type': contentType }, payload: body });
  };
  const answered = async () => {
    const { id, filled } = await start();
    const res = await save('collector', fullAnswers(id, filled).slice(0, 1));
    return { id, filled, answerId: res.json().answers[0].id as number };
  };

  it('stores a PDF, lists, downloads and deletes it', async () => {
    const { id, filled, answerId } = await answered();
    const res = await upload(answerId, 'Nachweis.pdf', 'application/pdf', PDF);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ fileName: 'Nachweis.pdf', contentType: 'application/pdf', size: PDF.length, uploadedBy: 'Carl Collector' });
    const after = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json<Filled>();
    expect(after.answers.find((a) => a.id === answerId)!.documents.map((d) => d.id)).toEqual([doc.id]);
    const download = await h.as('analyst', 'GET', `/api/asset/answer/document/${doc.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // A download under its sanitised name; viewing in the browser only when asked for, for a type shown without risk.
    expect(download.headers['content-disposition']).toBe('attachment; filename="Nachweis.pdf"; filename*=UTF-8\'\'Nachweis.pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const viewed = await h.as('analyst', 'GET', `/api/asset/answer/document/${doc.id}?inline=true`);
    expect(viewed.headers['content-disposition']).toBe('inline; filename="Nachweis.pdf"; filename*=UTF-8\'\'Nachweis.pdf');
    expect((await h.as('analyst', 'GET', `/api/asset/answer/document/${doc.id}?inline=false`)).headers['content-disposition']).toMatch(/^attachment;/);
    expect((await h.as('bank', 'GET', `/api/asset/answer/document/${doc.id}`)).statusCode).toBe(404);
    expect((await h.as('collector', 'DELETE', `/api/asset/answer/document/${doc.id}`)).statusCode).toBe(204);
    expect(h.files.files.size).toBe(0);
  });

  it('refuses a renamed .exe sent as PDF and an 11 MB file with the specification’s message, storing nothing', async () => {
    const { answerId } = await answered();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000)]);
    const refused = await h.expectRefused(() => upload(answerId, 'rechnung.pdf', 'application/pdf', exe), { statusCode: 400, key: 'document-invalid' });
    expect(refused).toMatchObject({ key: 'document-invalid' });
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await h.expectRefused(() => upload(answerId, 'gross.pdf', 'application/pdf', big), { statusCode: 400, key: 'document-invalid' });
    expect((res as unknown as { message: string }).message).toBe('Entweder ist die Datei zu groß oder das Format ist falsch');
    expect(h.files.files.size).toBe(0);
  });
});

describe('comments, cluster I defaults, export', () => {
  it('adds a comment with author and time', async () => {
    const { id, filled } = await start();
    const question = questionsOf(filled)[0]!;
    const res = await h.as('collector', 'PUT', '/api/asset/answerComment', { assetId: id, questionId: question.id, comment: 'Zählerstand vom 31.12.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ comment: 'Zählerstand vom 31.12.', authorName: 'Carl Collector' });
    const after = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json<Filled>();
    expect(after.answers.find((a) => a.questionId === question.id)!.comments).toHaveLength(1);
  });

  it('saves the cluster I answers of one object for the group and takes them over into another, overwriting', async () => {
    const first = await start(OFFICE);
    const second = await start('Hotel am Rheinufer');
    const clusterOne = first.filled.clusters[0]!.categories.flatMap((c) => c.sections.flatMap((s) => s.questions)).filter((q) => q.type !== 'VirtualQuestion');
    await save('collector', fullAnswers(first.id, first.filled).filter((a) => clusterOne.some((q) => q.id === a.questionId)));
    await h.expectRefused(() => h.as('collector', 'PUT', `/api/asset/questionnaire/${first.filled.id}/defaults/save`), { statusCode: 403 });
    expect((await h.as('objectadmin', 'PUT', `/api/asset/questionnaire/${first.filled.id}/defaults/save`)).statusCode).toBe(204);
    const filled = await h.as('collector', 'PUT', `/api/asset/${second.id}/questionnaire/${second.filled.id}/defaults/fill`);
    expect(filled.statusCode, filled.body).toBe(200);
    const taken = filled.json<Filled>();
    const hotelClusterOne = taken.clusters[0]!.categories.flatMap((c) => c.sections.flatMap((s) => s.questions)).filter((q) => q.type !== 'VirtualQuestion');
    expect(taken.answers.filter((a) => a.state === 'Answered' && hotelClusterOne.some((q) => q.id === a.questionId)).length).toBe(hotelClusterOne.length);
    expect(taken.groupDefaults).toMatchObject({ groupName: 'Portfolio Rhein-Main' });
  });

  it('exports the filled questionnaire as CSV in German and as Excel', async () => {
    const { id, filled } = await start();
    const value = ofType(filled, 'ValueQuestion')[0]!;
    await save('collector', [{ assetId: id, questionId: value.id, inputAnswer: 87.5 }]);
    const csv = await h.as('collector', 'GET', `/api/export/questionnaire/${id}/${filled.id}?exportFormat=1&language=de`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain('Antwort');
    expect(csv.body).toContain('87,5');
    const xlsx = await h.as('collector', 'GET', `/api/export/questionnaire/${id}/${filled.id}?exportFormat=2&language=en`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await h.as('bank', 'GET', `/api/export/questionnaire/${id}/${filled.id}?exportFormat=1&language=de`)).statusCode).toBe(404);
  });
});

describe('PUT /api/asset/state: submit for review', () => {
  it('refuses with code 3 while a question is unanswered, submits once all are, freezes editing and marks it submitted alone', async () => {
    const { id, filled } = await start();
    const refused = await h.expectRefused(() => h.as('collector', 'PUT', `/api/asset/state?assetId=${id}&state=Review&isBuyerAsset=false`), { statusCode: 400, key: 'questionnaire-change-3' });
    expect(refused).toMatchObject({ message: expect.any(String) });
    expect((await save('collector', fullAnswers(id, filled))).statusCode).toBe(200);
    expect((await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json().canBeSubmitted).toBe(true);
    expect((await h.as('collector', 'PUT', `/api/asset/state?assetId=${id}&state=Review&isBuyerAsset=false`)).statusCode).toBe(204);
    expect((await h.as('collector', 'GET', `/api/asset/${id}`)).json().status).toBe('Review');
    await h.expectRefused(() => save('collector', fullAnswers(id, filled).slice(0, 1)), { statusCode: 400, key: 'answer-not-answerable' });
    await h.expectRefused(() => h.as('collector', 'PUT', `/api/asset/state?assetId=${id}&state=Review&isBuyerAsset=false`), { statusCode: 400, key: 'questionnaire-change-2' });
    const row = await h.db.selectFrom('asset_questionnaires').select(['submitted_alone']).where('id', '=', filled.id).executeTakeFirstOrThrow();
    expect(row.submitted_alone).toBe(true);
    const audit = await h.db.selectFrom('asset_questionnaire_transitions').selectAll().execute();
    expect(audit.map((a) => [a.from_state, a.to_state, a.user_name])).toEqual([['Active', 'Review', 'Carl Collector']]);
  });

  it('answers code 1 to an analyst, 404 to another organisation', async () => {
    const { id } = await start();
    await h.expectRefused(() => h.as('analyst', 'PUT', `/api/asset/state?assetId=${id}&state=Review`), { statusCode: 400, key: 'questionnaire-change-1' });
    await h.expectRefused(() => h.as('bank', 'PUT', `/api/asset/state?assetId=${id}&state=Review`), { statusCode: 404 });
  });
});

describe('update to the active version', () => {
  it('moves a questionnaire on the archived version to the active one, keeping answers whose staticTitle exists and logging it', async () => {
    const id = await assetId(OFFICE);
    const archived = (await h.db.selectFrom('questionnaires').select('id').where('state', '=', 'Archived').executeTakeFirstOrThrow()).id;
    const { filled } = await start();
    // Put the questionnaire back on the archived version, as if it had been started before the activation.
    await h.db.deleteFrom('asset_answers').execute();
    await h.db.updateTable('asset_questionnaires').set({ questionnaire_id: archived }).where('id', '=', filled.id).execute();
    const old = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}`)).json<Filled>();
    expect(old.version).toBe('2024_01');
    // The newer version shows for the collector too (who is told to ask the administrator); only the update checks the role.
    expect((old as Filled & { canBeUpdatedToActiveQuestionnaire: boolean }).canBeUpdatedToActiveQuestionnaire).toBe(true);
    await save('collector', fullAnswers(id, old));
    await h.expectRefused(() => h.as('collector', 'PUT', `/api/asset/${id}/questionnaire`), { statusCode: 403, key: 'questionnaire-update-to-active-role' });
    const res = await h.as('objectadmin', 'PUT', `/api/asset/${id}/questionnaire`);
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<Filled>();
    expect(moved.version).toBe('2025_01');
    const newTitles = new Set(questionsOf(moved).map((q) => q.staticTitle));
    const keptTitles = questionsOf(old).filter((q) => q.type !== 'VirtualQuestion' && newTitles.has(q.staticTitle)).map((q) => q.staticTitle);
    const answeredTitles = moved.answers.filter((a) => a.state === 'Answered').map((a) => questionsOf(moved).find((q) => q.id === a.questionId)?.staticTitle);
    expect(new Set(answeredTitles)).toEqual(new Set(keptTitles));
    const log = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}/changelog`)).json();
    expect(log.filter((e: { kind: string }) => e.kind === 'ModifiedQuestionnaireVersion').length).toBe(keptTitles.length);
    await h.expectRefused(() => h.as('objectadmin', 'PUT', `/api/asset/${id}/questionnaire`), { statusCode: 400, key: 'questionnaire-update-to-active-error' });
  });
});

describe('demo answering', () => {
  it('gives one object a fully answered questionnaire, ready to submit, and one a half answered one, once', async () => {
    expect(await seedDemoAnswers(h.db, new Date(h.clock.now))).toEqual({ seeded: true });
    expect(await seedDemoAnswers(h.db, new Date(h.clock.now))).toEqual({ seeded: false });
    const full = (await h.as('collector', 'GET', `/api/asset/${await assetId(OFFICE)}/questionnaire/latest`)).json<Filled>();
    expect(full.progress.answered).toBe(full.progress.total);
    expect(full.canBeSubmitted).toBe(true);
    const half = (await h.as('collector', 'GET', `/api/asset/${await assetId('Quartier Prenzlauer Berg')}/questionnaire/latest`)).json<Filled>();
    expect(half.progress.answered).toBeGreaterThan(0);
    expect(half.progress.answered).toBeLessThan(half.progress.total);
    expect(half.canBeSubmitted).toBe(false);
    const log = (await h.as('collector', 'GET', `/api/asset/${await assetId(OFFICE)}/questionnaire/${full.id}/changelog`)).json();
    expect(log).toHaveLength(full.progress.answered);
  });
});
