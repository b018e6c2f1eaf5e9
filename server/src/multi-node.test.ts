import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import type { OutgoingMail } from '@ecore/core/identity/ports.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from './demo/demo-answers.ts';
import { seedDemoReview } from './demo/demo-review.ts';
import { sendLabelReminders } from './routes/certificates/reminders.ts';
import { sweep } from './sweeps.ts';
import { bearer, createHarnessPair, settled, type DemoUserName, type Harness } from './testing/harness.ts';

/**
 * Several nodes behind a load balancer (issue 18, README "Several nodes"): two app instances on one database stand
 * for two server processes. On PostgreSQL (project server-pg) each has its own pool and its own LISTEN connection,
 * so locks, unique indexes and row locks meet as between two machines; on PGlite (project server) the pair shares
 * the one embedded database of one process (what a single node does), and the test that needs two connections at
 * once is run on PostgreSQL only.
 *
 * Already shown elsewhere with two instances, and not repeated here: every way of ending a session (logout,
 * deactivation, lock, archive, role change, organisation lock) refusing on the other instance at once
 * (plugins/sessions.test.ts), answer sheets cached per instance (routes/answering/sheet-cache.test.ts), a label
 * reminder swept by both at once going out once (routes/answering/annual.test.ts).
 */
const postgres = process.env.HARNESS_DATABASE === 'postgres';
const database = testDatabases().find((d) => d.name === (postgres ? 'postgres' : 'pglite'));
if (!database) throw new Error('HARNESS_DATABASE=postgres needs TEST_DATABASE_URL');

const OFFICE = 'Bürohaus Mainzer Landstraße';
const IN_REVIEW = 'Büro Campus Adlershof';
const DAY = 24 * 60 * 60 * 1000;

describe(`two server processes on one ${database.name} database`, () => {
  let pair: Awaited<ReturnType<typeof createHarnessPair>>;
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    pair = await createHarnessPair(database);
    ({ a, b } = pair);
  });
  afterAll(async () => pair?.close());
  beforeEach(async () => {
    await a.resetTo('cluster', async () => {
      await seedDemoQuestionnaires(a.db);
      await seedDemoAnswers(a.db, new Date(a.clock.now));
      await seedDemoReview(a.db, new Date(a.clock.now));
    });
    b.mailer.sent.length = 0;
  });

  /** Waits until b has heard every notification sent so far (sessions.test.ts): the database's word reaches b. */
  const settle = () => settled(b, a);
  const call = (h: Harness, token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const assetId = async (name: string) => (await a.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const latestId = async (id: number) => (await a.db.selectFrom('assets').select('latest_questionnaire_id').where('id', '=', id).executeTakeFirstOrThrow()).latest_questionnaire_id!;
  const tokens = async (h: Harness, ...users: DemoUserName[]) => Promise.all(users.map((u) => h.login(u)));

  it('a session signed in on one node works on the other, and a logout on one refuses it on both', async () => {
    const token = await a.login('collector');
    expect((await call(b, token, 'GET', '/api/user/me')).statusCode).toBe(200);
    expect((await call(a, token, 'POST', '/api/user/logout')).statusCode).toBe(204);
    expect((await call(a, token, 'GET', '/api/user/me')).statusCode).toBe(401);
    await settle();
    expect((await call(b, token, 'GET', '/api/user/me')).statusCode).toBe(401);
  });

  it('the user and organisation lists one node keeps show a change made on the other once its word arrives', async () => {
    const [adminA, adminB] = [await a.login('admin'), await b.login('admin')];
    const users = '/api/user?page=1&pageSize=100&search=collector';
    const organisations = '/api/organisations?page=1&pageSize=100&search=Musterimmobilien';
    const lastNames = async () => ((await call(b, adminB, 'GET', users)).json() as { items: { userName: string; lastName: string }[] }).items.filter((u) => u.userName === 'collector').map((u) => u.lastName);
    const cities = async () => ((await call(b, adminB, 'GET', organisations)).json() as { items: { name: string; city: string }[] }).items.map((o) => o.city);
    const [before] = await lastNames();
    const [cityBefore] = await cities();
    const collector = (await a.db.selectFrom('users').selectAll().where('user_name', '=', 'collector').executeTakeFirstOrThrow()).id;
    const org = (await a.db.selectFrom('organisations').select('id').where('name', 'like', 'Musterimmobilien%').executeTakeFirstOrThrow()).id;
    await a.db.updateTable('users').set({ last_name: `${before}-Neu` }).where('id', '=', collector).execute();
    await a.db.updateTable('organisations').set({ city: `${cityBefore}-Süd` }).where('id', '=', org).execute();
    await settle();
    expect(await lastNames()).toEqual([`${before}-Neu`]);
    expect(await cities()).toEqual([`${cityBefore}-Süd`]);
    expect((await call(a, adminA, 'GET', users)).statusCode).toBe(200);
  });

  it("a template's editing lock taken on one node refuses the others on the other node with 423 naming the holder", async () => {
    const [scoring] = await tokens(a, 'scoring');
    // A second scoring model manager (templates.test.ts): the admin given the role.
    await a.db.updateTable('users').set({ roles: [3] }).where('user_name', '=', 'admin').execute();
    const [admin] = await tokens(b, 'admin');
    const active = (await call(a, scoring!, 'GET', '/api/Questionnaire/active')).json<{ id: number }>();
    const draft = (await call(a, scoring!, 'POST', '/api/questionnaire', { sourceId: active.id, title: 'Entwurf', version: '2026_01' })).json<{ id: number }>();
    expect((await call(a, scoring!, 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`)).statusCode).toBe(200);
    const refused = await call(b, admin!, 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`);
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toMatchObject({ key: 'questionnaire-locked', lockedStatus: { currentLockerName: 'Sven Scoring' } });
    expect((await call(b, admin!, 'PUT', '/api/questionnaire', { ...draft, lockedStatus: undefined, title: 'Fremd' })).statusCode).toBe(423);
    expect((await call(b, admin!, 'DELETE', `/api/questionnaire/${draft.id}`)).statusCode).toBe(423);
    // Released on the first node, the second takes it.
    expect((await call(a, scoring!, 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=false`)).statusCode).toBe(200);
    expect((await call(b, admin!, 'PUT', `/api/questionnaire/${draft.id}/lock?isLocked=true`)).statusCode).toBe(200);
  });

  it("a filled questionnaire's lock taken on one node refuses lock and saves of another user on the other node with 423", async () => {
    const id = await assetId(OFFICE);
    const filled = await latestId(id);
    const [collector] = await tokens(a, 'collector');
    const [objectadmin] = await tokens(b, 'objectadmin');
    expect((await call(a, collector!, 'PUT', `/api/asset/${id}/questionnaire/${filled}/lock?isLocked=true`)).statusCode).toBe(200);
    const refused = await call(b, objectadmin!, 'PUT', `/api/asset/${id}/questionnaire/${filled}/lock?isLocked=true`);
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toMatchObject({ key: 'questionnaire-locked', lockedStatus: { currentLockerName: 'Carl Collector' } });
    const answer = await a.db.selectFrom('asset_answers').select(['question_id', 'input_answer']).where('asset_questionnaire_id', '=', filled).where('input_answer', 'is not', null).executeTakeFirstOrThrow();
    const before = await b.snapshot();
    expect((await call(b, objectadmin!, 'PUT', '/api/asset/answer', [{ assetId: id, questionId: answer.question_id, inputAnswer: 99 }])).statusCode).toBe(423);
    expect(await b.snapshot()).toEqual(before);
  });

  it('the one-draft rule holds when both nodes create a template draft at the same moment: one wins', async () => {
    const [one] = await tokens(a, 'scoring');
    const [two] = await tokens(b, 'scoring');
    const results = await Promise.all([
      call(a, one!, 'POST', '/api/questionnaire', { title: 'Von A', version: '2026_01', type: 'Ecore' }),
      call(b, two!, 'POST', '/api/questionnaire', { title: 'Von B', version: '2026_02', type: 'Ecore' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().key).toBe('questionnaire-create-onlyOnce');
    expect(await a.db.selectFrom('questionnaires').select('id').where('state', '=', 'Draft').execute()).toHaveLength(1);
  });

  it('a questionnaire submitted on both nodes at the same moment changes state once, with one audit row', async () => {
    const id = await assetId(OFFICE);
    const [one] = await tokens(a, 'collector');
    const [two] = await tokens(b, 'objectadmin');
    const submit = (h: Harness, token: string) => call(h, token, 'PUT', `/api/asset/state?assetId=${id}&state=Review&isBuyerAsset=false`);
    const results = await Promise.all([submit(a, one!), submit(b, two!)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().key).toBe('questionnaire-change-2');
    const filled = await latestId(id);
    const rows = await a.db.selectFrom('asset_questionnaire_transitions').select(['from_state', 'to_state']).where('asset_questionnaire_id', '=', filled).execute();
    expect(rows).toEqual([{ from_state: 'Active', to_state: 'Review' }]);
    expect((await a.db.selectFrom('asset_questionnaires').select('state').where('id', '=', filled).executeTakeFirstOrThrow()).state).toBe('Review');
  });

  it('the tester approving on two nodes at the same moment makes one transition (to evaluation)', async () => {
    const id = await assetId(IN_REVIEW);
    const [onA] = await tokens(a, 'tester');
    const [onB] = await tokens(b, 'tester');
    type Latest = {
      id: number;
      review: { counts: { required: number; reviewed: number } };
      clusters: { categories: { sections: { questions: { id: number; relevantForReview: boolean; type: string }[] }[] }[] }[];
      answers: { id: number; questionId: number; state: string | null; reviewStatus: string }[];
    };
    const latest = (await call(a, onA!, 'GET', `/api/asset/${id}/questionnaire/latest`)).json<Latest>();
    // The review needs its required number of decided answers before the evaluation (review.test.ts).
    const relevant = latest.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).filter((q) => q.relevantForReview && q.type !== 'VirtualQuestion');
    const eligible = relevant.map((q) => latest.answers.find((x) => x.questionId === q.id && x.state !== null)).filter((x) => x !== undefined);
    for (const answer of eligible.slice(0, latest.review.counts.required)) {
      expect((await call(a, onA!, 'PUT', `/api/asset/answer/${answer.id}/review`, { decision: 'accept' })).statusCode).toBe(200);
    }
    const send = (h: Harness, token: string) => call(h, token, 'PUT', `/api/asset/state?assetId=${id}&state=Evaluation`);
    const results = await Promise.all([send(a, onA!), send(b, onB!)]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([204, 400]);
    const rows = await a.db.selectFrom('asset_questionnaire_transitions').select('to_state').where('asset_questionnaire_id', '=', latest.id).where('to_state', '=', 'Evaluation').execute();
    expect(rows).toHaveLength(1);
  });

  describe('the hourly sweeps run on every node', () => {
    /** The closed demo questionnaire's label: its last valid day. */
    const lastValidDay = async () => {
      const row = await a.db.selectFrom('certificates').select('valid_until').executeTakeFirstOrThrow();
      const d = row.valid_until as Date | string;
      return typeof d === 'string' ? d.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const hourly = (h: Harness, at: number, mailer = h.mailer) =>
      Promise.all([sweep(h.db, at, (what, err) => { throw Object.assign(new Error(what), { cause: err }); }), sendLabelReminders(h.db, mailer, 'http://portal.test', at)]);

    it('both nodes sweeping at once send each reminder once and expire a questionnaire once', async () => {
      const last = Date.parse(`${await lastValidDay()}T10:00:00Z`);
      await Promise.all([hourly(a, last - 30 * DAY), hourly(b, last - 30 * DAY)]);
      expect(a.mailer.sent.length + b.mailer.sent.length).toBe(1);
      await Promise.all([hourly(a, last - 30 * DAY + 3_600_000), hourly(b, last - 30 * DAY + 3_600_000)]);
      expect(a.mailer.sent.length + b.mailer.sent.length).toBe(1);
      // A day after the last valid day the closed questionnaire expires: one transition, by the system.
      await Promise.all([hourly(a, last + DAY), hourly(b, last + DAY)]);
      const expired = await a.db.selectFrom('asset_questionnaire_transitions').select(['from_state', 'to_state']).where('to_state', '=', 'Expired').execute();
      expect(expired).toEqual([{ from_state: 'Closed', to_state: 'Expired' }]);
    });

    it.runIf(postgres)('a node does not wait for the other node’s mail server: it skips the reminders being sent (FOR UPDATE SKIP LOCKED)', async () => {
      const at = Date.parse(`${await lastValidDay()}T10:00:00Z`) - 30 * DAY;
      // Node a's mail server hangs until node b has finished its whole sweep: with a plain row lock b would wait for a.
      let sending!: () => void;
      const aIsSending = new Promise<void>((resolve) => (sending = resolve));
      let release!: () => void;
      const bFinished = new Promise<void>((resolve) => (release = resolve));
      const sent: OutgoingMail[] = [];
      const slow = { send: async (mail: OutgoingMail) => { sending(); await bFinished; sent.push(mail); } };
      const first = sendLabelReminders(a.db, slow, 'http://portal.test', at);
      await aIsSending;
      expect(await sendLabelReminders(b.db, b.mailer, 'http://portal.test', at)).toBe(0);
      release();
      expect(await first).toBe(1);
      expect(sent.length + b.mailer.sent.length).toBe(1);
      // Once a's claim is committed, a later sweep on b finds it claimed.
      expect(await sendLabelReminders(b.db, b.mailer, 'http://portal.test', at + 3_600_000)).toBe(0);
    });
  });
});
