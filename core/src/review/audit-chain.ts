import { Role } from '../identity/roles.ts';
import { sha256Hex } from '../shared/sha256.ts';

/**
 * The tamper-evident audit trail (docs/security.md "Audit chain"): every audit row of an organisation — state
 * changes and reviews of questionnaires and groups, answer changes, certificates issued, account and role
 * changes — is a link of the organisation's chain. A link carries the SHA-256 of the previous link's hash and
 * the row's canonical content; walking the chain again finds the first row that was changed, removed, reordered
 * or never chained. The canonical content of a row is the database's (migration 2026-11-29-114: the row's fields
 * as jsonb text, keys sorted, times in UTC), written with the row in the same statement; core hashes and walks.
 */
export const AUDIT_KINDS = ['questionnaire-transition', 'group-transition', 'answer-change', 'certificate', 'account'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The hash before the first link of every chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** The hash of a link: SHA-256 over the previous link's hash followed by the row's canonical content. */
export const chainHash = (previousHash: string, content: string): string => sha256Hex(previousHash + content);

export interface ChainLink {
  content: string;
  hash: string;
}

/** The links that append these contents, in order, to a chain whose last hash is `head`. */
export const appendLinks = (head: string, contents: readonly string[]): ChainLink[] => {
  const links: ChainLink[] = [];
  let previous = head;
  for (const content of contents) {
    previous = chainHash(previous, content);
    links.push({ content, hash: previous });
  }
  return links;
};

/**
 * How an audit row stands today: its canonical content; removed; removed with the questionnaire or group it
 * belonged to; or chained again by a later link (a change the portal made and chained, such as an answer's log
 * following its question to a new template version) — then the later link is the one compared.
 */
export type CurrentRow = { kind: 'present'; content: string } | { kind: 'removed' } | { kind: 'subject-deleted' } | { kind: 'chained-again' };

/** One audit row as the verification sees it: its link in the chain (null: never chained) and the row as it stands. */
export interface AuditRecord {
  kind: AuditKind;
  id: number;
  link: ChainLink | null;
  current: CurrentRow;
}

/**
 * Why a row does not match: `broken` — its link's hash is not the hash of the previous link and its content
 * (a link changed, removed or moved); `changed` — the row no longer has the content it was chained with;
 * `removed` — the row is gone while what it belonged to is still there; `unchained` — the row has no link.
 */
export type ChainProblem = 'broken' | 'changed' | 'removed' | 'unchained';

export type ChainVerdict =
  | { ok: true; count: number; head: string }
  | { ok: false; count: number; position: number; kind: AuditKind; id: number; problem: ChainProblem };

/**
 * Walks an organisation's records in chain order (the chained ones first, then any row without a link) and
 * answers the first that does not match, or ok with the count and the last hash.
 */
export const verifyChain = (records: readonly AuditRecord[]): ChainVerdict => {
  let previous = GENESIS_HASH;
  for (const [position, record] of records.entries()) {
    const problem = recordProblem(record, previous);
    if (problem !== null) return { ok: false, count: records.length, position, kind: record.kind, id: record.id, problem };
    previous = record.link!.hash;
  }
  return { ok: true, count: records.length, head: previous };
};

const recordProblem = (record: AuditRecord, previous: string): ChainProblem | null => {
  if (record.link === null) return 'unchained';
  if (chainHash(previous, record.link.content) !== record.link.hash) return 'broken';
  if (record.current.kind === 'removed') return 'removed';
  if (record.current.kind === 'present' && record.current.content !== record.link.content) return 'changed';
  return null;
};

/** Who walks the chains (GET /api/audit/verify): the platform's operator, across all organisations. */
export const mayVerifyAuditChain = (actor: { roles: readonly Role[] }): boolean => actor.roles.includes(Role.AccountAdministrator);
