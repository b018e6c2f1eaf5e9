import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { expireDue } from './expiry.ts';
import { bearer, createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

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
  clusters: { categories: { sections: { questions: { id: number; relevantForReview: boolean; type: string; options: { id: number }[] }[] }[] }[] }[];
  answers: { id: number; questionId: number; state: string | null; reviewStatus: string; evidenceRequested: boolean }[];
  review: { counts: { reviewed: number; required: number; eligible: number }; availableTransitions: string[]; testerName: string | null; groupSheet: { sampled: boolean } | null };
}

const latest = async (user: DemoUserName, id: number) => {
  const res = await h.as(user, 'GET', `/api/asset/${id}/questionnaire/latest`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Filled>();
};
const setState = (user: DemoUserName, id: number, state: string, reason?: string, language = 'de') =>
  h.as(user, 'PUT', `/api/asset/state?assetId=${id}&state=${state}&isBuyerAsset=false`, reason === undefined ? undefined : { reason }, language);
const REASON = 'Der Zählerstand fehlt im Nachweis.';
const decide = (user: DemoUserName, answerId: number, decision: string, comment?: string) =>
  h.as(user, 'PUT', `/api/asset/answer/${answerId}/review`, comment ? { decision, comment } : { decision });

/** The eligible answers (answered, relevant for review), in tree order. */
const eligible = (f: Filled) => {
  const relevant = f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).filter((q) => q.relevantForReview && q.type !== 'VirtualQuestion');
  return relevant.map((q) => f.answers.find((a) => a.questionId === q.id && a.state !== null)).filter((a): a is Filled['answers'][number] => a !== undefined);
};

/** Submits the demo office and assigns the tester. */
const submitted = async () => {
  const id = await assetId();
  expect((await setState('collector', id, 'Review')).statusCode).toBe(204);
  expect((await h.as('admin', 'PUT', `/api/asset/tester?assetId=${id}&testerId=${await userId('tester')}`)).statusCode).toBe(204);
  return id;
};

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const upload = async (answerId: number) => {
  const boundary = '----b';
  const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nachweis.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return h.app.inject({ method: 'PUT', url: `/api/asset/answer/${answerId}/document`, headers: { ...bearer(await h.login('collector')), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
};

describe('tester assignment', () => {
  it('an administrator assigns an external tester, who then sees the job; an internal tester is not offered', async () => {
    const id = await assetId();
    expect((await h.as('tester', 'GET', `/api/asset/${id}`)).statusCode).toBe(404);
    const [internal, external] = [await userId('internaltester'), await userId('tester')];
    await h.expectRefused(() => h.as('admin', 'PUT', `/api/asset/tester?assetId=${id}&testerId=${internal}`), { statusCode: 400, fields: [{ path: 'testerId', key: 'tasks-assignTester-error' }] });
    await h.expectRefused(() => h.as('objectadmin', 'PUT', `/api/asset/tester?assetId=${id}&testerId=${external}`), { statusCode: 403 });
    expect((await h.as('admin', 'PUT', `/api/asset/tester?assetId=${id}&testerId=${await userId('tester')}`)).statusCode).toBe(204);
    await h.app.drainBackground();
    expect(h.mailer.sent.at(-1)).toMatchObject({ subject: `ECORE-Portal: neuer Prüfauftrag ${OFFICE}` });
    expect((await h.as('tester', 'GET', `/api/asset/${id}`)).statusCode).toBe(200);
    expect((await latest('tester', id)).review.testerName).toBe('Tom Tester');
  });
});

describe('the review of an object, step by step (DOMAIN.md §3)', () => {
  it('submit, review 16 with evidence requested for one, upload and resubmit, accept all, evaluation, close: each step one audit row', async () => {
    const id = await submitted();
    let f = await latest('tester', id);
    expect(f.assetQuestionnaireState).toBe('Review');
    const answers = eligible(f);
    expect(answers.length).toBeGreaterThanOrEqual(16);
    expect(f.review.counts.required).toBe(16);

    // Too early: code 5.
    await h.expectRefused(() => setState('tester', id, 'Evaluation'), { statusCode: 400, key: 'questionnaire-change-5' });
    for (const a of answers.slice(0, 15)) expect((await decide('tester', a.id, 'accept')).statusCode).toBe(200);
    const evidence = answers[15]!;
    const asked = await decide('tester', evidence.id, 'requestEvidence', 'Bitte den Zählerstand belegen.');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().reviewCounts.reviewed).toBe(16);
    // A 17th decision is refused: exactly 16.
    await h.expectRefused(() => decide('tester', answers[16]?.id ?? answers[0]!.id, answers[16] ? 'accept' : 'accept'), answers[16] ? { statusCode: 400, key: 'answer-review-limit' } : { statusCode: 200 });
    // Not every reviewed answer accepted: code 6; evidence asked: to Verification.
    await h.expectRefused(() => setState('tester', id, 'Evaluation'), { statusCode: 400, key: 'questionnaire-change-6' });
    expect((await setState('tester', id, 'Verification')).statusCode).toBe(204);
    await h.app.drainBackground();
    expect(h.mailer.sent.at(-1)).toMatchObject({ to: 'objectadmin@musterimmobilien.example', subject: `ECORE-Portal: Nachweise für ${OFFICE} angefordert` });

    // The owner uploads the requested document and resubmits (code 4 before the upload).
    await h.expectRefused(() => setState('collector', id, 'Review'), { statusCode: 400, key: 'questionnaire-change-4' });
    expect((await upload(evidence.id)).statusCode).toBe(201);
    expect((await setState('collector', id, 'Review')).statusCode).toBe(204);

    f = await latest('tester', id);
    expect(f.answers.find((a) => a.id === evidence.id)).toMatchObject({ evidenceRequested: true });
    expect((await decide('tester', evidence.id, 'accept')).statusCode).toBe(200);
    expect((await setState('tester', id, 'Evaluation')).statusCode).toBe(204);

    // The evaluator sees it now and closes it.
    expect((await latest('evaluator', id)).assetQuestionnaireState).toBe('Evaluation');
    await h.expectRefused(() => setState('tester', id, 'Closed'), { statusCode: 400, key: 'questionnaire-change-1' });
    expect((await setState('evaluator', id, 'Closed')).statusCode).toBe(204);
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json().status).toBe('Closed');

    const audit = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${f.id}/audit`)).json();
    expect(audit.map((a: { from: string; to: string; role: string }) => [a.from, a.to, a.role])).toEqual([
      ['Active', 'Review', 'ObjectDataCollector'],
      ['Review', 'Verification', 'ExternalAccreditedTester'],
      ['Verification', 'Review', 'ObjectDataCollector'],
      ['Review', 'Evaluation', 'ExternalAccreditedTester'],
      ['Evaluation', 'Closed', 'Evaluator'],
    ]);
    const row = await h.db.selectFrom('asset_questionnaires').select(['valid_until', 'evaluated_by']).where('id', '=', f.id).executeTakeFirstOrThrow();
    expect(row.evaluated_by).toBe('Eva Gutachter');
    expect(row.valid_until).not.toBeNull();
  });

  it('a decline needs a rejected answer (7); resubmitting needs every rejected answer changed (10); the third decline is definite', async () => {
    const id = await submitted();
    const f = await latest('tester', id);
    const [first] = eligible(f);
    await h.expectRefused(() => setState('tester', id, 'Declined', REASON), { statusCode: 400, key: 'questionnaire-change-7' });
    for (let round = 1; round <= 3; round += 1) {
      expect((await decide('tester', first!.id, 'reject', REASON)).statusCode).toBe(200);
      expect((await setState('tester', id, 'Declined', REASON)).statusCode).toBe(204);
      if (round === 3) break;
      await h.expectRefused(() => setState('collector', id, 'Review'), { statusCode: 400, key: 'questionnaire-change-10' });
      const question = f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).find((q) => q.id === first!.questionId)!;
      const current = (await latest('collector', id)).answers.find((a) => a.id === first!.id)!;
      const change = question.type === 'ValueQuestion' ? { inputAnswer: 50 + round } : { multipleChoiceOption: [question.options.find((o) => o.id !== (current as unknown as { multipleChoiceOption: number[] }).multipleChoiceOption[0])!.id] };
      expect((await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: id, questionId: question.id, ...change }])).statusCode).toBe(200);
      expect((await setState('collector', id, 'Review')).statusCode).toBe(204);
    }
    expect((await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json().status).toBe('DefinitelyDeclined');
  });

  it('refuses the wrong role and the wrong state with their codes, 404 to those who do not see it, and changes nothing', async () => {
    const id = await submitted();
    // The owner's internal tester sees it (its internal check, DOMAIN.md §1) but changes no state.
    await h.expectRefused(() => setState('internaltester', id, 'Evaluation'), { statusCode: 400, key: 'questionnaire-change-1' });
    await h.expectRefused(() => setState('bank', id, 'Evaluation'), { statusCode: 404 });
    await h.expectRefused(() => setState('collector', id, 'Evaluation'), { statusCode: 400, key: 'questionnaire-change-1' });
    await h.expectRefused(() => setState('tester', id, 'Review'), { statusCode: 400 });
    await h.expectRefused(() => setState('tester', id, 'Active'), { statusCode: 400, key: 'questionnaire-change-2' });
    const answer = eligible(await latest('tester', id))[0]!;
    await h.expectRefused(() => decide('collector', answer.id, 'accept'), { statusCode: 403, key: 'answer-review-not-allowed' });
    await h.expectRefused(() => decide('bank', answer.id, 'accept'), { statusCode: 404 });
  });

  it('two testers pressing "to evaluation" at once make one transition and one audit row', async () => {
    const id = await submitted();
    for (const a of eligible(await latest('tester', id)).slice(0, 16)) await decide('tester', a.id, 'accept');
    const token = await h.login('tester');
    const send = () => h.app.inject({ method: 'PUT', url: `/api/asset/state?assetId=${id}&state=Evaluation`, headers: bearer(token) });
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    const rows = await h.db.selectFrom('asset_questionnaire_transitions').select(['to_state']).where('to_state', '=', 'Evaluation').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('reasons for rejection (DOMAIN.md §1)', () => {
  it.each([
    ['de', undefined, 'review-reason-required', 'Bitte geben Sie eine Begründung an.'],
    ['de', '   ', 'review-reason-required', 'Bitte geben Sie eine Begründung an.'],
    ['de', 'zu kurz', 'review-reason-too-short', 'Die Begründung muss mindestens 10 Zeichen lang sein.'],
    ['en', 'too short', 'review-reason-too-short', 'The reason must be at least 10 characters long.'],
  ] as const)('refuses rejecting an answer in %s with reason %j: 400 with the field, its text, nothing stored', async (language, comment, key, text) => {
    const id = await submitted();
    const answer = eligible(await latest('tester', id))[0]!;
    const body = await h.expectRefused(() => h.as('tester', 'PUT', `/api/asset/answer/${answer.id}/review`, comment === undefined ? { decision: 'reject' } : { decision: 'reject', comment }, language), {
      statusCode: 400,
      fields: [{ path: 'comment', key }],
    });
    expect((body as unknown as { fields: { message: string }[] }).fields[0]!.message).toBe(text);
  });

  it('refuses a reason over 2000 characters with the field, nothing stored', async () => {
    const id = await submitted();
    const answer = eligible(await latest('tester', id))[0]!;
    await h.expectRefused(() => decide('tester', answer.id, 'reject', 'x'.repeat(2001)), { statusCode: 400, fields: [{ path: 'comment', key: 'validation-max-length' }] });
  });

  it('shows the reason beside the rejected answer and in its change log; taking the rejection back is a new logged decision with its own reason', async () => {
    const id = await submitted();
    const view = await latest('tester', id);
    // Submitted on its own: no sheet of a group under review.
    expect(view.review.groupSheet).toBeNull();
    const answer = eligible(view)[0]!;
    const rejected = await decide('tester', answer.id, 'reject', REASON);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().answer.rejectionReason).toBe(REASON);
    const seen = (await latest('collector', id)).answers.find((a) => a.id === answer.id) as unknown as { state: string; rejectionReason: string | null };
    expect(seen).toMatchObject({ state: 'Declined', rejectionReason: REASON });
    // One click does not turn it back: accepting it needs its own reason.
    await h.expectRefused(() => decide('tester', answer.id, 'accept'), { statusCode: 400, fields: [{ path: 'comment', key: 'review-reason-required' }] });
    const withdrawn = await decide('tester', answer.id, 'accept', 'Nachweis nachgereicht, Wert passt.');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().answer).toMatchObject({ state: 'ReviewAccepted', rejectionReason: null });
    const log = await h.db
      .selectFrom('asset_answer_changes')
      .select(['kind', 'note', 'user_name'])
      .where('question_id', '=', answer.questionId)
      .where('kind', 'in', ['Rejected', 'RejectionWithdrawn'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { kind: 'Rejected', note: REASON, user_name: 'Tom Tester' },
      { kind: 'RejectionWithdrawn', note: 'Nachweis nachgereicht, Wert passt.', user_name: 'Tom Tester' },
    ]);
  });

  it('declining the questionnaire needs a reason, written to its audit log', async () => {
    const id = await submitted();
    const f = await latest('tester', id);
    expect((await decide('tester', eligible(f)[0]!.id, 'reject', REASON)).statusCode).toBe(200);
    await h.expectRefused(() => setState('tester', id, 'Declined'), { statusCode: 400, fields: [{ path: 'reason', key: 'review-reason-required' }] });
    await h.expectRefused(() => setState('tester', id, 'Declined', 'kurz', 'en'), { statusCode: 400, fields: [{ path: 'reason', key: 'review-reason-too-short' }] });
    expect((await setState('tester', id, 'Declined', 'Zwei Zählerstände fehlen.')).statusCode).toBe(204);
    const audit = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${f.id}/audit`)).json<{ to: string; note: string }[]>();
    expect(audit.at(-1)).toMatchObject({ to: 'Declined', note: 'Zwei Zählerstände fehlen.' });
  });
});

describe('demo review', () => {
  it('leaves a job in Review for the tester and a closed object with its audit log, once', async () => {
    expect(await seedDemoReview(h.db, new Date(h.clock.now))).toEqual({ seeded: true });
    expect(await seedDemoReview(h.db, new Date(h.clock.now))).toEqual({ seeded: false });
    const jobs = (await h.as('tester', 'GET', '/api/asset?pageSize=100')).json().items.map((a: { name: string; status: string }) => [a.name, a.status]);
    expect(jobs).toEqual(expect.arrayContaining([['Büro Campus Adlershof', 'Review'], ['Wohn- und Geschäftshaus Bockenheim', 'Closed']]));
    const closed = await assetId('Wohn- und Geschäftshaus Bockenheim');
    const f = await latest('objectadmin', closed);
    expect(f.assetQuestionnaireState).toBe('Closed');
    const audit = (await h.as('objectadmin', 'GET', `/api/asset/${closed}/questionnaire/${f.id}/audit`)).json();
    expect(audit.map((a: { to: string }) => a.to)).toEqual(['Review', 'Evaluation', 'Closed']);
    expect(f.review.counts.reviewed).toBe(16);
    // Accepted as a whole by the evaluator: its reviewed answers are evaluated ones (core progress), never 0.
    expect((f as Filled & { progress: { reviewed: number; evaluated: number } }).progress).toMatchObject({ reviewed: 16, evaluated: 16 });
  });
});

describe('expiry', () => {
  it('a closed questionnaire expires the day after its validity (evaluation date + 1 year − 1 day), written by the system', async () => {
    await seedDemoReview(h.db, new Date(h.clock.now));
    const closed = await assetId('Wohn- und Geschäftshaus Bockenheim');
    const row = await h.db.selectFrom('asset_questionnaires').select(['id', 'valid_until']).where('asset_id', '=', closed).executeTakeFirstOrThrow();
    expect(await expireDue(h.db, h.clock.now + 300 * 86_400_000)).toBe(0);
    expect(await expireDue(h.db, h.clock.now + 367 * 86_400_000)).toBe(1);
    expect((await h.as('objectadmin', 'GET', `/api/asset/${closed}`)).json().status).toBe('Expired');
    const audit = (await h.as('objectadmin', 'GET', `/api/asset/${closed}/questionnaire/${row.id}/audit`)).json();
    expect(audit.at(-1)).toMatchObject({ from: 'Closed', to: 'Expired', userName: 'system', reason: 'expired' });
    expect(await expireDue(h.db, h.clock.now + 400 * 86_400_000)).toBe(0);
  });
});

describe('job lists', () => {
  it('object rows name their tester; group rows carry their objects’ states', async () => {
    const id = await submitted();
    const row = (await h.as('tester', 'GET', '/api/asset?pageSize=100')).json().items.find((a: { id: number }) => a.id === id);
    expect(row).toMatchObject({ testerName: 'Tom Tester', status: 'Review' });
    const groups = (await h.as('objectadmin', 'GET', '/api/assetGroup?pageSize=100')).json().items;
    const office = groups.flatMap((g: { assets: { assetId: number; state: string | null }[] }) => g.assets).find((a: { assetId: number }) => a.assetId === id);
    expect(office.state).toBe('Review');
    expect((await latest('tester', id)).review).toMatchObject({ testerName: 'Tom Tester' });
  });

  it('object rows carry the stored score for testers and evaluators, the figure the object’s own answer has', async () => {
    const id = await submitted();
    const row = (await h.as('tester', 'GET', '/api/asset?pageSize=100')).json().items.find((a: { id: number }) => a.id === id);
    const stored = (await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json().score;
    expect(stored).toBeGreaterThan(0);
    expect(row.score).toBe(stored);
  });

  it('"closed by me": the evaluator lists what it closed, with the score, apart from its open jobs; nobody else has the view', async () => {
    await seedDemoReview(h.db, new Date(h.clock.now));
    const closed = await assetId('Wohn- und Geschäftshaus Bockenheim');
    const names = async (url: string) => (await h.as('evaluator', 'GET', url)).json().items.map((a: { id: number; status: string; score: number | null }) => a);
    const mine = await names('/api/asset?pageSize=100&closedByMe=true');
    expect(mine.map((a: { id: number }) => a.id)).toEqual([closed]);
    expect(mine[0]).toMatchObject({ status: 'Closed' });
    expect(mine[0].score).toBeGreaterThan(0);
    expect((await names('/api/asset?pageSize=100')).map((a: { id: number }) => a.id)).not.toContain(closed);
    await h.expectRefused(() => h.as('objectadmin', 'GET', '/api/asset?closedByMe=true'), { statusCode: 403 });
    await h.expectRefused(() => h.as('tester', 'GET', '/api/asset?closedByMe=true'), { statusCode: 403 });
  });

  it('the evaluator reads afterwards what it closed, read only: its audit log and flags, nothing it did not close, no change', async () => {
    await seedDemoReview(h.db, new Date(h.clock.now));
    const closed = await assetId('Wohn- und Geschäftshaus Bockenheim');
    const qid = (await h.db.selectFrom('asset_questionnaires').select('id').where('asset_id', '=', closed).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const audit = (await h.as('evaluator', 'GET', `/api/asset/${closed}/questionnaire/${qid}/audit`)).json() as { to: string }[];
    expect(audit.map((row) => row.to)).toContain('Closed');
    expect((await h.as('evaluator', 'GET', `/api/asset/${closed}/questionnaire/${qid}/outliers`)).statusCode).toBe(200);
    // Read only: explaining a flag stays the owner's.
    await h.expectRefused(() => h.as('evaluator', 'PUT', `/api/asset/${closed}/questionnaire/${qid}/outliers/1`, { type: 'intensity', explanation: 'Vom Gutachter erklärt.' }), { statusCode: 404 });
    // A questionnaire the evaluator did not close stays unknown to it.
    const other = await h.db.selectFrom('asset_questionnaires').select(['id', 'asset_id']).where('asset_id', '!=', closed).where('state', '!=', 'Evaluation').orderBy('id').executeTakeFirstOrThrow();
    await h.expectRefused(() => h.as('evaluator', 'GET', `/api/asset/${other.asset_id}/questionnaire/${other.id}/audit`), { statusCode: 404 });
    await h.expectRefused(() => h.as('bank', 'GET', `/api/asset/${closed}/questionnaire/${qid}/audit`), { statusCode: 404 });
  });

  it('the evaluator assigns no tester: the tester list and the assignment answer 403 (core mayAssignTesters)', async () => {
    await h.expectRefused(() => h.as('evaluator', 'GET', '/api/user/testers'), { statusCode: 403 });
    const group = (await h.db.selectFrom('asset_groups').select('id').executeTakeFirstOrThrow()).id;
    await h.db.updateTable('asset_groups').set({ status: 'ReviewPassed' }).where('id', '=', group).execute();
    const tester = await userId('tester');
    await h.expectRefused(() => h.as('evaluator', 'PUT', `/api/assetGroup/tester?assetGroupId=${group}&testerId=${tester}`), { statusCode: 403 });
  });
});
