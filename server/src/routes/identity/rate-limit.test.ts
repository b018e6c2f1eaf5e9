import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ authRateLimit: 3 });
  await h.reset();
});
afterAll(async () => h.close());

it('limits sign-in and reset calls per address and minute with a localized 429', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    codes.push((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'admin', password: 'x' } })).statusCode);
  }
  expect(codes).toEqual([401, 401, 401, 429]);
  const limited = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'admin', password: 'x' }, headers: { 'accept-language': 'en' } });
  expect(limited.json()).toMatchObject({ statusCode: 429, key: 'too-many-requests', message: 'Too many requests. Please try again later.' });
  // Issue 21: the answer says when to try again, in Retry-After and the RateLimit field.
  expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  expect(limited.headers.ratelimit).toMatch(/^limit=3, remaining=0, reset=\d+$/);
  // Other calls are not limited by the sign-in budget.
  expect((await h.app.inject({ url: '/api/app/config' })).statusCode).toBe(200);
});
