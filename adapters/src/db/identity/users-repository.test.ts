import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import type { Database } from '../database.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { truncateApplicationTables } from '../testing/truncate.ts';
import { findLinkTokenByHash, insertLinkToken, markLinkTokenUsed, voidLinkTokens } from './link-tokens-repository.ts';
import { endSessions, findSessionState, findSignInUserByEmail, findSignInUserById, findSignInUserByName, savePassword, withSignInAttempts } from './users-repository.ts';

describe.each(testDatabases())('identity repositories on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await truncateApplicationTables(database.db);
    await seedDemoData(database.db, 'hash-of-demo1234');
  });

  it('loads every demo user once, and a second seed changes nothing', async () => {
    expect((await seedDemoData(database.db, 'other')).seeded).toBe(false);
    const names = (await database.db.selectFrom('users').select('user_name').orderBy('user_name').execute()).map((r) => r.user_name);
    expect(names).toEqual(DEMO_USERS.map((u) => u.userName).sort());
  });

  it('finds a sign-in user by name regardless of case, with the organisation flags', async () => {
    const bank = await findSignInUserByName(database.db, ' BANK ');
    expect(bank).toMatchObject({
      userName: 'bank',
      roles: [4, 10],
      organisationName: 'Beispielbank eG',
      organisation: { organisationActive: true, isFinancePartner: true, isBuyer: false, isTestAccount: false },
      credentials: { passwordHash: 'hash-of-demo1234', sessionVersion: 0 },
    });
    expect(await findSignInUserByName(database.db, 'nobody')).toBeNull();
    expect((await findSignInUserById(database.db, bank!.id))?.userName).toBe('bank');
  });

  it('finds a user by e-mail only when the address is unique', async () => {
    expect((await findSignInUserByEmail(database.db, 'ADMIN@musterimmobilien.example'))?.userName).toBe('admin');
    await database.db.updateTable('users').set({ email: 'admin@musterimmobilien.example' }).where('user_name', '=', 'analyst').execute();
    expect(await findSignInUserByEmail(database.db, 'admin@musterimmobilien.example')).toBeNull();
  });

  it('keeps the user names unique regardless of case', async () => {
    const orgId = (await findSignInUserByName(database.db, 'admin'))!.organisationId;
    await expect(
      database.db.insertInto('users').values({ user_name: 'Admin', email: 'x@y.z', first_name: 'X', last_name: 'Y', organisation_id: orgId }).execute(),
    ).rejects.toThrow();
  });

  const countersOf = (name: string) =>
    withSignInAttempts(database.db, name, (current) => ({ attempts: null, result: current }));

  it('stores failed-login counters and block times per user name, known or not, regardless of case', async () => {
    const until = Date.parse('2026-11-22T10:15:00Z');
    await withSignInAttempts(database.db, 'Collector', () => ({ attempts: { failedLogins: 0, blockedUntil: until }, result: null }));
    expect(await countersOf(' collector ')).toEqual({ failedLogins: 0, blockedUntil: until });
    await withSignInAttempts(database.db, 'nobody-here', () => ({ attempts: { failedLogins: 2, blockedUntil: null }, result: null }));
    expect(await countersOf('NOBODY-HERE')).toEqual({ failedLogins: 2, blockedUntil: null });
  });

  it('counts 20 parallel attempts one after the other (a row lock, not read-then-write)', async () => {
    const bump = () =>
      withSignInAttempts(database.db, 'collector', (current) => ({ attempts: { failedLogins: current.failedLogins + 1, blockedUntil: null }, result: current.failedLogins }));
    const seen = await Promise.all(Array.from({ length: 20 }, bump));
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(await countersOf('collector')).toEqual({ failedLogins: 20, blockedUntil: null });
  });

  it('leaves no row behind for counters back at zero', async () => {
    await withSignInAttempts(database.db, 'collector', () => ({ attempts: { failedLogins: 0, blockedUntil: null }, result: null }));
    expect(await database.db.selectFrom('sign_in_attempts').selectAll().execute()).toEqual([]);
  });

  it('a new password activates, clears the counters and ends the sessions; endSessions ends them too', async () => {
    const user = (await findSignInUserByName(database.db, 'collector'))!;
    await withSignInAttempts(database.db, 'collector', () => ({ attempts: { failedLogins: 3, blockedUntil: null }, result: null }));
    await savePassword(database.db, user.id, 'new-hash', 1);
    const after = (await findSignInUserById(database.db, user.id))!;
    expect(after.credentials).toEqual({ passwordHash: 'new-hash', sessionVersion: 1 });
    expect(await countersOf('collector')).toEqual({ failedLogins: 0, blockedUntil: null });
    await endSessions(database.db, user.id);
    expect(await findSessionState(database.db, user.id)).toEqual({ sessionVersion: 2, status: 1, locked: false, organisationActive: true });
  });

  it('link tokens: found by hash and purpose, used once, voided by a newer one', async () => {
    const user = (await findSignInUserByName(database.db, 'collector'))!;
    const now = Date.parse('2026-11-22T09:00:00Z');
    const id = await insertLinkToken(database.db, { purpose: 'resetPassword', hash: 'h1', userId: user.id, expiresAt: now + 1000 });
    expect(await findLinkTokenByHash(database.db, 'h1', ['setPassword'])).toBeNull();
    expect(await findLinkTokenByHash(database.db, 'h1', ['resetPassword'])).toMatchObject({ id, userId: user.id, expiresAt: now + 1000, usedAt: null, voidedAt: null });
    expect(await markLinkTokenUsed(database.db, id, now)).toBe(true);
    expect(await markLinkTokenUsed(database.db, id, now)).toBe(false);
    await insertLinkToken(database.db, { purpose: 'resetPassword', hash: 'h2', userId: user.id, expiresAt: now + 1000 });
    await voidLinkTokens(database.db, user.id, ['resetPassword'], now);
    expect((await findLinkTokenByHash(database.db, 'h2', ['resetPassword']))?.voidedAt).toBe(now);
    // A used token keeps its use time, it is not voided afterwards.
    expect((await findLinkTokenByHash(database.db, 'h1', ['resetPassword']))?.voidedAt).toBeNull();
  });

  it('only one of two concurrent uses of a token succeeds', async () => {
    const user = (await findSignInUserByName(database.db, 'collector'))!;
    const id = await insertLinkToken(database.db, { purpose: 'setPassword', hash: 'race', userId: user.id, expiresAt: Date.now() + 60_000 });
    const results = await Promise.all([markLinkTokenUsed(database.db, id, 1), markLinkTokenUsed(database.db, id, 2)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
