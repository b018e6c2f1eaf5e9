// The tamper-evident audit trail (docs/security.md "Audit chain"): every audit row is chained per organisation by
// the database a moment after its row commits (recorded as written, linked in order); GET /api/audit/verify walks the chains and names the first row edited behind the
// portal's back; a certificate records the chain hash at its issue and its public verification shows it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { recordAccountAudit } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { sealAuditRows } from '@ecore/adapters/db/review/audit-chain-repository.ts';
import { chainExistingRows } from '@ecore/migrations/migrations/2026-11-29-114-audit-chain.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
const seeded = () =>
  h.resetTo('audit-chain', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now - 5 * 86_400_000));
    await seedDemoReview(h.db, new Date(h.clock.now));
  });
beforeAll(async () => {
  h = await createHarness();
});
beforeEach(seeded);
afterAll(async () => h.close());

const OWNER = 'Musterimmobilien AG';
type Report = {
  ok: boolean;
  count: number;
  firstMismatch: { organisationName: string; position: number; kind: string; id: number; problem: string } | null;
  organisations: { organisationId: number; organisationName: string; ok: boolean; count: number; head: string | null }[];
};
const verify = async (query = '') => {
  const res = await h.as('admin', 'GET', `/api/audit/verify${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
};
const owner = (report: Report) => report.organisations.find((o) => o.organisationName === OWNER)!;
/** What a database administrator can do: switch the append-only guards off for a moment and edit a row. */
const behindTheBack = async (statement: ReturnType<typeof sql>) => {
  await sql`set session_replication_role = replica`.execute(h.db);
  try {
    await statement.execute(h.db);
  } finally {
    await sql`set session_replication_role = default`.execute(h.db);
  }
};

describe('the audit chain', () => {
  it('holds every audit row of the demo organisation, and each matches', async () => {
    const report = await verify();
    expect(report).toMatchObject({ ok: true, firstMismatch: null });
    const chained = await sql<{ kind: string; n: number }>`select kind, count(*)::int as n from audit_chain c join organisations o on o.id = c.organisation_id
      where o.name = ${OWNER} group by kind order by kind`.execute(h.db);
    const kinds = Object.fromEntries(chained.rows.map((r) => [r.kind, r.n]));
    expect(Object.keys(kinds)).toEqual(expect.arrayContaining(['answer-change', 'certificate', 'questionnaire-transition']));
    const rows = await sql<{ n: number }>`select count(*)::int as n from audit_rows r join organisations o on o.id = r.organisation_id where o.name = ${OWNER}`.execute(h.db);
    expect(owner(report)).toMatchObject({ ok: true, count: rows.rows[0]!.n, head: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(report.count).toBe(report.organisations.reduce((sum, o) => sum + o.count, 0));
  });

  it('is built by the migration over the rows that existed before it, oldest first, none left out', async () => {
    const rows = async () => (await sql<{ n: number }>`select count(*)::int as n from audit_rows where organisation_id is not null`.execute(h.db)).rows[0]!.n;
    const before = await rows();
    await behindTheBack(sql`delete from audit_chain`);
    expect((await verify()).firstMismatch).toMatchObject({ position: 1, problem: 'unchained' });
    await chainExistingRows(h.db);
    const report = await verify();
    expect(report).toMatchObject({ ok: true, count: before });
    expect(await rows()).toBe(before);
    const links = await sql<{ n: number }>`select count(*)::int as n from audit_chain`.execute(h.db);
    expect(links.rows[0]!.n).toBe(before);
  });

  it('names an answer change edited behind the portal\'s back', async () => {
    const change = await h.db.selectFrom('asset_answer_changes').select('id').orderBy('id').executeTakeFirstOrThrow();
    await behindTheBack(sql`update asset_answer_changes set new_value = '12345'::jsonb where id = ${change.id}`);
    const report = await verify();
    expect(report.ok).toBe(false);
    expect(report.firstMismatch).toMatchObject({ organisationName: OWNER, kind: 'answer-change', id: change.id, problem: 'changed' });
    expect(owner(report)).toMatchObject({ ok: false, head: null });
  });

  it('names a state change edited, and a link forged with it, at that row', async () => {
    const t = await h.db.selectFrom('asset_questionnaire_transitions').select(['id']).where('to_state', '=', 'Closed').executeTakeFirstOrThrow();
    await behindTheBack(sql`update asset_questionnaire_transitions set user_id = null where id = ${t.id}`);
    expect((await verify()).firstMismatch).toMatchObject({ kind: 'questionnaire-transition', id: t.id, problem: 'changed' });
    await behindTheBack(sql`update audit_chain set content = ecore_audit_content(r) from asset_questionnaire_transitions r
      where audit_chain.kind = 'questionnaire-transition' and audit_chain.source_id = r.id and r.id = ${t.id}`);
    expect((await verify()).firstMismatch).toMatchObject({ kind: 'questionnaire-transition', id: t.id, problem: 'broken' });
  });

  it('names a removed row, and a row whose link was removed', async () => {
    const t = await h.db.selectFrom('asset_questionnaire_transitions').select(['id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await behindTheBack(sql`delete from asset_questionnaire_transitions where id = ${t.id}`);
    expect((await verify()).firstMismatch).toMatchObject({ kind: 'questionnaire-transition', id: t.id, problem: 'removed' });
    await seeded();
    const last = await sql<{ kind: string; source_id: number }>`select kind, source_id from audit_chain c join organisations o on o.id = c.organisation_id
      where o.name = ${OWNER} order by seq desc limit 1`.execute(h.db);
    await behindTheBack(sql`delete from audit_chain where kind = ${last.rows[0]!.kind} and source_id = ${last.rows[0]!.source_id}`);
    expect((await verify()).firstMismatch).toMatchObject({ kind: last.rows[0]!.kind, id: last.rows[0]!.source_id, problem: 'unchained' });
  });

  it('keeps matching when the portal removes a questionnaire with its rows, or a user is archived (names stay out of the content)', async () => {
    const q = await h.db
      .selectFrom('asset_questionnaires')
      .innerJoin('asset_answer_changes', 'asset_answer_changes.asset_questionnaire_id', 'asset_questionnaires.id')
      .select('asset_questionnaires.id')
      .where('asset_questionnaires.state', '=', 'Active')
      .executeTakeFirstOrThrow();
    await h.db.deleteFrom('asset_questionnaires').where('id', '=', q.id).execute();
    await h.db.updateTable('asset_answer_changes').set({ user_name: 'Pseudonym' }).execute();
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('chains concurrent writers of one organisation one after the other, never forked', async () => {
    const admin = await h.db.selectFrom('users').select(['id', 'organisation_id']).where('user_name', '=', 'objectadmin').executeTakeFirstOrThrow();
    const before = owner(await verify()).count;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => h.db.transaction().execute((trx) => recordAccountAudit(trx, { actorUserId: admin.id, entity: 'user', entityId: admin.id, action: `edit-${i}` }))),
    );
    const report = await verify();
    expect(owner(report)).toMatchObject({ ok: true, count: before + 8 });
    const seqs = await sql<{ seq: number }>`select seq from audit_chain where organisation_id = ${admin.organisation_id} order by seq`.execute(h.db);
    expect(seqs.rows.map((r) => r.seq)).toEqual(Array.from({ length: before + 8 }, (_, i) => i + 1));
  });

  it('links a row a moment after its commit, and names it when it was edited before its link was written', async () => {
    const admin = await h.db.selectFrom('users').select(['id', 'organisation_id']).where('user_name', '=', 'objectadmin').executeTakeFirstOrThrow();
    await sealAuditRows(h.db);
    await h.db.transaction().execute((trx) => recordAccountAudit(trx, { actorUserId: admin.id, entity: 'user', entityId: admin.id, action: 'edit-waiting' }));
    // Recorded with its content as written, not yet a link: no writer waits for the organisation's chain.
    const waiting = await sql<{ source_id: number; content: string }>`select source_id, content from audit_pending where organisation_id = ${admin.organisation_id}`.execute(h.db);
    expect(waiting.rows).toHaveLength(1);
    expect(waiting.rows[0]!.content).toContain('edit-waiting');
    const id = waiting.rows[0]!.source_id;
    await behindTheBack(sql`update account_audit set action = 'edit-innocent' where id = ${id}`);
    const report = await verify();
    expect(report.firstMismatch).toMatchObject({ organisationName: OWNER, kind: 'account', id, problem: 'changed' });
    expect((await sql`select 1 from audit_pending`.execute(h.db)).rows).toHaveLength(0);
  });

  it('is linked by the sealer in the order the rows were written', async () => {
    const admin = await h.db.selectFrom('users').select(['id', 'organisation_id']).where('user_name', '=', 'objectadmin').executeTakeFirstOrThrow();
    await sealAuditRows(h.db);
    for (const action of ['first', 'second', 'third']) {
      await h.db.transaction().execute((trx) => recordAccountAudit(trx, { actorUserId: admin.id, entity: 'user', entityId: admin.id, action }));
    }
    expect(await sealAuditRows(h.db)).toBe(3);
    const last = await sql<{ content: string }>`select content from audit_chain where organisation_id = ${admin.organisation_id} order by seq desc limit 3`.execute(h.db);
    expect(last.rows.map((r) => JSON.parse(r.content).action)).toEqual(['third', 'second', 'first']);
    expect(owner(await verify()).ok).toBe(true);
  });

  it('is walked by the account administrator only; one organisation on its own, an unknown one 404', async () => {
    for (const user of ['objectadmin', 'scoring', 'evaluator', 'tester', 'accountmanager'] satisfies DemoUserName[]) {
      expect((await h.as(user, 'GET', '/api/audit/verify')).statusCode).toBe(403);
    }
    const id = owner(await verify()).organisationId;
    const one = await verify(`?organisationId=${id}`);
    expect(one.organisations.map((o) => o.organisationName)).toEqual([OWNER]);
    expect((await h.as('admin', 'GET', '/api/audit/verify?organisationId=999999')).statusCode).toBe(404);
    expect((await h.as('admin', 'GET', '/api/audit/verify?organisationId=0')).statusCode).toBe(400);
  });
});

describe('a certificate', () => {
  it('records the chain hash at its issue, and its public verification shows it', async () => {
    const cert = await h.db.selectFrom('certificates').select(['id', 'code', 'chain_hash', 'asset_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(cert.chain_hash).toMatch(/^[0-9a-f]{64}$/);
    const link = await sql<{ seq: number; organisation_id: number }>`select seq, organisation_id from audit_chain where kind = 'certificate' and source_id = ${cert.id}`.execute(h.db);
    const before = await sql<{ hash: string }>`select hash from audit_chain where organisation_id = ${link.rows[0]!.organisation_id} and seq = ${link.rows[0]!.seq - 1}`.execute(h.db);
    expect(cert.chain_hash).toBe(before.rows[0]!.hash);
    const res = await h.app.inject({ method: 'GET', url: `/api/certificate/verify/${cert.code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ chainHash: cert.chain_hash });
  });
});
