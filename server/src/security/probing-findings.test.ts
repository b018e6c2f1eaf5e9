// The attacks of issue 9, each performed as the prober did it, over app.inject against the demo data.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, type Harness } from '../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const login = (userName: string, password: string) =>
  h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName, password } });

describe('finding 2: the five-attempt lockout holds under parallel requests', () => {
  it('20 simultaneous wrong passwords block the account; the right password straight after is refused', async () => {
    const wrong = await Promise.all(Array.from({ length: 20 }, () => login('collector', 'wrong-password')));
    expect(wrong.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    const keys = wrong.map((r) => r.json().key);
    expect(keys.filter((k) => k === 'login-error')).toHaveLength(5);
    expect(keys.filter((k) => k === 'login-blocked')).toHaveLength(15);
    const right = await login('collector', 'demo1234');
    expect(right.statusCode).toBe(401);
    expect(right.json().key).toBe('login-blocked');
  });

  it('after the block, an existing and an unknown user name answer alike', async () => {
    await Promise.all(Array.from({ length: 6 }, () => login('collector', 'wrong-password')));
    await Promise.all(Array.from({ length: 6 }, () => login('no-such-user', 'wrong-password')));
    const known = await login('collector', 'wrong-password');
    const unknown = await login('no-such-user', 'wrong-password');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect(unknown.json().key).toBe('login-blocked');
  });
});
