import { describe, expect, it } from 'vitest';
import { decodeSessionToken } from './token.ts';
import { sessionFromToken } from './session.ts';

const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const makeToken = (claims: Record<string, unknown>) =>
  `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.signature`;

const claims = {
  sub: '7',
  userName: 'jürgen.müller',
  exp: 2_000_000_000,
  role: '0,10',
  external: false,
  orgId: 3,
  orgTest: false,
  orgFinance: true,
  orgBuyer: false,
};

describe('decodeSessionToken', () => {
  it('reads the claims of the middle part, including non-ASCII user names', () => {
    expect(decodeSessionToken(makeToken(claims))).toEqual(claims);
  });

  it('gives null for malformed tokens and claims of the wrong shape', () => {
    expect(decodeSessionToken(null)).toBeNull();
    expect(decodeSessionToken('')).toBeNull();
    expect(decodeSessionToken('only.two')).toBeNull();
    expect(decodeSessionToken('a.%%%.c')).toBeNull();
    expect(decodeSessionToken(`x.${base64Url('not json')}.y`)).toBeNull();
    expect(decodeSessionToken(makeToken({ ...claims, exp: 'tomorrow' }))).toBeNull();
  });
});

describe('sessionFromToken', () => {
  it('makes an actor with the roles of the comma-separated role claim', () => {
    const session = sessionFromToken(makeToken(claims), 1_000);
    expect(session?.actor).toMatchObject({ userId: 7, userName: 'jürgen.müller', roles: [0, 10], orgFinance: true, orgId: 3 });
  });

  it('counts a session only while its token is unexpired', () => {
    const token = makeToken({ ...claims, exp: 5_000 });
    expect(sessionFromToken(token, 4_999)).not.toBeNull();
    expect(sessionFromToken(token, 5_000)).toBeNull();
    expect(sessionFromToken(token, 6_000)).toBeNull();
  });

  it('refuses a token that cannot be decoded', () => {
    expect(sessionFromToken('garbage', 0)).toBeNull();
  });
});
