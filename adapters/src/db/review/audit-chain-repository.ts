import { sql, type Kysely, type Transaction } from 'kysely';
import { verifyChain, type AuditKind, type AuditRecord, type ChainProblem, type ChainVerdict, type CurrentRow } from '@ecore/core/review/audit-chain.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** A link of an organisation's audit chain (migration 2026-11-29-114): written by the database with its row, never by the portal. */
export interface AuditChainTable {
  organisation_id: number;
  seq: number;
  kind: string;
  source_id: number;
  parent_id: number | null;
  content: string;
  hash: string;
}

export interface AuditChainTables {
  audit_chain: AuditChainTable;
}

/** The table of the questionnaire or group an audit row belongs to: its removal removes the row with it. */
const PARENT_TABLE: Partial<Record<AuditKind, 'asset_questionnaires' | 'asset_groups'>> = {
  'questionnaire-transition': 'asset_questionnaires',
  'answer-change': 'asset_questionnaires',
  'group-transition': 'asset_groups',
};

const keyOf = (kind: string, id: number) => `${kind}:${id}`;

/** The canonical content of these audit rows of one kind as they stand now (by id; a removed row is missing). */
async function currentContents(db: Executor, kind: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: number; content: string }>`select id, content from audit_rows where kind = ${kind} and id = any(${sql.val([...ids])}::int[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.content]));
}

async function existingParents(db: Executor, table: 'asset_questionnaires' | 'asset_groups', ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Walks an organisation's audit chain against its audit rows as they stand (core verifyChain): its links in order,
 * then any audit row of the organisation without a link.
 */
export async function verifyOrganisationChain(db: Executor, organisationId: number): Promise<ChainVerdict> {
  // The rows written before this call are linked first (migration 2026-11-29-128: links follow their rows' commit).
  await sql`select ecore_audit_head(${organisationId}::int)`.execute(db);
  const links = await db.selectFrom('audit_chain').selectAll().where('organisation_id', '=', organisationId).orderBy('seq').execute();
  const byKind = new Map<string, number[]>();
  for (const l of links) byKind.set(l.kind, [...(byKind.get(l.kind) ?? []), l.source_id]);
  const current = new Map<string, string>();
  const parents = new Map<string, Set<number>>();
  for (const [kind, ids] of byKind) {
    for (const [id, content] of await currentContents(db, kind, ids)) current.set(keyOf(kind, id), content);
    const table = PARENT_TABLE[kind as AuditKind];
    if (table) parents.set(kind, await existingParents(db, table, links.filter((l) => l.kind === kind && l.parent_id !== null).map((l) => l.parent_id!)));
  }
  const last = new Map(links.map((l, i) => [keyOf(l.kind, l.source_id), i]));
  const standing = (l: AuditChainTable, i: number): CurrentRow => {
    const key = keyOf(l.kind, l.source_id);
    if (last.get(key) !== i) return { kind: 'chained-again' };
    const content = current.get(key);
    if (content !== undefined) return { kind: 'present', content };
    const alive = parents.get(l.kind);
    return alive && l.parent_id !== null && !alive.has(l.parent_id) ? { kind: 'subject-deleted' } : { kind: 'removed' };
  };
  const records: AuditRecord[] = links.map((l, i) => ({ kind: l.kind as AuditKind, id: l.source_id, link: { content: l.content, hash: l.hash }, current: standing(l, i) }));
  const { rows: unchained } = await sql<{ kind: AuditKind; id: number; content: string }>`select r.kind, r.id, r.content from audit_rows r
    where r.organisation_id = ${organisationId} and not exists (select 1 from audit_chain c where c.kind = r.kind and c.source_id = r.id)
      and not exists (select 1 from audit_pending p where p.kind = r.kind and p.source_id = r.id) order by r.at, r.kind, r.id`.execute(db);
  for (const u of unchained) records.push({ kind: u.kind, id: u.id, link: null, current: { kind: 'present', content: u.content } });
  return verifyChain(records);
}

/**
 * Links every organisation's audit rows written since the last call into their chains (the background worker of each
 * server process, every second); answers how many it linked.
 */
export async function sealAuditRows(db: Executor): Promise<number> {
  const { rows } = await sql<{ sealed: number }>`select ecore_audit_seal_all() as sealed`.execute(db);
  return rows[0]?.sealed ?? 0;
}

/** Chains again answer-change rows the portal itself moved to another question (a new template version). */
export async function rechainAnswerChanges(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`select ecore_audit_append(ecore_audit_organisation(r), 'answer-change', r.id, r.asset_questionnaire_id, ecore_audit_content(r))
    from asset_answer_changes r where r.id = any(${sql.val([...ids])}::int[])`.execute(db);
}

export interface ChainReport {
  ok: boolean;
  count: number;
  firstMismatch: { organisationId: number; organisationName: string; position: number; kind: AuditKind; id: number; problem: ChainProblem } | null;
  organisations: { organisationId: number; organisationName: string; ok: boolean; count: number; head: string | null }[];
}

/** Every organisation's chain walked (or one's; null when it does not exist), as the verification call and command answer it. */
export async function verifyAllChains(db: Executor, organisationId?: number): Promise<ChainReport | null> {
  let query = db.selectFrom('organisations').select(['id', 'name']).orderBy('id');
  if (organisationId !== undefined) query = query.where('id', '=', organisationId);
  const organisations = await query.execute();
  if (organisationId !== undefined && organisations.length === 0) return null;
  const report: ChainReport = { ok: true, count: 0, firstMismatch: null, organisations: [] };
  for (const o of organisations) {
    const verdict = await verifyOrganisationChain(db, o.id);
    report.count += verdict.count;
    report.organisations.push({ organisationId: o.id, organisationName: o.name, ok: verdict.ok, count: verdict.count, head: verdict.ok ? verdict.head : null });
    if (!verdict.ok && report.firstMismatch === null) {
      report.ok = false;
      report.firstMismatch = { organisationId: o.id, organisationName: o.name, position: verdict.position + 1, kind: verdict.kind, id: verdict.id, problem: verdict.problem };
    }
  }
  return report;
}
