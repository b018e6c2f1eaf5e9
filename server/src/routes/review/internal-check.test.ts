import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoInternalCheck, seedDemoReview } from '../../demo/demo-review.ts';
import { createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('answered', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now));
  });
});

const OFFICE = 'Bürohaus Mainzer Landstraße';
const assetId = async (name = OFFICE) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (name: string) => (await h.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;

interface Filled {
  id: number;
  assetQuestionnaireState: string;
  canBeReviewed: boolean;
  answers: { id: number; questionId: number; state: string | null }[];
  review: { counts: { reviewed: number; accepted: number }; availableTransitions: string[] };
}
const latest = async (user: DemoUserName, id: number) => {
  const res = await h.as(user, 'GET', `/api/asset/${id}/questionnaire/latest`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.json<Filled>();
};
const marksUrl = (id: number, qid: number) => `/api/asset/${id}/questionnaire/${qid}/internalCheck`;
const mark = (user: DemoUserName, id: number, qid: number, questionId: number, body: object, language = 'de') =>
  h.as(user, 'PUT', `${marksUrl(id, qid)}/${questionId}`, body, language);
const jobNames = async (user: DemoUserName) => (await h.as(user, 'GET', '/api/asset?pageSize=100')).json<{ items: { name: string; status: string }[] }>().items.map((a) => [a.name, a.status]);

/** The demo office submitted by the collector and assigned to the external tester. */
const submitted = async () => {
  const id = await assetId();
  expect((await h.as('collector', 'PUT', `/api/asset/state?assetId=${id}&state=Review&isBuyerAsset=false`)).statusCode).toBe(204);
  expect((await h.as('admin', 'PUT', `/api/asset/tester?assetId=${id}&testerId=${await userId('tester')}`)).statusCode).toBe(204);
  const f = await latest('collector', id);
  return { id, qid: f.id, answer: f.answers.find((a) => a.state !== null)! };
};

describe("the internal tester's job list (DOMAIN.md §1)", () => {
  it('lists nothing before submission, then its organisation’s object from Review on, and opens its check screen', async () => {
    const id = await assetId();
    expect(await jobNames('internaltester')).toEqual([]);
    expect((await h.as('internaltester', 'GET', `/api/asset/${id}`)).statusCode).toBe(404);
    await submitted();
    expect(await jobNames('internaltester')).toEqual([[OFFICE, 'Review']]);
    const f = await latest('internaltester', id);
    expect(f.canBeReviewed).toBe(true);
    // Its check screen offers it no state change.
    expect(f.review.availableTransitions).toEqual([]);
  });

  it('lists its organisation’s groups from submission until the evaluator decides', async () => {
    const group = await h.db.selectFrom('asset_groups').select(['id', 'name']).where('name', '=', 'Portfolio Rhein-Main').executeTakeFirstOrThrow();
    const groups = async () => (await h.as('internaltester', 'GET', '/api/assetGroup?pageSize=100')).json<{ items: { name: string }[] }>().items.map((g) => g.name);
    expect(await groups()).toEqual([]);
    for (const [status, listed] of [['Review', true], ['ReviewPassed', true], ['ReviewFailed', true], ['Closed', false], ['Active', false]] as const) {
      await h.db.updateTable('asset_groups').set({ status }).where('id', '=', group.id).execute();
      expect(await groups(), status).toEqual(listed ? [group.name] : []);
    }
  });

  it('loses the object once it is closed', async () => {
    await seedDemoReview(h.db, new Date(h.clock.now));
    const names = (await jobNames('internaltester')).map(([name]) => name);
    expect(names).toContain('Büro Campus Adlershof');
    expect(names).not.toContain('Wohn- und Geschäftshaus Bockenheim');
    expect((await h.as('internaltester', 'GET', `/api/asset/${await assetId('Wohn- und Geschäftshaus Bockenheim')}`)).statusCode).toBe(404);
  });
});

describe('internal marks', () => {
  it('the internal tester marks an answer with a note; the assigned tester and the owner read it; it counts nowhere', async () => {
    const { id, qid, answer } = await submitted();
    const before = await latest('tester', id);
    const res = await mark('internaltester', id, qid, answer.questionId, { checked: true, note: '  Zählerstand mit Rechnung abgeglichen.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const stored = { questionId: answer.questionId, checked: true, note: 'Zählerstand mit Rechnung abgeglichen.', checkedBy: 'Ina Intern' };
    expect(res.json()).toMatchObject(stored);
    for (const reader of ['internaltester', 'tester', 'collector', 'objectadmin', 'analyst', 'admin'] as const) {
      const read = await h.as(reader, 'GET', marksUrl(id, qid));
      expect(read.statusCode, reader).toBe(200);
      expect(read.json(), reader).toEqual([{ ...stored, checkedAt: new Date(h.clock.now).toISOString() }]);
    }
    // Written again: the last mark stands, one per answer.
    expect((await mark('internaltester', id, qid, answer.questionId, { checked: false, note: null })).json()).toMatchObject({ checked: false, note: null });
    expect((await h.as('tester', 'GET', marksUrl(id, qid))).json()).toHaveLength(1);
    // Never a reviewed answer, never a state.
    const after = await latest('tester', id);
    expect(after.review.counts).toEqual(before.review.counts);
    expect(after.assetQuestionnaireState).toBe('Review');
    expect(after.answers.find((a) => a.id === answer.id)!.state).toBe(answer.state);
  });

  it('answers 404 to those who may not see the questionnaire or its internal check, and refuses others’ marks', async () => {
    const { id, qid, answer } = await submitted();
    for (const user of ['bank', 'buyer', 'evaluator', 'scoring'] as const) {
      await h.expectRefused(() => h.as(user, 'GET', marksUrl(id, qid)), { statusCode: 404 });
      await h.expectRefused(() => mark(user, id, qid, answer.questionId, { checked: true }), { statusCode: 404 });
    }
    for (const user of ['tester', 'collector', 'objectadmin', 'admin'] as const) {
      await h.expectRefused(() => mark(user, id, qid, answer.questionId, { checked: true }), { statusCode: 403, key: 'internal-check-not-allowed' });
    }
  });

  it.each([
    ['de', 'a note of 2001 characters', { checked: true, note: 'x'.repeat(2001) }, [{ path: 'note', key: 'internal-check-note-too-long' }], 'Die Notiz darf höchstens 2000 Zeichen lang sein.'],
    ['en', 'a note of 2001 characters', { checked: true, note: 'x'.repeat(2001) }, [{ path: 'note', key: 'internal-check-note-too-long' }], 'The note may be at most 2000 characters long.'],
    ['de', 'a mark that is text', { checked: 'ja' }, [{ path: 'checked', key: 'validation-generic' }], null],
    ['en', 'no mark', { note: 'fehlt' }, [{ path: 'checked', key: 'validation-generic' }], null],
    ['de', 'a note that is a number', { checked: true, note: 42 }, [{ path: 'note', key: 'validation-generic' }], null],
  ] as const)('refuses in %s %s with 400 and its field, nothing stored', async (language, _what, body, fields, text) => {
    const { id, qid, answer } = await submitted();
    const refused = await h.expectRefused(() => mark('internaltester', id, qid, answer.questionId, body, language), { statusCode: 400, fields: [...fields] });
    if (text !== null) expect((refused as unknown as { fields: { message: string }[] }).fields[0]!.message).toBe(text);
  });

  it('refuses any mark before submission (the object unseen) and on a question without an answer', async () => {
    const office = await assetId();
    const before = await latest('collector', office);
    await h.expectRefused(() => mark('internaltester', office, before.id, before.answers[0]!.questionId, { checked: true }), { statusCode: 404 });
    const { id, qid } = await submitted();
    await h.expectRefused(() => mark('internaltester', id, qid, 999_999, { checked: true }), { statusCode: 400, key: 'internal-check-not-answered' });
  });
});

describe('demo internal check', () => {
  it('the demo internal tester finds the job in Review with two of its marks, written once', async () => {
    await seedDemoReview(h.db, new Date(h.clock.now));
    expect(await seedDemoInternalCheck(h.db, new Date(h.clock.now))).toEqual({ seeded: true });
    expect(await seedDemoInternalCheck(h.db, new Date(h.clock.now))).toEqual({ seeded: false });
    expect(await jobNames('internaltester')).toEqual([['Büro Campus Adlershof', 'Review']]);
    const id = await assetId('Büro Campus Adlershof');
    const f = await latest('internaltester', id);
    const marks = (await h.as('tester', 'GET', marksUrl(id, f.id))).json<{ checked: boolean; note: string; checkedBy: string }[]>();
    expect(marks.map((m) => [m.checked, m.checkedBy])).toEqual([[true, 'Ina Intern'], [false, 'Ina Intern']]);
    expect(marks.every((m) => m.note.length > 10)).toBe(true);
  });
});
