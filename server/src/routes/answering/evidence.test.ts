// The evidence library (docs/evidence.md): documents uploaded once into the organisation's library, described,
// linked to answers of several objects, listed with their links and expiry; refusals store nothing; another
// organisation sees none of it; existing documents became library entries; concurrent linking gives one link.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { documentsIntoLibrary } from '@ecore/migrations/migrations/2026-11-29-115-evidence-library.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { findEvidence, insertEvidence, linkEvidence } from '@ecore/adapters/db/answering/evidence-repository.ts';
import { bearer, createHarness, databaseSnapshot, multipartFile, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
beforeEach(() =>
  h.resetTo('evidence', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now - 5 * 86_400_000));
  }),
);
afterAll(async () => h.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
type Entry = { id: number; title: string; type: string; validFrom: string | null; validUntil: string | null; expiringSoon: boolean; links: { answerId: number; assetName: string; documentId: number }[] };

/** A multipart body of the file after the description fields. */
const described = (fields: Record<string, string>, name = 'Wartungsvertrag GLT.pdf', bytes: Parameters<typeof multipartFile>[1] = PDF) => {
  const file = multipartFile(name, bytes, 'application/pdf');
  const boundary = file.contentType.split('boundary=')[1]!;
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  return { body: Buffer.concat([...parts, file.body]), contentType: file.contentType };
};
type Bytes = Parameters<typeof multipartFile>[1];
const upload = async (fields: Record<string, string>, user: DemoUserName = 'collector', name?: string, bytes?: Bytes) => {
  const { body, contentType } = described(fields, name, bytes);
  return h.app.inject({ method: 'POST', url: '/api/evidence', headers: { ...bearer(await h.login(user)), 'content-type': contentType }, payload: body });
};
const CONTRACT = { title: 'Wartungsvertrag Gebäudeautomation', type: 'contract', validFrom: '2025-01-01', validUntil: '2026-12-31' };

/** One answer each of two objects of the demo organisation whose questionnaires are Active. */
const twoAnswers = async () => {
  const { rows } = await sql<{ answer_id: number; asset_name: string; q_id: number }>`select distinct on (s.id) a.id as answer_id, s.name as asset_name, q.id as q_id
    from asset_answers a join asset_questionnaires q on q.id = a.asset_questionnaire_id join assets s on s.id = q.asset_id
    join organisations o on o.id = s.organisation_id
    where q.state = 'Active' and o.name = 'Musterimmobilien AG' order by s.id, a.id limit 2`.execute(h.db);
  expect(rows).toHaveLength(2);
  return rows;
};

describe('the evidence library', () => {
  it('takes a document once with its description, links it to answers of two objects and lists it with its links', async () => {
    const res = await upload(CONTRACT);
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<Entry>();
    expect(entry).toMatchObject({ title: CONTRACT.title, type: 'contract', validFrom: '2025-01-01', validUntil: '2026-12-31', links: [] });
    const [first, second] = await twoAnswers();
    for (const a of [first!, second!]) {
      const link = await h.as('collector', 'PUT', `/api/asset/answer/${a.answer_id}/evidence/${entry.id}`);
      expect(link.statusCode, link.body).toBe(201);
      expect(link.json()).toMatchObject({ answerId: a.answer_id, fileName: 'Wartungsvertrag GLT.pdf' });
    }
    const listed = (await h.as('analyst', 'GET', '/api/evidence?search=wartung&type=contract')).json<Entry[]>();
    expect(listed.map((e) => e.id)).toEqual([entry.id]);
    expect(listed[0]!.links.map((l) => l.assetName).sort()).toEqual([first!.asset_name, second!.asset_name].sort());
    expect((await h.as('analyst', 'GET', '/api/evidence?type=policy')).json()).toEqual([]);
    // The answer shows the library document as its document, downloadable as before.
    const documentId = listed[0]!.links[0]!.documentId;
    const download = await h.as('analyst', 'GET', `/api/asset/answer/document/${documentId}`);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // Unlinked from one answer, it stays in the library and on the other.
    expect((await h.as('collector', 'DELETE', `/api/asset/answer/${first!.answer_id}/evidence/${entry.id}`)).statusCode).toBe(204);
    expect((await h.as('collector', 'GET', `/api/evidence/${entry.id}`)).json<Entry>().links.map((l) => l.answerId)).toEqual([second!.answer_id]);
    expect((await h.as('collector', 'DELETE', `/api/asset/answer/${first!.answer_id}/evidence/${entry.id}`)).json()).toMatchObject({ key: 'evidence-not-linked' });
  });

  it('describes a document again; refuses validUntil before validFrom, an unknown type and a refused file, storing nothing', async () => {
    const entry = (await upload(CONTRACT)).json<Entry>();
    const changed = await h.as('objectadmin', 'PUT', `/api/evidence/${entry.id}`, { title: 'Energiepolitik', type: 'policy', validFrom: null, validUntil: '2027-06-30' });
    expect(changed.json()).toMatchObject({ title: 'Energiepolitik', type: 'policy', validFrom: null, validUntil: '2027-06-30' });
    const files = h.files.files.size;
    const before = await databaseSnapshot(h.db);
    const backwards = await upload({ ...CONTRACT, validFrom: '2026-01-01', validUntil: '2025-12-31' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual([expect.objectContaining({ path: 'validUntil', key: 'evidence-valid-until-before-from' })]);
    const english = await h.as('objectadmin', 'PUT', `/api/evidence/${entry.id}`, { title: 'x', type: 'policy', validFrom: '2026-01-01', validUntil: '2025-12-31' }, 'en');
    expect(english.json().fields[0].message).toBe('"Valid until" must not be before "valid from".');
    expect((await upload({ ...CONTRACT, type: 'poem' })).json()).toMatchObject({ statusCode: 400, key: 'validation-generic' });
    const exe = await upload(CONTRACT, 'collector', 'rechnung.pdf', Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]));
    expect(exe.json()).toMatchObject({ statusCode: 400, key: 'document-invalid' });
    const big = await upload(CONTRACT, 'collector', 'gross.pdf', Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(h.files.files.size).toBe(files);
    expect(await databaseSnapshot(h.db)).toEqual(before);
  });

  it('lists the documents expiring within a number of days', async () => {
    const today = new Date(h.clock.now).toISOString().slice(0, 10);
    const inDays = (n: number) => new Date(h.clock.now + n * 86_400_000).toISOString().slice(0, 10);
    const soon = (await upload({ title: 'Zählerstände', type: 'meter-reading', validUntil: inDays(30) })).json<Entry>();
    await upload({ title: 'Police', type: 'policy', validUntil: inDays(90) });
    await upload({ title: 'Abgelaufen', type: 'bill', validUntil: inDays(-1) });
    expect(soon.expiringSoon).toBe(true);
    const listed = (await h.as('objectadmin', 'GET', '/api/evidence?expiringWithinDays=60')).json<Entry[]>();
    expect(listed.map((e) => e.title)).toEqual(['Zählerstände']);
    expect(today <= listed[0]!.validUntil!).toBe(true);
  });

  it('refuses deleting a document linked to a submitted or closed questionnaire; else deletes it with its links after naming them', async () => {
    const entry = (await upload(CONTRACT)).json<Entry>();
    const [first, second] = await twoAnswers();
    for (const a of [first!, second!]) await h.as('collector', 'PUT', `/api/asset/answer/${a.answer_id}/evidence/${entry.id}`);
    await h.db.updateTable('asset_questionnaires').set({ state: 'Review' }).where('id', '=', second!.q_id).execute();
    const refused = await h.as('collector', 'DELETE', `/api/evidence/${entry.id}`);
    expect(refused.json()).toMatchObject({ statusCode: 400, key: 'evidence-in-label' });
    expect((await h.as('collector', 'GET', `/api/evidence/${entry.id}`)).json<Entry>().links).toHaveLength(2);
    await h.db.updateTable('asset_questionnaires').set({ state: 'Active' }).where('id', '=', second!.q_id).execute();
    const files = h.files.files.size;
    expect((await h.as('collector', 'DELETE', `/api/evidence/${entry.id}`)).statusCode).toBe(204);
    expect(h.files.files.size).toBe(files - 1);
    expect(await h.db.selectFrom('asset_answer_documents').select('id').where('evidence_id', '=', entry.id).execute()).toEqual([]);
    expect((await h.as('collector', 'GET', `/api/evidence/${entry.id}`)).statusCode).toBe(404);
  });

  it('gives one link when two users link the same document to the same answer at once', async () => {
    const entry = (await upload(CONTRACT)).json<Entry>();
    const [first] = await twoAnswers();
    const answers = await Promise.all((['collector', 'objectadmin', 'collector'] as const).map((u) => h.as(u, 'PUT', `/api/asset/answer/${first!.answer_id}/evidence/${entry.id}`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await h.db.selectFrom('asset_answer_documents').select('id').where('evidence_id', '=', entry.id).execute()).toHaveLength(1);
  });

  it('is closed to roles that neither answer nor analyse, and to another organisation, which sees none of it', async () => {
    const entry = (await upload(CONTRACT)).json<Entry>();
    const [first] = await twoAnswers();
    for (const user of ['tester', 'evaluator', 'accountmanager', 'billing', 'scoring', 'admin'] as const) {
      expect((await h.as(user, 'GET', '/api/evidence')).statusCode, user).toBe(403);
      expect((await upload(CONTRACT, user)).statusCode, user).toBe(403);
    }
    expect((await upload(CONTRACT, 'analyst')).statusCode).toBe(403);
    expect((await h.as('analyst', 'PUT', `/api/asset/answer/${first!.answer_id}/evidence/${entry.id}`)).statusCode).toBe(403);
    // The finance partner's object administrator: an organisation of its own.
    expect((await h.as('bank', 'GET', '/api/evidence')).json()).toEqual([]);
    expect((await h.as('bank', 'GET', `/api/evidence/${entry.id}`)).statusCode).toBe(404);
    expect((await h.as('bank', 'PUT', `/api/evidence/${entry.id}`, { title: 'x', type: 'other' })).statusCode).toBe(404);
    expect((await h.as('bank', 'DELETE', `/api/evidence/${entry.id}`)).statusCode).toBe(404);
    // Its own document cannot be linked to organisation A's answer, nor A's to anything of its own.
    const own = (await upload(CONTRACT, 'bank')).json<Entry>();
    expect((await h.as('collector', 'PUT', `/api/asset/answer/${first!.answer_id}/evidence/${own.id}`)).statusCode).toBe(404);
    expect((await h.as('bank', 'PUT', `/api/asset/answer/${first!.answer_id}/evidence/${own.id}`)).statusCode).toBe(404);
    expect((await h.as('collector', 'PUT', `/api/asset/answer/${first!.answer_id}/evidence/999999`)).statusCode).toBe(404);
    expect((await h.as('collector', 'GET', '/api/evidence/0')).statusCode).toBe(400);
  });
});

describe('documents of answers', () => {
  it('uploaded on an answer are library entries linked to it; the migration made every earlier one an entry, none lost', async () => {
    const [first, second] = await twoAnswers();
    for (const a of [first!, second!]) {
      const { body, contentType } = multipartFile('Rechnung.pdf', PDF, 'application/pdf');
      const res = await h.app.inject({ method: 'PUT', url: `/api/asset/answer/${a.answer_id}/document`, headers: { ...bearer(await h.login('collector')), 'content-type': contentType }, payload: body });
      expect(res.statusCode).toBe(201);
    }
    const library = (await h.as('collector', 'GET', '/api/evidence')).json<Entry[]>();
    expect(library.map((e) => [e.title, e.links.length])).toEqual([['Rechnung.pdf', 1], ['Rechnung.pdf', 1]]);
    // The documents as they stood before the library: their entries gone, the links plain documents again.
    const count = async (table: 'asset_answer_documents' | 'evidence_documents') => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(h.db)).rows[0]!.n;
    const documents = await count('asset_answer_documents');
    await sql`alter table asset_answer_documents drop constraint asset_answer_documents_evidence_id_fkey`.execute(h.db);
    await sql`update asset_answer_documents set evidence_id = null`.execute(h.db);
    await sql`delete from evidence_documents`.execute(h.db);
    await sql`alter table asset_answer_documents add constraint asset_answer_documents_evidence_id_fkey foreign key (evidence_id) references evidence_documents(id) on delete cascade`.execute(h.db);
    expect(await count('evidence_documents')).toBe(0);
    await documentsIntoLibrary(h.db);
    expect(await count('asset_answer_documents')).toBe(documents);
    expect(await count('evidence_documents')).toBe(documents);
    const unlinked = await h.db.selectFrom('asset_answer_documents').select('id').where('evidence_id', 'is', null).execute();
    expect(unlinked).toEqual([]);
    const again = (await h.as('collector', 'GET', '/api/evidence')).json<Entry[]>();
    expect(again.flatMap((e) => e.links.map((l) => l.answerId)).sort()).toEqual([first!.answer_id, second!.answer_id].sort());
  });
});

describe('the annual start', () => {
  it("links next year's carried answers to last year's library documents still valid on the new reporting date", async () => {
    await seedDemoReview(h.db, new Date(h.clock.now));
    const asset = await h.db.selectFrom('assets').select(['id', 'organisation_id']).where('name', '=', 'Wohn- und Geschäftshaus Bockenheim').executeTakeFirstOrThrow();
    const closed = await h.db.selectFrom('asset_questionnaires').select('id').where('asset_id', '=', asset.id).where('state', '=', 'Closed').executeTakeFirstOrThrow();
    const answers = await h.db.selectFrom('asset_answers').select(['id', 'question_id']).where('asset_questionnaire_id', '=', closed.id).where('state', 'is not', null).orderBy('id').execute();
    const entry = (fields: { title: string; validUntil: string }, key: string) =>
      insertEvidence(h.db, { ...fields, type: 'contract', validFrom: null, organisationId: asset.organisation_id, fileName: `${key}.pdf`, contentType: 'application/pdf', size: 10, storageKey: key, origin: 'library', uploadedBy: 'Carl Collector', uploadedAt: new Date(h.clock.now) });
    const lasting = await entry({ title: 'Wartungsvertrag bis 2099', validUntil: '2099-12-31' }, 'lasting');
    const ended = await entry({ title: 'Vertrag bis 2000', validUntil: '2000-12-31' }, 'ended');
    for (const a of answers) for (const e of [lasting, ended]) await linkEvidence(h.db, a.id, e, 'Carl Collector', new Date(h.clock.now));
    const res = await h.as('objectadmin', 'PUT', `/api/asset/${asset.id}/questionnaire?updateType=annual`);
    expect(res.statusCode).toBe(201);
    const next = res.json<{ id: number; answers: { id: number; state: string | null; documents: { fileName: string }[] }[] }>();
    const carried = next.answers.filter((a) => a.state !== null);
    expect(carried.length).toBeGreaterThan(0);
    for (const a of carried) expect(a.documents.map((d) => d.fileName)).toEqual(['lasting.pdf']);
    expect((await findEvidence(h.db, lasting.id))!.title).toBe('Wartungsvertrag bis 2099');
    const links = await h.db.selectFrom('asset_answer_documents').select('id').where('evidence_id', '=', ended.id).execute();
    expect(links).toHaveLength(answers.length);
  });
});
