// The library in review (docs/evidence.md). "Already checked": a library document linked to answers of two
// questionnaires; once the tester accepts the answer of one, the other's check screen names who checked it, when and
// the decision; the own questionnaire does not count, taking the acceptance back removes it, and the label's code is
// named where one was issued. Submitting: a document expired on the reporting date does not count. The demo library.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { insertEvidence, linkEvidence } from '@ecore/adapters/db/answering/evidence-repository.ts';
import { seedDemoEvidence } from '../../demo/demo-evidence.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
beforeEach(() =>
  h.resetTo('evidence-checks', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoReview(h.db, new Date(h.clock.now));
  }),
);
afterAll(async () => h.close());

type Checks = { documentId: number; evidenceId: number; checks: { assetName: string; decision: string; checkedBy: string | null; checkedAt: string | null; certificateCode: string | null }[] }[];

const sheetOf = async (name: string) => {
  const asset = await h.db.selectFrom('assets').select(['id', 'organisation_id']).where('name', '=', name).executeTakeFirstOrThrow();
  const q = await h.db.selectFrom('asset_questionnaires').select('id').where('asset_id', '=', asset.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { assetId: asset.id, organisationId: asset.organisation_id, qid: q.id };
};

describe('documents already checked in another questionnaire', () => {
  it('names the tester, the time and the decision on the other questionnaire, never on its own; a label code where one was issued', async () => {
    const review = await sheetOf('Büro Campus Adlershof');
    const closed = await sheetOf('Wohn- und Geschäftshaus Bockenheim');
    const inReview = await h.db.selectFrom('asset_answers').select(['id', 'question_id']).where('asset_questionnaire_id', '=', review.qid).where('state', '=', 'Answered').orderBy('question_id').executeTakeFirstOrThrow();
    const accepted = await h.db.selectFrom('asset_answers').select('id').where('asset_questionnaire_id', '=', closed.qid).where('state', '=', 'ReviewAccepted').orderBy('id').executeTakeFirstOrThrow();
    const entry = await insertEvidence(h.db, {
      title: 'Wartungsvertrag GLT', type: 'contract', validFrom: null, validUntil: null, organisationId: review.organisationId, fileName: 'wartung.pdf',
      contentType: 'application/pdf', size: 10, storageKey: 'wartung', origin: 'library', uploadedBy: 'Carl Collector', uploadedAt: new Date(h.clock.now),
    });
    const link = await linkEvidence(h.db, inReview.id, entry, 'Carl Collector', new Date(h.clock.now));
    const other = await linkEvidence(h.db, accepted.id, entry, 'Carl Collector', new Date(h.clock.now));

    // Checked in the closed questionnaire (accepted before names were kept): no name, the label's code.
    const before = (await h.as('tester', 'GET', `/api/asset/${review.assetId}/questionnaire/${review.qid}/evidenceChecks`)).json<Checks>();
    const code = (await h.db.selectFrom('certificates').select('code').where('asset_questionnaire_id', '=', closed.qid).executeTakeFirstOrThrow()).code;
    expect(before).toEqual([{ documentId: link.document.id, evidenceId: entry.id, checks: [{ assetName: 'Wohn- und Geschäftshaus Bockenheim', reportingYear: expect.any(Number), decision: 'ReviewAccepted', checkedBy: null, checkedAt: null, certificateCode: code }] }]);

    // The tester accepts the answer in Review: the closed questionnaire's check screen names them; the own one does not.
    const decided = await h.as('tester', 'PUT', `/api/asset/answer/${inReview.id}/review`, { decision: 'accept' });
    expect(decided.statusCode, decided.body).toBe(200);
    const onClosed = (await h.as('objectadmin', 'GET', `/api/asset/${closed.assetId}/questionnaire/${closed.qid}/evidenceChecks`)).json<Checks>();
    expect(onClosed).toEqual([{ documentId: other.document.id, evidenceId: entry.id, checks: [{ assetName: 'Büro Campus Adlershof', reportingYear: expect.any(Number), decision: 'ReviewAccepted', checkedBy: 'Tom Tester', checkedAt: new Date(h.clock.now).toISOString(), certificateCode: null }] }]);
    const own = (await h.as('tester', 'GET', `/api/asset/${review.assetId}/questionnaire/${review.qid}/evidenceChecks`)).json<Checks>();
    expect(own[0]!.checks.map((c) => c.assetName)).toEqual(['Wohn- und Geschäftshaus Bockenheim']);

    // Taken back: no longer checked, no name kept.
    expect((await h.as('tester', 'PUT', `/api/asset/answer/${inReview.id}/review`, { decision: 'unreview' })).statusCode).toBe(200);
    expect((await h.as('objectadmin', 'GET', `/api/asset/${closed.assetId}/questionnaire/${closed.qid}/evidenceChecks`)).json<Checks>()[0]!.checks).toEqual([]);
    expect((await h.db.selectFrom('asset_answers').select(['checked_by', 'checked_at']).where('id', '=', inReview.id).executeTakeFirstOrThrow())).toEqual({ checked_by: null, checked_at: null });
  });

  it('answers 404 to another organisation', async () => {
    const review = await sheetOf('Büro Campus Adlershof');
    expect((await h.as('tester', 'GET', `/api/asset/${review.assetId}/questionnaire/${review.qid}/evidenceChecks`)).statusCode).toBe(200);
    expect((await h.as('bank', 'GET', `/api/asset/${review.assetId}/questionnaire/${review.qid}/evidenceChecks`)).statusCode).toBe(404);
  });
});

describe('submitting with an expired library document', () => {
  it('refuses an answer asked for evidence whose only document expired before the reporting date, naming it in both languages; a valid one lets it through', async () => {
    const review = await sheetOf('Büro Campus Adlershof');
    const row = await h.db.selectFrom('asset_questionnaires').select('reporting_year').where('id', '=', review.qid).executeTakeFirstOrThrow();
    const answer = await h.db.selectFrom('asset_answers').select(['id', 'question_id']).where('asset_questionnaire_id', '=', review.qid).where('state', '=', 'Answered').orderBy('question_id').executeTakeFirstOrThrow();
    // The tester sent the questionnaire back for documents of this answer.
    await h.db.updateTable('asset_questionnaires').set({ state: 'Verification' }).where('id', '=', review.qid).execute();
    await h.db.updateTable('assets').set({ questionnaire_state: 'Verification' }).where('id', '=', review.assetId).execute();
    await h.db.updateTable('asset_answers').set({ state: 'Verification', evidence_requested: true }).where('id', '=', answer.id).execute();
    const entry = await insertEvidence(h.db, {
      title: 'Wartungsvertrag GLT', type: 'contract', validFrom: null, validUntil: `${row.reporting_year}-12-30`, organisationId: review.organisationId, fileName: 'wartung.pdf',
      contentType: 'application/pdf', size: 10, storageKey: 'wartung-abgelaufen', origin: 'library', uploadedBy: 'Carl Collector', uploadedAt: new Date(h.clock.now),
    });
    await linkEvidence(h.db, answer.id, entry, 'Carl Collector', new Date(h.clock.now));
    const submit = (language?: 'en') => h.as('collector', 'PUT', `/api/asset/state?assetId=${review.assetId}&state=Review`, undefined, language);

    const refused = await submit();
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      key: 'questionnaire-change-11', customErrorCode: 11,
      message: 'Eine Antwort muss nachgewiesen werden, aber ihr Nachweis ist am Stichtag des Fragebogens abgelaufen: „Wartungsvertrag GLT“.',
    });
    expect((await submit('en')).json().message).toBe("Some answer needs to be verified but its evidence has expired on the questionnaire's reporting date: „Wartungsvertrag GLT“.");
    expect((await h.db.selectFrom('asset_questionnaires').select('state').where('id', '=', review.qid).executeTakeFirstOrThrow()).state).toBe('Verification');

    // Valid up to the reporting date itself, it counts.
    expect((await h.as('collector', 'PUT', `/api/evidence/${entry.id}`, { title: entry.title, type: 'contract', validFrom: null, validUntil: `${row.reporting_year}-12-31` })).statusCode).toBe(200);
    const accepted = await submit();
    expect(accepted.statusCode, accepted.body).toBe(204);
  });
});

describe('the demo library', () => {
  it('links the contract to answers of two objects, already checked by the demo tester on the one in Review, and lists the meter readings under "expiring within 60 days"; once', async () => {
    const files = h.files.files.size;
    expect(await seedDemoEvidence(h.db, h.files, new Date(h.clock.now))).toEqual({ seeded: true });
    expect(await seedDemoEvidence(h.db, h.files, new Date(h.clock.now))).toEqual({ seeded: false });
    expect(h.files.files.size).toBe(files + 3);
    const library = (await h.as('collector', 'GET', '/api/evidence')).json<{ title: string; expiringSoon: boolean; links: { assetName: string; documentId: number }[] }[]>();
    const contract = library.find((e) => e.title === 'Wartungsvertrag Gebäudeleittechnik')!;
    expect(contract.links.map((l) => l.assetName).sort()).toEqual(['Büro Campus Adlershof', 'Wohn- und Geschäftshaus Bockenheim']);
    expect((await h.as('objectadmin', 'GET', '/api/evidence?expiringWithinDays=60')).json().map((e: { title: string }) => e.title)).toEqual(['Zählerstände Strom']);
    const download = await h.as('collector', 'GET', `/api/asset/answer/document/${contract.links[0]!.documentId}`);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const review = await sheetOf('Büro Campus Adlershof');
    const checks = (await h.as('tester', 'GET', `/api/asset/${review.assetId}/questionnaire/${review.qid}/evidenceChecks`)).json<Checks>();
    expect(checks.flatMap((d) => d.checks)).toEqual([expect.objectContaining({ assetName: 'Wohn- und Geschäftshaus Bockenheim', checkedBy: 'Tom Tester', decision: 'ReviewAccepted' })]);
  });
});
