// The tamper-evident audit trail: a chain of any length verifies; changing, removing or reordering any one row is
// found at that row.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../shared/sha256.ts';
import { Role } from '../identity/roles.ts';
import { appendLinks, chainHash, GENESIS_HASH, mayVerifyAuditChain, verifyChain, type AuditRecord } from './audit-chain.ts';

/** An organisation's audit rows as they were written: distinct contents, each chained to the one before. */
const chained = (contents: readonly string[]): AuditRecord[] =>
  appendLinks(GENESIS_HASH, contents).map((link, i) => ({ kind: 'answer-change', id: i + 1, link, current: { kind: 'present', content: link.content } }));

const rowContents = (min: number) =>
  fc.uniqueArray(fc.record({ note: fc.string(), value: fc.integer() }), { minLength: min, maxLength: 25, selector: (r) => `${r.note}|${r.value}` })
    .map((rows) => rows.map((r, i) => JSON.stringify({ kind: 'answer-change', id: i + 1, ...r })));

const withPosition = (min: number) => rowContents(min).chain((contents) => fc.tuple(fc.constant(contents), fc.nat({ max: contents.length - 1 })));

describe('SHA-256', () => {
  it('gives the standard digests', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    expect(sha256Hex('Prüfung €')).toBe('449b6c27338e46dc882b3b19283feee556a87caecd43ed25220f32c79ee66ace');
    expect(sha256Hex('a'.repeat(1000))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3');
  });
});

describe('an audit chain', () => {
  it('of any length verifies, with its count and the hash of its last link', () => {
    fc.assert(
      fc.property(rowContents(0), (contents) => {
        const records = chained(contents);
        expect(verifyChain(records)).toEqual({ ok: true, count: contents.length, head: records.at(-1)?.link?.hash ?? GENESIS_HASH });
      }),
    );
  });

  it('links each row to the one before: its hash is SHA-256 of the previous hash and its content', () => {
    const [first, second] = appendLinks(GENESIS_HASH, ['a', 'b']);
    expect(first!.hash).toBe(sha256Hex(`${GENESIS_HASH}a`));
    expect(second!.hash).toBe(chainHash(first!.hash, 'b'));
  });

  it('finds a row changed behind its back at that row', () => {
    fc.assert(
      fc.property(withPosition(1), fc.string(), ([contents, at], extra) => {
        const records = chained(contents);
        records[at] = { ...records[at]!, current: { kind: 'present', content: `${records[at]!.link!.content}x${extra}` } };
        expect(verifyChain(records)).toMatchObject({ ok: false, position: at, id: at + 1, problem: 'changed' });
      }),
    );
  });

  it('finds a link changed together with its row at that row', () => {
    fc.assert(
      fc.property(withPosition(1), ([contents, at]) => {
        const records = chained(contents);
        const forged = `${records[at]!.link!.content} `;
        records[at] = { ...records[at]!, link: { ...records[at]!.link!, content: forged }, current: { kind: 'present', content: forged } };
        expect(verifyChain(records)).toMatchObject({ ok: false, position: at, problem: 'broken' });
      }),
    );
  });

  it('finds a removed row at that row, and a removed link at the row after it (or the row left without a link)', () => {
    fc.assert(
      fc.property(withPosition(1), ([contents, at]) => {
        const rowGone = chained(contents);
        rowGone[at] = { ...rowGone[at]!, current: { kind: 'removed' } };
        expect(verifyChain(rowGone)).toMatchObject({ ok: false, position: at, problem: 'removed' });

        const linkGone = chained(contents);
        const [record] = linkGone.splice(at, 1);
        if (at < linkGone.length) expect(verifyChain(linkGone)).toMatchObject({ ok: false, position: at, problem: 'broken' });
        linkGone.push({ ...record!, link: null });
        expect(verifyChain(linkGone)).toMatchObject({ ok: false, position: at, problem: at < linkGone.length - 1 ? 'broken' : 'unchained' });
      }),
    );
  });

  it('finds two rows swapped at the first of them', () => {
    fc.assert(
      fc.property(rowContents(2).chain((c) => fc.tuple(fc.constant(c), fc.nat({ max: c.length - 2 }))), ([contents, at]) => {
        const records = chained(contents);
        [records[at], records[at + 1]] = [records[at + 1]!, records[at]!];
        expect(verifyChain(records)).toMatchObject({ ok: false, position: at, problem: 'broken' });
      }),
    );
  });

  it('keeps the links of rows removed with their questionnaire or group, and of rows chained again later', () => {
    const records = chained(['a', 'b', 'c']);
    records[1] = { ...records[1]!, current: { kind: 'subject-deleted' } };
    records[2] = { ...records[2]!, current: { kind: 'chained-again' } };
    expect(verifyChain(records)).toMatchObject({ ok: true, count: 3 });
    records[2] = { ...records[2]!, current: { kind: 'removed' } };
    expect(verifyChain(records)).toMatchObject({ ok: false, position: 2, problem: 'removed' });
  });
});

describe('walking the chains', () => {
  it('is for the account administrator only', () => {
    expect(mayVerifyAuditChain({ roles: [Role.AccountAdministrator] })).toBe(true);
    for (const role of Object.values(Role).filter((r) => r !== Role.AccountAdministrator)) expect(mayVerifyAuditChain({ roles: [role as Role] })).toBe(false);
  });
});
