import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { bearer, createHarness, createHarnessPair, settled, type DemoUserName, type Harness } from '../../testing/harness.ts';
import { findSheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { answeringCachesOf } from './sheet-cache.ts';

const OFFICE = 'Bürohaus Mainzer Landstraße';
const QUARTER = 'Quartier Prenzlauer Berg';

interface Filled {
  id: number;
  clusters: { categories: { sections: { questions: { id: number; type: string }[] }[] }[] }[];
  answers: { id: number; questionId: number; inputAnswer: number | null; comments: { comment: string }[] }[];
  lockedStatus: { isLocked: boolean; currentLockerName: string | null };
  progress: { answered: number; total: number };
}

// Two apps on one database stand for two server processes (as in plugins/sessions.test.ts): on PostgreSQL each has
// its own pool and LISTEN connection, on PGlite they share the one embedded database. Every read below would be
// answered from what an instance keeps if nothing dropped it (the counters show it is kept between changes).
describe.each(testDatabases())('filled questionnaires kept across two app instances on $name', ({ open }) => {
  let pair: Awaited<ReturnType<typeof createHarnessPair>>;
  let a: Harness;
  let b: Harness;
  /** An instance whose notifications never come (as if they were late): only its own drops keep it right. */
  let deaf: Harness;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    pair = await createHarnessPair({ open });
    ({ a, b } = pair);
    deaf = await createHarness({}, { ...pair.second, listen: async (_channel, handlers) => (handlers.listening(true), async () => undefined) });
  });
  afterAll(async () => {
    await deaf?.close();
    await pair?.close();
  });
  beforeEach(async () => {
    await a.resetTo('answered', async () => {
      await seedDemoQuestionnaires(a.db);
      await seedDemoAnswers(a.db, new Date(a.clock.now));
    });
    tokens.clear();
    // Signed in first (a sign-in keeps what an instance holds, but the reset before it does not).
    for (const h of [a, b, deaf]) for (const user of ['analyst', 'collector', 'objectadmin'] as const) await tokenOf(h, user);
    await settle(a);
    await settle(b);
  });

  /** Waits until an instance has heard every notification sent so far (they arrive in commit order). */
  const settle = (h: Harness) => settled(h, a);
  const tokenOf = async (h: Harness, user: DemoUserName) => {
    const key = `${h === a ? 'a' : h === b ? 'b' : 'deaf'}:${user}`;
    if (!tokens.has(key)) tokens.set(key, await h.login(user));
    return tokens.get(key)!;
  };
  const call = async (h: Harness, user: DemoUserName, method: 'GET' | 'PUT', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: { ...bearer(await tokenOf(h, user)), 'accept-language': 'de' }, ...(payload ? { payload } : {}) });
  const assetId = async (name: string) => (await a.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const latest = async (h: Harness, name: string, user: DemoUserName = 'analyst') => {
    const res = await call(h, user, 'GET', `/api/asset/${await assetId(name)}/questionnaire/latest`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Filled>();
  };
  const valueQuestion = (f: Filled) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).find((q) => q.type === 'ValueQuestion')!.id;
  const valueOf = (f: Filled, questionId: number) => f.answers.find((x) => x.questionId === questionId)?.inputAnswer ?? null;
  const sheetReads = (h: Harness) => answeringCachesOf(h.app)!.sheets.stats.reads;
  const save = async (h: Harness, name: string, questionId: number, inputAnswer: number | null, user: DemoUserName = 'collector') => {
    const res = await call(h, user, 'PUT', '/api/asset/answer', [{ assetId: await assetId(name), questionId, inputAnswer }]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ progress: { answered: number } }>();
  };

  it('keeps a filled questionnaire between reads, and a save by one user shows in the next read of another at once', async () => {
    const before = await latest(a, OFFICE);
    const question = valueQuestion(before);
    await latest(b, OFFICE);
    const [readsA, readsB] = [sheetReads(a), sheetReads(b)];
    await latest(a, OFFICE, 'objectadmin');
    await latest(b, OFFICE);
    expect([sheetReads(a), sheetReads(b)]).toEqual([readsA, readsB]);

    await save(a, OFFICE, question, 432.5);
    // The instance that saved answers every later read with the save, whoever asks.
    expect(valueOf(await latest(a, OFFICE), question)).toBe(432.5);
    expect(valueOf(await latest(a, OFFICE, 'objectadmin'), question)).toBe(432.5);
    // The other one as soon as the database's notification has come (on PGlite already at the commit).
    await settle(b);
    expect(valueOf(await latest(b, OFFICE), question)).toBe(432.5);
    // A cleared answer too, and the progress with it.
    const cleared = await save(b, OFFICE, question, null, 'objectadmin');
    const seen = await latest(b, OFFICE);
    expect(valueOf(seen, question)).toBeNull();
    expect(seen.progress.answered).toBe(cleared.progress.answered);
    await settle(a);
    expect(valueOf(await latest(a, OFFICE), question)).toBeNull();
  });

  it('the instance that saved answers its next reads with the save before any notification has come', async () => {
    const before = await latest(deaf, OFFICE);
    const question = valueQuestion(before);
    const reads = sheetReads(deaf);
    await latest(deaf, OFFICE, 'collector');
    expect(sheetReads(deaf)).toBe(reads);
    await save(deaf, OFFICE, question, 321.5);
    expect(valueOf(await latest(deaf, OFFICE), question)).toBe(321.5);
    const lockUrl = `/api/asset/${await assetId(OFFICE)}/questionnaire/${before.id}/lock?isLocked=true`;
    expect((await call(deaf, 'objectadmin', 'PUT', lockUrl)).statusCode).toBe(200);
    expect((await latest(deaf, OFFICE, 'collector')).lockedStatus.isLocked).toBe(true);
  });

  it('forgets what its save changed: the next read takes one statement and shows what a fresh read shows, the reads after it none', async () => {
    const before = await latest(a, OFFICE);
    const [first, second] = before.clusters
      .flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)))
      .filter((q) => q.type === 'ValueQuestion')
      .map((q) => q.id);
    // One answer changed, one cleared (its row stays, empty): the progress moves with them.
    await save(a, OFFICE, first!, 640.25);
    const saved = await save(a, OFFICE, second!, null);
    await settle(a);
    const reads = sheetReads(a);
    const kept = await latest(a, OFFICE, 'collector');
    expect(sheetReads(a)).toBe(reads + 1);
    expect(kept.progress.answered).toBe(saved.progress.answered);
    // What a read from the database shows (another instance, told of the saves), field for field.
    await settle(b);
    expect(kept).toEqual(await latest(b, OFFICE, 'collector'));
    expect(valueOf(kept, first!)).toBe(640.25);
    expect(valueOf(kept, second!)).toBeNull();
    expect(sheetReads(a)).toBe(reads + 1);
    // Kept as the database holds it.
    const { row, lock, answers, comments, documents, plausibility } = answeringCachesOf(a.app)!.sheets.peek(before.id)!;
    expect({ row, lock, answers, comments, documents, plausibility }).toEqual(await findSheet(a.db, null, before.id));
  });

  it('answers the same questionnaire gzipped to clients that accept it, and each caller with its own rights', async () => {
    const id = await assetId(OFFICE);
    const plain = await call(a, 'collector', 'GET', `/api/asset/${id}/questionnaire/latest`);
    const zipped = await a.app.inject({ url: `/api/asset/${id}/questionnaire/latest`, headers: { ...bearer(await tokenOf(a, 'collector')), 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    // The analyst reads the same kept questionnaire, and may not edit it; the collector may.
    expect(plain.json<{ canEdit: boolean }>().canEdit).toBe(true);
    expect((await call(a, 'analyst', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ canEdit: boolean }>().canEdit).toBe(false);
    expect((await call(a, 'collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ canEdit: boolean }>().canEdit).toBe(true);
  });

  it('a change made outside the portal (another process writing directly) empties the entry in both', async () => {
    const before = await latest(a, OFFICE);
    const question = valueQuestion(before);
    await latest(b, OFFICE);
    await sql`update asset_answers set input_answer = 77 where asset_questionnaire_id = ${before.id} and question_id = ${question}`.execute(b.db);
    await settle(a);
    await settle(b);
    expect(valueOf(await latest(a, OFFICE), question)).toBe(77);
    expect(valueOf(await latest(b, OFFICE), question)).toBe(77);
    // A comment (its own table, named through its answer) as well.
    const answerId = before.answers.find((x) => x.questionId === question)!.id;
    await sql`insert into asset_answer_comments (answer_id, author_name, comment) values (${answerId}, 'Extern', 'direkt geschrieben')`.execute(a.db);
    await settle(b);
    expect((await latest(b, OFFICE)).answers.find((x) => x.id === answerId)!.comments.map((c) => c.comment)).toEqual(['direkt geschrieben']);
  });

  it('a sign-in keeps what the instance holds (it writes only its attempt counters and record); a logout empties it', async () => {
    await latest(a, OFFICE);
    const reads = sheetReads(a);
    tokens.delete('a:analyst');
    await tokenOf(a, 'analyst');
    await latest(a, OFFICE);
    expect(sheetReads(a)).toBe(reads);
    // A call that names no tables it writes (logout) still empties everything before it answers.
    const logout = await a.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(await tokenOf(a, 'analyst')) });
    expect(logout.statusCode).toBe(204);
    tokens.delete('a:analyst');
    await latest(a, OFFICE);
    expect(sheetReads(a)).toBe(reads + 1);
  });

  it('a save keeps the sessions and accounts its instance holds, and the object list shows its progress at once', async () => {
    const id = await assetId(OFFICE);
    const question = valueQuestion(await latest(deaf, OFFICE));
    const listed = async () => {
      const res = await call(deaf, 'collector', 'GET', `/api/asset?search=${encodeURIComponent(OFFICE)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { id: number; progress: { answered: number } | null }[] }>().items.find((item) => item.id === id)!.progress!.answered;
    };
    await save(deaf, OFFICE, question, null);
    const answered = await listed();
    const [sessions, accounts] = [deaf.app.sessions.stats.reads, deaf.app.accounts.stats.reads];
    const saved = await save(deaf, OFFICE, question, 55.5);
    expect(saved.progress.answered).toBe(answered + 1);
    // The instance hears no notifications: what it shows after the save is what the save itself emptied.
    expect(await listed()).toBe(answered + 1);
    expect([deaf.app.sessions.stats.reads, deaf.app.accounts.stats.reads]).toEqual([sessions, accounts]);
  });

  it('a save of one questionnaire keeps what the instances hold of the others', async () => {
    const office = await latest(b, OFFICE);
    const quarter = await latest(b, QUARTER);
    const reads = sheetReads(b);
    await save(a, QUARTER, valueQuestion(quarter), 12.25);
    await settle(b);
    expect(valueOf(await latest(b, OFFICE), valueQuestion(office))).toBe(valueOf(office, valueQuestion(office)));
    expect(sheetReads(b)).toBe(reads);
    expect(valueOf(await latest(b, QUARTER), valueQuestion(quarter))).toBe(12.25);
    expect(sheetReads(b)).toBe(reads + 1);
  });

  it('a lock taken on one instance is named to everyone else on both at once, and its release too', async () => {
    const seen = await latest(a, OFFICE, 'collector');
    await latest(b, OFFICE, 'collector');
    const url = `/api/asset/${await assetId(OFFICE)}/questionnaire/${seen.id}/lock?isLocked=`;
    expect((await call(a, 'objectadmin', 'PUT', `${url}true`)).statusCode).toBe(200);
    expect((await latest(a, OFFICE, 'collector')).lockedStatus.isLocked).toBe(true);
    // A kept answer never outlives the lock: 30 idle minutes later it has expired, with nothing changed in between.
    a.clock.now += 31 * 60_000;
    expect((await latest(a, OFFICE, 'collector')).lockedStatus.isLocked).toBe(false);
    a.clock.now -= 31 * 60_000;
    expect((await latest(a, OFFICE, 'collector')).lockedStatus.isLocked).toBe(true);
    await settle(b);
    expect((await latest(b, OFFICE, 'collector')).lockedStatus.isLocked).toBe(true);
    // The holder itself is not told it is locked out.
    expect((await latest(b, OFFICE, 'objectadmin')).lockedStatus.isLocked).toBe(false);
    expect((await call(b, 'objectadmin', 'PUT', `${url}false`)).statusCode).toBe(200);
    expect((await latest(b, OFFICE, 'collector')).lockedStatus.isLocked).toBe(false);
    await settle(a);
    expect((await latest(a, OFFICE, 'collector')).lockedStatus.isLocked).toBe(false);
  });
});
