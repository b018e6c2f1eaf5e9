import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, decideIdempotency, IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_KEY_LIFETIME_MS, isIdempotencyKey, keepsAnswer } from './idempotency.ts';

const T = Date.parse('2026-11-24T12:00:00Z');

describe('safe retries with an Idempotency-Key (issue 21)', () => {
  it('answers the first answer again to the same request within 24 hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: IDEMPOTENCY_KEY_LIFETIME_MS - 1 }), (age) => {
        expect(decideIdempotency({ requestHash: 'a', createdAt: T - age, statusCode: 201 }, 'a', T)).toEqual({ kind: 'replay' });
      }),
    );
  });

  it('refuses the same key with another request within 24 hours, and never replays it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: IDEMPOTENCY_KEY_LIFETIME_MS - 1 }), fc.option(fc.constantFrom(201, 200), { nil: null }), (age, status) => {
        expect(decideIdempotency({ requestHash: 'a', createdAt: T - age, statusCode: status }, 'b', T)).toEqual({ kind: 'conflict' });
      }),
    );
  });

  it('forgets a key after 24 hours', () => {
    expect(decideIdempotency({ requestHash: 'a', createdAt: T - IDEMPOTENCY_KEY_LIFETIME_MS, statusCode: 201 }, 'b', T)).toEqual({ kind: 'run', removeStale: true });
  });

  it('waits for a first request under way, and takes over one lost for a minute', () => {
    expect(decideIdempotency({ requestHash: 'a', createdAt: T - 10, statusCode: null }, 'a', T)).toEqual({ kind: 'wait' });
    expect(decideIdempotency({ requestHash: 'a', createdAt: T - IDEMPOTENCY_ABANDONED_MS, statusCode: null }, 'a', T)).toEqual({ kind: 'run', removeStale: true });
  });

  it('keeps only answers that succeeded', () => {
    expect([200, 201, 204, 400, 403, 409, 422, 500].filter(keepsAnswer)).toEqual([200, 201, 204]);
  });

  it('accepts keys of 1 to 255 visible characters', () => {
    expect(isIdempotencyKey('6f1c2f3e-8a0b-4c1d-9e2f-0a1b2c3d4e5f')).toBe(true);
    expect(isIdempotencyKey('')).toBe(false);
    expect(isIdempotencyKey('a b')).toBe(false);
    expect(isIdempotencyKey('x'.repeat(256))).toBe(false);
  });

  it('reads the same body in any key order as the same request', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
      }),
    );
  });
});
