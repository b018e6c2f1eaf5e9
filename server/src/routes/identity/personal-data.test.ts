// Personal data (issue 24; GDPR Art. 15, 17, 20): the caller's own data as JSON, archiving pseudonymises,
// sign-in records are kept 90 days.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { DEMO_USERS } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { sweep } from '../../sweeps.ts';
import { bearer, createHarness, T0, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () =>
  h.resetTo('review', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now));
    await seedDemoReview(h.db, new Date(h.clock.now));
  }),
);

const userId = async (userName: string) => (await h.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;

/** Tables (all but the certificates, which keep the names as printed) whose rows mention the text anywhere, as a word of its own. */
async function tablesMentioning(text: string): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'certificates' order by table_name`.execute(h.db);
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    const pattern = `(^|[^a-z0-9])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)} t where t::text ~* ${pattern}`.execute(h.db);
    if ((row.rows[0]?.n ?? 0) > 0) found.push(table_name);
  }
  return found;
}

describe('GET /api/user/me/personalData', () => {
  it('answers every role its own profile, roles, organisation and sign-ins, as a download, nobody else\'s', async () => {
    for (const demo of DEMO_USERS) {
      const res = await h.as(demo.userName as DemoUserName, 'GET', '/api/user/me/personalData');
      expect(res.statusCode, `${demo.userName}: ${res.body}`).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ecore-personal-data-\d+\.json"$/);
      const body = res.json();
      expect(body.profile).toMatchObject({ userName: demo.userName, firstName: demo.firstName, lastName: demo.lastName });
      expect(body.roles).toEqual(demo.roles);
      expect(body.organisation.id).toBe((await h.db.selectFrom('users').select('organisation_id').where('user_name', '=', demo.userName).executeTakeFirstOrThrow()).organisation_id);
      expect(body.signInEvents[0]).toMatchObject({ outcome: 'signedIn', at: new Date(T0).toISOString() });
      // Never another user's entries, never a secret.
      expect(body.comments.every((c: { authorName: string }) => c.authorName === `${demo.firstName} ${demo.lastName}`)).toBe(true);
      // The one mention of a password is the sign-in method's "set up or not".
      expect(JSON.stringify(body).replace('"password":{"set":true}', '').replaceAll('"method":"password"', '')).not.toMatch(/password|hash|\$argon2/i);
    }
  });

  it('lists the comments, change-log entries and state changes the user wrote, and failed sign-ins', async () => {
    await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'tester', password: 'wrong-1234' } });
    const body = (await h.as('tester', 'GET', '/api/user/me/personalData')).json();
    expect(body.signInEvents.map((e: { outcome: string }) => e.outcome).sort()).toEqual(['refused', 'signedIn']);
    const tester = await userId('tester');
    const transitions = await h.db.selectFrom('asset_questionnaire_transitions').select('id').where('user_id', '=', tester).execute();
    expect(transitions.length).toBeGreaterThan(0);
    expect(body.stateChanges.map((t: { id: number }) => t.id)).toEqual(transitions.map((t) => t.id));
    const changes = await h.db.selectFrom('asset_answer_changes').select('id').where('user_id', '=', tester).execute();
    expect(body.changeLog.map((c: { id: number }) => c.id)).toEqual(changes.map((c) => c.id));
    const comments = await h.db.selectFrom('asset_answer_comments').select('id').where('author_id', '=', tester).execute();
    expect(body.comments.map((c: { id: number }) => c.id)).toEqual(comments.map((c) => c.id));
    expect(body.accessTokens).toEqual([]);
    expect(body.signInMethods).toEqual({
      password: { set: true },
      totp: { state: 'none', confirmedAt: null, lastUsedAt: null, recoveryCodesLeft: 0, recoveryCodeLastUsedAt: null },
      organisationRequiresTotp: false,
      sso: { available: false, lastUsedAt: null },
      passkeys: { count: 0, lastUsedAt: null },
    });
  });

  it('lists access tokens for backend callers by name and dates, never their secret (issue 21’s api_tokens)', async () => {
    const id = await userId('bank');
    await sql`insert into api_tokens (user_id, name, scopes, token_hash, expires_at, created_at)
      values (${id}, 'ERP-Anbindung', '{read}', 'hash-that-must-not-leave', ${new Date(T0 + 86_400_000)}, ${new Date(T0)})`.execute(h.db);
    const res = await h.as('bank', 'GET', '/api/user/me/personalData');
    expect(res.json().accessTokens).toEqual([
      { id: expect.any(Number), name: 'ERP-Anbindung', scopes: ['read'], createdAt: new Date(T0).toISOString(), expiresAt: new Date(T0 + 86_400_000).toISOString(), lastUsedAt: null, revokedAt: null },
    ]);
    expect(res.body).not.toContain('hash-that-must-not-leave');
    expect((await h.as('buyer', 'GET', '/api/user/me/personalData')).json().accessTokens).toEqual([]);
  });

  it('refuses a caller without a session, storing nothing', async () => {
    await h.expectRefused(() => h.app.inject({ method: 'GET', url: '/api/user/me/personalData' }), { statusCode: 401, key: 'unauthorized' });
    await h.expectRefused(() => h.app.inject({ method: 'GET', url: '/api/user/me/personalData', headers: bearer('not-a-token') }), { statusCode: 401, key: 'unauthorized' });
  });
});

describe('archiving a user (GDPR Art. 17)', () => {
  it('replaces names, user name, e-mail and phone numbers by "Archivierter Nutzer <id>" everywhere but in issued certificates', async () => {
    const certificateBefore = await h.db.selectFrom('certificates').selectAll().execute();
    expect(certificateBefore.some((c) => c.tester_name === 'Tom Tester')).toBe(true);
    const id = await userId('tester');
    const { email } = await h.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    await h.db.updateTable('users').set({ phone_number: '+49 69 1234567', mobile_number: '+49 170 7654321' }).where('id', '=', id).execute();
    // A comment of the tester's, so that there is one to pseudonymise.
    const answer = await h.db.selectFrom('asset_answers').select('id').limit(1).executeTakeFirstOrThrow();
    await h.db.insertInto('asset_answer_comments').values({ answer_id: answer.id, author_id: id, author_name: 'Tom Tester', comment: 'Beleg fehlt', created_at: new Date(T0) }).execute();
    // An answer the tester accepted keeps who checked it (a library document's "already checked").
    await h.db.updateTable('asset_answers').set({ checked_by: 'Tom Tester', checked_at: new Date(T0) }).where('id', '=', answer.id).execute();
    expect(await tablesMentioning('Tom Tester')).not.toEqual([]);

    const res = await h.as('admin', 'DELETE', `/api/user/archive/${id}`);
    expect(res.statusCode, res.body).toBe(204);

    const user = await h.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Archivierter Nutzer', last_name: String(id), user_name: `archived-user-${id}`, email: `archived-user-${id}@archived.invalid`, phone_number: '', mobile_number: '', password_hash: null, status: 2 });
    for (const text of ['Tom Tester', email, '1234567', '7654321']) expect(await tablesMentioning(text), text).toEqual([]);
    const pseudonym = `Archivierter Nutzer ${id}`;
    expect((await h.db.selectFrom('asset_answer_comments').select('author_name').where('author_id', '=', id).execute()).map((c) => c.author_name)).toEqual([pseudonym]);
    expect(new Set((await h.db.selectFrom('asset_questionnaire_transitions').select('user_name').where('user_id', '=', id).execute()).map((t) => t.user_name))).toEqual(new Set([pseudonym]));
    // The certificate keeps the name as printed.
    expect(await h.db.selectFrom('certificates').selectAll().execute()).toEqual(certificateBefore);
    // The former user name no longer signs in.
    expect((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'tester', password: 'demo1234' } })).statusCode).toBe(401);
  });

  it('still refuses changing anything else in the audit log', async () => {
    await expect(sql`update asset_questionnaire_transitions set reason = 'forged'`.execute(h.db)).rejects.toThrow(/append-only/);
  });

  it('is refused to whom may not archive, storing nothing', async () => {
    const id = await userId('tester');
    await h.expectRefused(() => h.as('collector', 'DELETE', `/api/user/archive/${id}`), { statusCode: 403 });
    expect((await h.db.selectFrom('users').select('last_name').where('id', '=', id).executeTakeFirstOrThrow()).last_name).toBe('Tester');
  });
});

describe('sign-in records', () => {
  it('are deleted by the background sweep after 90 days, the newer ones kept', async () => {
    const id = await userId('collector');
    const DAY = 86_400_000;
    const now = T0 + 200 * DAY;
    await h.db.insertInto('sign_in_events').values([
      { user_id: id, at: new Date(now - 91 * DAY), outcome: 'signedIn' },
      { user_id: id, at: new Date(now - 89 * DAY), outcome: 'refused' },
    ]).execute();
    await h.db.insertInto('sign_in_attempts').values([
      { user_name: 'old', failed_logins: 2, updated_at: new Date(now - 91 * DAY) },
      { user_name: 'recent', failed_logins: 1, updated_at: new Date(now - DAY) },
    ]).execute();
    const failures: unknown[] = [];
    await sweep(h.db, now, (_what, err) => failures.push(err));
    expect(failures).toEqual([]);
    expect((await h.db.selectFrom('sign_in_events').select('outcome').where('user_id', '=', id).execute()).map((e) => e.outcome)).toEqual(['refused']);
    expect((await h.db.selectFrom('sign_in_attempts').select('user_name').execute()).map((a) => a.user_name)).toEqual(['recent']);
  });
});
