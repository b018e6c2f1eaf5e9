import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('worklist', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now - 5 * 86_400_000));
    await seedDemoReview(h.db, new Date(h.clock.now));
  });
});

const OFFICE = 'Bürohaus Mainzer Landstraße'; // Active, every question answered
const QUARTER = 'Quartier Prenzlauer Berg'; // Active, half answered
const IN_REVIEW = 'Büro Campus Adlershof'; // Review, assigned to the demo tester
const CLOSED = 'Wohn- und Geschäftshaus Bockenheim'; // Closed, its label valid a year from T0
const REASON = 'Der Zählerstand fehlt im Nachweis.';

interface Item { kind: string; subjectName: string; subjectId: number; questionnaireId: number | null; state: string; note: string | null; why: string; link: string; since: string; dueOn: string | null }
interface Worklist { items: Item[]; counts: Record<string, number>; total: number }

const worklistOf = async (user: DemoUserName, language = 'de') => {
  const res = await h.as(user, 'GET', '/api/user/me/worklist', undefined, language);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Worklist>();
};
const assetId = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (name: string) => (await h.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;
const setState = (user: DemoUserName, id: number, state: string, reason?: string) =>
  h.as(user, 'PUT', `/api/asset/state?assetId=${id}&state=${state}&isBuyerAsset=false`, reason === undefined ? undefined : { reason });

/** The collector submits the office, the administrator assigns the tester, the tester rejects one answer and declines. */
const declineOffice = async () => {
  const id = await assetId(OFFICE);
  expect((await setState('collector', id, 'Review')).statusCode).toBe(204);
  expect((await h.as('admin', 'PUT', `/api/asset/tester?assetId=${id}&testerId=${await userId('tester')}`)).statusCode).toBe(204);
  const filled = (await h.as('tester', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ answers: { id: number; state: string | null }[] }>();
  const answer = filled.answers.find((a) => a.state === 'Answered')!;
  expect((await h.as('tester', 'PUT', `/api/asset/answer/${answer.id}/review`, { decision: 'reject', comment: REASON })).statusCode).toBe(200);
  h.clock.now += 60_000;
  expect((await setState('tester', id, 'Declined', REASON)).statusCode).toBe(204);
  return id;
};

describe('GET /api/user/me/worklist', () => {
  it('gives the collector the questionnaires still being answered, not those in review or closed, with progress and a link to answer', async () => {
    const list = await worklistOf('collector');
    // The demo's quarter has a figure far from its peers' (an open plausibility flag), ranked before the drafts.
    expect(list.items.map((i) => [i.kind, i.subjectName])).toEqual([
      ['plausibilityFlags', QUARTER],
      ['answersToFinish', OFFICE],
      ['answersToFinish', QUARTER],
    ]);
    const quarter = list.items[2]!;
    expect(quarter.why).toMatch(/^\d+ von \d+ Fragen beantwortet\.$/);
    expect(list.items[1]!.why).toBe('Alle Fragen beantwortet: zur Prüfung einreichen.');
    expect(quarter.link).toBe(`/asset-management/objects/${await assetId(QUARTER)}/false/questionnaire/${quarter.questionnaireId}/data`);
    expect(list.counts).toMatchObject({ answersToFinish: 2, questionnaireDeclined: 0, reviewJob: 0, plausibilityFlags: 1 });
    expect(list.total).toBe(3);
  });

  it('puts a declined questionnaire first for the collector, with the tester’s reason, since the decline', async () => {
    const id = await declineOffice();
    const list = await worklistOf('collector');
    expect(list.items[0]).toMatchObject({ kind: 'questionnaireDeclined', subjectId: id, state: 'Declined', note: REASON });
    expect(list.items[0]!.since).toBe(new Date(h.clock.now).toISOString());
    expect(list.items[0]!.link).toMatch(new RegExp(`^/asset-management/objects/${id}/false/questionnaire/\\d+/data$`));
    expect(list.counts).toMatchObject({ questionnaireDeclined: 1, answersToFinish: 1 });
    // In English the reason stays as the tester wrote it; the why is the caller's language.
    const english = await worklistOf('collector', 'en');
    expect(english.items[0]).toMatchObject({ note: REASON, why: 'The questionnaire was declined: change the rejected answers and resubmit.' });
    // The tester's job is done: nothing waits for the tester on the declined office.
    expect((await worklistOf('tester')).items.map((i) => i.subjectId)).not.toContain(id);
  });

  it('gives the assigned tester the job in review, linked to the check screen, and nothing of the owner’s work', async () => {
    const list = await worklistOf('tester');
    const id = await assetId(IN_REVIEW);
    expect(list.items).toEqual([expect.objectContaining({ kind: 'reviewJob', subjectId: id, state: 'Review', link: `/job-management/check/${id}/false/data`, why: 'Wartet auf die Prüfung.' })]);
    expect(list.counts.reviewJob).toBe(1);
    // The internal tester of the owner sees the same job (its own check); the evaluator has nothing in Evaluation yet.
    expect((await worklistOf('internaltester')).items.map((i) => i.subjectId)).toEqual([id]);
    expect((await worklistOf('evaluator')).items).toEqual([]);
  });

  it('gives the evaluator groups whose sample review ended, and the assigned tester a submitted group', async () => {
    const group = await h.db.selectFrom('asset_groups').select('id').where('name', '=', 'Portfolio Berlin').executeTakeFirstOrThrow();
    await h.db.updateTable('asset_groups').set({ status: 'ReviewPassed' }).where('id', '=', group.id).execute();
    expect((await worklistOf('evaluator')).items).toEqual([expect.objectContaining({ kind: 'groupDecision', subjectId: group.id, link: '/job-management/object-groups' })]);
    await h.db.updateTable('asset_groups').set({ status: 'Review', tester_user_id: await userId('tester') }).where('id', '=', group.id).execute();
    expect((await worklistOf('tester')).items.map((i) => [i.kind, i.subjectId])).toContainEqual(['groupDecision', group.id]);
    expect((await worklistOf('evaluator')).items).toEqual([]);
  });

  it('gives the object administrator a label in its last 60 days, with its last valid day, and not before', async () => {
    expect((await worklistOf('objectadmin')).counts.labelExpiring).toBe(0);
    h.clock.now += 320 * 86_400_000;
    const list = await worklistOf('objectadmin');
    const label = list.items.find((i) => i.kind === 'labelExpiring');
    expect(label).toMatchObject({ subjectId: await assetId(CLOSED), state: 'Closed' });
    expect(label!.dueOn).toMatch(/^2027-11-2\d$/);
    expect(label!.why).toContain(`${label!.dueOn!.slice(8, 10)}.11.2027`);
    // The collector answers, but the label's renewal is the administrator's.
    expect((await worklistOf('collector')).counts.labelExpiring).toBe(0);
  });

  it('gives the object administrator an energy performance certificate in its last 90 days, and not one ending later', async () => {
    const office = await assetId(OFFICE);
    const quarter = await assetId(QUARTER);
    const day = (days: number) => new Date(h.clock.now + days * 86_400_000).toISOString().slice(0, 10);
    await h.db.updateTable('assets').set({ epc_class: 'C', epc_issued_at: '2017-03-01', epc_valid_until: day(80) }).where('id', '=', office).execute();
    await h.db.updateTable('assets').set({ epc_class: 'B', epc_issued_at: '2017-03-01', epc_valid_until: day(95) }).where('id', '=', quarter).execute();
    const list = await worklistOf('objectadmin', 'en');
    expect(list.items.filter((i) => i.kind === 'epcExpiring')).toEqual([
      expect.objectContaining({ subjectId: office, dueOn: day(80), since: '2017-03-01T00:00:00.000Z', link: `/asset-management/objects/${office}/false/edit/data` }),
    ]);
    expect(list.items.find((i) => i.kind === 'epcExpiring')!.why).toBe(`The energy performance certificate is valid until ${day(80)}: have a new one issued and enter it.`);
    expect((await worklistOf('collector')).counts.epcExpiring).toBe(0);
  });

  it('gives those who answer an object whose open answers rely on evidence ending within 60 days, the document ending first', async () => {
    const office = await assetId(OFFICE);
    const day = (days: number) => new Date(h.clock.now + days * 86_400_000).toISOString().slice(0, 10);
    const asset = await h.db.selectFrom('assets').select(['organisation_id', 'latest_questionnaire_id']).where('id', '=', office).executeTakeFirstOrThrow();
    const answers = await h.db.selectFrom('asset_answers').select('id').where('asset_questionnaire_id', '=', asset.latest_questionnaire_id!).orderBy('id').limit(2).execute();
    const link = async (title: string, validUntil: string, answerId: number) => {
      const file = { file_name: `${title}.pdf`, content_type: 'application/pdf', size: 10, storage_key: `k-${title}`, uploaded_by: 'Demo' };
      const doc = await h.db.insertInto('evidence_documents').values({ ...file, organisation_id: asset.organisation_id, title, type: 'bill', valid_from: '2026-01-01', valid_until: validUntil, uploaded_at: new Date(h.clock.now) }).returning('id').executeTakeFirstOrThrow();
      await h.db.insertInto('asset_answer_documents').values({ ...file, answer_id: answerId, uploaded_at: new Date(h.clock.now), evidence_id: doc.id }).execute();
    };
    await link('Stromrechnung 2026', day(40), answers[0]!.id);
    await link('Wartungsvertrag', day(20), answers[1]!.id);
    await link('Mietvertrag', day(61), answers[1]!.id);
    const list = await worklistOf('collector');
    expect(list.items.filter((i) => i.kind === 'evidenceExpiring')).toEqual([
      expect.objectContaining({ subjectId: office, note: 'Wartungsvertrag', dueOn: day(20), link: `/asset-management/objects/${office}/false/questionnaire/${asset.latest_questionnaire_id}/data` }),
    ]);
    expect(list.counts.evidenceExpiring).toBe(1);
    expect((await worklistOf('objectadmin')).counts.evidenceExpiring).toBe(1);
    // Once submitted, the answers are the tester's to check: the document is no longer the collector's to replace.
    expect((await setState('collector', office, 'Review')).statusCode).toBe(204);
    expect((await worklistOf('collector')).counts.evidenceExpiring).toBe(0);
    expect((await worklistOf('bank')).total).toBe(0);
  });

  it('tells the object administrator of a webhook it made that was paused, linked to the webhooks screen', async () => {
    const admin = await h.db.selectFrom('users').select(['id', 'organisation_id']).where('user_name', '=', 'objectadmin').executeTakeFirstOrThrow();
    const paused = new Date(h.clock.now - 3_600_000);
    const { id } = await h.db
      .insertInto('webhook_subscriptions')
      .values({ organisation_id: admin.organisation_id, url: 'https://hooks.example.com/a', events: ['certificate.issued'], secret_encrypted: 'sealed', created_by: admin.id, created_at: paused, failing_since: paused, paused_at: paused })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [first] = (await worklistOf('objectadmin')).items;
    expect(first).toMatchObject({ kind: 'webhookPaused', subjectId: id, link: '/webhooks', since: paused.toISOString() });
    expect((await worklistOf('admin')).counts.webhookPaused).toBe(0);
    expect((await worklistOf('collector')).counts.webhookPaused).toBe(0);
  });

  it('gives the object administrator (not the account administrator) an open access request, linked to the access requests screen, until it is decided or expires', async () => {
    const hotel = await assetId('Hotel am Rheinufer');
    expect((await h.as('buyer', 'POST', `/api/asset/${hotel}/requestAssetAccess`)).statusCode).toBe(204);
    const request = await h.db.selectFrom('asset_access_requests').select('id').executeTakeFirstOrThrow();
    h.clock.now += 60_000;
    const item = (await worklistOf('objectadmin')).items.find((i) => i.kind === 'accessRequests');
    expect(item).toEqual(expect.objectContaining({
      subjectId: request.id, subjectName: 'Hotel am Rheinufer', state: 'Open', since: new Date(h.clock.now - 60_000).toISOString(), note: 'Käufer Wohnbau GmbH',
      why: 'Käufer Wohnbau GmbH bittet um Lesezugriff auf das Objekt: freigeben oder ablehnen.', link: '/asset-management/access-requests',
    }));
    expect((await worklistOf('objectadmin', 'en')).counts.accessRequests).toBe(1);
    expect((await worklistOf('admin')).counts.accessRequests).toBe(0);
    for (const user of ['collector', 'analyst', 'buyer', 'bank', 'tester'] as const) expect([user, (await worklistOf(user)).counts.accessRequests]).toEqual([user, 0]);
    // Expired: off the list; decided: off the list.
    const later = h.clock.now;
    h.clock.now += 14 * 86_400_000;
    expect((await worklistOf('objectadmin')).counts.accessRequests).toBe(0);
    h.clock.now = later;
    expect((await h.as('objectadmin', 'POST', `/api/asset/accessRequests/${request.id}/decision`, { decision: true })).statusCode).toBe(200);
    expect((await worklistOf('objectadmin')).counts.accessRequests).toBe(0);
  });

  it('shows nothing of organisation A to other organisations and to roles nothing waits for', async () => {
    for (const user of ['buyer', 'bank', 'analyst', 'billing', 'accountmanager', 'scoring'] as const) {
      expect([user, (await worklistOf(user)).total]).toEqual([user, 0]);
    }
  });

  it('answers 401 without a sign-in', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/user/me/worklist' })).statusCode).toBe(401);
  });
});

describe('open plausibility flags on the worklist', () => {
  interface Filled { id: number; answers: { questionId: number; inputAnswer: number | null }[]; clusters: { categories: { sections: { questions: { id: number; kpiKey: string | null; type: string }[] }[] }[] }[] }
  const energyOf = (f: Filled) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).find((q) => q.kpiKey === 'finalEnergyTotal' && q.type === 'ValueQuestion')!.id;
  const saveEnergy = async (id: number, energy: number, value: number) => expect((await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: id, questionId: energy, inputAnswer: value }])).statusCode).toBe(200);

  it('lists the office after a save makes a figure implausible, for those who answer it; an explanation takes it off, a change puts it back', async () => {
    const id = await assetId(OFFICE);
    const filled = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<Filled>();
    const energy = energyOf(filled);
    const officeFlagged = async (user: DemoUserName = 'collector', language = 'de') => (await worklistOf(user, language)).items.find((i) => i.kind === 'plausibilityFlags' && i.subjectId === id);
    expect(await officeFlagged()).toBeUndefined();

    await saveEnergy(id, energy, 2500);
    const list = await worklistOf('collector');
    const flagged = list.items.find((i) => i.kind === 'plausibilityFlags' && i.subjectId === id);
    // As many as the answering screen shows open (against the average, and the total against its carriers).
    const open = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${filled.id}/outliers`)).json<{ questionId: number; type: string; accepted: boolean }[]>().filter((f) => !f.accepted);
    expect(open.length).toBeGreaterThan(1);
    expect(flagged).toMatchObject({ subjectId: id, questionnaireId: filled.id, state: 'Active', why: `${open.length} Werte sind auffällig: prüfen und korrigieren oder begründen.` });
    expect(flagged!.link).toBe(`/asset-management/objects/${id}/false/questionnaire/${filled.id}/data`);
    expect(list.counts.plausibilityFlags).toBe(2);
    expect(await officeFlagged('objectadmin')).toBeDefined();
    for (const user of ['tester', 'evaluator', 'analyst'] as const) expect((await worklistOf(user)).counts.plausibilityFlags).toBe(0);

    for (const [index, flag] of open.entries()) {
      expect((await officeFlagged())?.why).toMatch(new RegExp(`^${open.length - index === 1 ? 'Ein Wert ist' : `${open.length - index} Werte sind`} auffällig`));
      const explained = await h.as('collector', 'PUT', `/api/asset/${id}/questionnaire/${filled.id}/outliers/${flag.questionId}`, { type: flag.type, explanation: 'Rechenzentrum im Erdgeschoss' });
      expect(explained.statusCode, explained.body).toBe(200);
    }
    expect(await officeFlagged()).toBeUndefined();

    await saveEnergy(id, energy, 2800);
    expect((await officeFlagged('collector', 'en'))?.why).toMatch(/^(One figure is|\d+ figures are) implausible/);
    // A refused explanation stores nothing, the count included.
    expect((await h.as('collector', 'PUT', `/api/asset/${id}/questionnaire/${filled.id}/outliers/${energy}`, { type: 'intensity', explanation: 'kurz' })).statusCode).toBe(400);
    expect(await officeFlagged()).toBeDefined();

    // The figure as the demo had it again (plausible): off the list.
    await saveEnergy(id, energy, filled.answers.find((a) => a.questionId === energy)!.inputAnswer!);
    expect(await officeFlagged()).toBeUndefined();
  });
});
