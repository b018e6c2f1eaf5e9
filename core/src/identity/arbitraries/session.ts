import fc from 'fast-check';
import type { SessionClaims } from '../session.ts';
import { roleSet } from './users.ts';

/** The claims of any session token the server signs, with or without a session version. */
export const sessionClaims = (): fc.Arbitrary<SessionClaims> =>
  fc.record(
    {
      sub: fc.integer({ min: 1 }).map(String),
      userName: fc.string({ minLength: 1 }),
      exp: fc.integer({ min: 0, max: 2 ** 40 }),
      role: roleSet().map((roles) => roles.join(',')),
      external: fc.boolean(),
      orgId: fc.integer({ min: 1 }),
      orgTest: fc.boolean(),
      orgFinance: fc.boolean(),
      orgBuyer: fc.boolean(),
      sv: fc.nat(),
    },
    { requiredKeys: ['sub', 'userName', 'exp', 'role', 'external', 'orgId', 'orgTest', 'orgFinance', 'orgBuyer'] },
  );
