// The yearly cycle (issue 22, docs/annual-cycle.md): next year's questionnaire, reminders before a label expires,
// year over year, the object list's filter.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { seedDemoReview } from '../../demo/demo-review.ts';
import { DEMO_EXPIRING, DEMO_RENEWING, seedDemoAnnual } from '../../demo/demo-annual.ts';
import { expireDue } from '../review/expiry.ts';
import { sendLabelReminders } from '../certificates/reminders.ts';
import { createHarness, createHarnessPair, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('closed', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now));
    await seedDemoReview(h.db, new Date(h.clock.now));
  });
});

const CLOSED = 'Wohn- und Geschäftshaus Bockenheim';
const ACTIVE = 'Bürohaus Mainzer Landstraße';
const DAY = 86_400_000;
const assetId = async (name = CLOSED) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const annual = (user: DemoUserName, id: number, language = 'de') => h.as(user, 'PUT', `/api/asset/${id}/questionnaire?updateType=annual`, undefined, language);
const runs = async (id: number) => h.db.selectFrom('asset_questionnaires').select(['id', 'state', 'reporting_year']).where('asset_id', '=', id).orderBy('id').execute();

interface Filled {
  id: number;
  reportingYear: number;
  assetQuestionnaireState: string;
  canStartNextYear: boolean;
  lastYear: { assetQuestionnaireId: number; reportingYear: number; values: { questionId: number; inputAnswer: number }[] } | null;
  progress: { answered: number; total: number };
  clusters: { categories: { sections: { questions: { id: number; type: string; staticTitle: string }[] }[] }[] }[];
  answers: { questionId: number; state: string | null; inputAnswer: number | null; multipleChoiceOption: number[]; provenance: string | null; documents: unknown[] }[];
}

describe('starting next year: PUT /api/asset/{id}/questionnaire?updateType=annual', () => {
  it('starts the next year from the closed questionnaire: reporting year + 1, choice answers carried and answered, value questions empty with last year\'s figure', async () => {
    const id = await assetId();
    const before = await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/latest`);
    const closed = before.json<Filled>();
    expect(closed.assetQuestionnaireState).toBe('Closed');
    expect(closed.canStartNextYear).toBe(true);
    const res = await annual('objectadmin', id);
    expect(res.statusCode, res.body).toBe(201);
    const next = res.json<Filled>();
    expect(next.assetQuestionnaireState).toBe('Active');
    expect(next.reportingYear).toBe(closed.reportingYear + 1);
    expect(next.lastYear).toMatchObject({ assetQuestionnaireId: closed.id, reportingYear: closed.reportingYear });
    const questions = next.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));
    const typeOf = (qid: number) => questions.find((q) => q.id === qid)!.type;
    const answered = next.answers.filter((a) => a.state !== null);
    expect(answered.length).toBeGreaterThan(0);
    for (const a of answered) {
      expect(['SingleChoice', 'MultipleChoice']).toContain(typeOf(a.questionId));
      expect(a.state).toBe('Answered');
      expect(a.documents).toEqual([]);
    }
    expect(next.progress.answered).toBe(answered.length);
    // Every answered choice question of last year is answered again; every answered value question is empty with its figure.
    const lastYearValues = closed.answers.filter((a) => a.state !== null && a.inputAnswer !== null);
    expect(lastYearValues.length).toBeGreaterThan(0);
    // Each figure with where it came from, as last year's answer says.
    expect(next.lastYear!.values).toEqual(expect.arrayContaining(lastYearValues.map((a) => ({ questionId: a.questionId, inputAnswer: a.inputAnswer, provenance: a.provenance }))));
    for (const v of next.lastYear!.values) expect(next.answers.find((a) => a.questionId === v.questionId && a.state !== null)).toBeUndefined();
    expect(answered.length).toBe(closed.answers.filter((a) => a.state !== null && a.multipleChoiceOption.length > 0).length);
    // The change log names the year each answer came from.
    const log = await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${next.id}/changelog?questionId=${answered[0]!.questionId}`);
    expect(log.json()).toEqual([expect.objectContaining({ kind: 'CarriedFromPreviousYear', oldValue: String(closed.reportingYear), note: String(closed.reportingYear) })]);
    // The previous questionnaire and its certificate stay as they were.
    const old = await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${closed.id}`);
    expect(old.json<Filled>().assetQuestionnaireState).toBe('Closed');
    const certs = await h.db.selectFrom('certificates').select(['superseded_by']).where('asset_id', '=', id).execute();
    expect(certs).toEqual([{ superseded_by: null }]);
  });

  it('the prospective buyer starts next year of a closed buyer asset', async () => {
    const id = await assetId('Wohnanlage Schwabing');
    const sheet = (await h.as('buyer', 'POST', `/api/asset/${id}/questionnaire`)).json<Filled>();
    await h.db.updateTable('asset_questionnaires').set({ state: 'Expired' }).where('id', '=', sheet.id).execute();
    const res = await annual('buyer', id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Filled>().reportingYear).toBe(sheet.reportingYear + 1);
  });

  it.each(['Active', 'Review', 'Evaluation', 'Declined', 'Verification', 'DefinitelyDeclined'])('is refused on a questionnaire in %s, with its code and text, storing nothing', async (state) => {
    const id = await assetId();
    await h.db.updateTable('asset_questionnaires').set({ state }).where('asset_id', '=', id).execute();
    const body = (await h.expectRefused(() => annual('objectadmin', id, 'en'), { statusCode: 400, key: 'questionnaire-annual-invalid' })) as { message?: string };
    expect(body.message).toBe('The next year can only start once the latest questionnaire is closed (accepted) or expired.');
  });

  it('starts from an Expired questionnaire too', async () => {
    const id = await assetId();
    await h.db.updateTable('asset_questionnaires').set({ state: 'Expired' }).where('asset_id', '=', id).execute();
    expect((await annual('objectadmin', id)).statusCode).toBe(201);
  });

  it('is refused twice in a row: the second start finds the new Active questionnaire', async () => {
    const id = await assetId();
    expect((await annual('objectadmin', id)).statusCode).toBe(201);
    const body = (await h.expectRefused(() => annual('objectadmin', id), { statusCode: 400, key: 'questionnaire-annual-invalid' })) as { message?: string };
    expect(body.message).toMatch(/abgeschlossen/);
  });

  it('refuses an object without any questionnaire', async () => {
    await h.expectRefused(async () => annual('objectadmin', await assetId('Hotel am Rheinufer')), { statusCode: 400, key: 'questionnaire-annual-invalid' });
  });

  it.each<[DemoUserName, number, string]>([
    ['collector', 403, 'questionnaire-annual-role'],
    ['analyst', 403, 'questionnaire-annual-role'],
    ['admin', 403, 'questionnaire-annual-role'],
    ['bank', 404, 'not-found'],
    ['buyer', 404, 'not-found'],
  ])('%s is answered %i %s and nothing is stored', async (user, statusCode, key) => {
    const id = await assetId();
    await h.expectRefused(() => annual(user, id), { statusCode, key });
  });

  it('two parallel starts create one questionnaire', async () => {
    const id = await assetId();
    const [a, b] = await Promise.all([annual('objectadmin', id), annual('objectadmin', id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect((await runs(id)).map((r) => r.state)).toEqual(['Closed', 'Active']);
  });

  it('the update type is checked: an unknown one is a validation error', async () => {
    const id = await assetId();
    await h.expectRefused(() => h.as('objectadmin', 'PUT', `/api/asset/${id}/questionnaire?updateType=yearly`), { statusCode: 400 });
  });
});

describe('starting next year of a group: PUT /api/assetGroup/{id}/questionnaire?updateType=annual', () => {
  const ownGroup = async () => {
    const owner = (await h.db.selectFrom('asset_groups').select('organisation_id').where('name', '=', 'Portfolio Rhein-Main').executeTakeFirstOrThrow()).organisation_id;
    const group = await h.db.insertInto('asset_groups').values({ name: 'Bestand Bockenheim', organisation_id: owner, status: 'Closed' }).returning('id').executeTakeFirstOrThrow();
    await h.db.updateTable('assets').set({ asset_group_id: group.id }).where('id', '=', await assetId()).execute();
    return group.id;
  };

  it('starts next year for every object of the group and makes the group Active again', async () => {
    const groupId = await ownGroup();
    const res = await h.as('objectadmin', 'PUT', `/api/assetGroup/${groupId}/questionnaire?updateType=annual`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await runs(await assetId())).map((r) => r.state)).toEqual(['Closed', 'Active']);
    expect((await h.db.selectFrom('asset_groups').select('status').where('id', '=', groupId).executeTakeFirstOrThrow()).status).toBe('Active');
    expect(await h.db.selectFrom('group_transitions').select(['from_state', 'to_state', 'reason']).where('asset_group_id', '=', groupId).execute()).toEqual([{ from_state: 'Closed', to_state: 'Active', reason: 'annual' }]);
  });

  it('is refused while an object of the group is not Closed or Expired (or has no questionnaire)', async () => {
    const groupId = (await h.db.selectFrom('asset_groups').select('id').where('name', '=', 'Portfolio Rhein-Main').executeTakeFirstOrThrow()).id;
    await h.expectRefused(() => h.as('objectadmin', 'PUT', `/api/assetGroup/${groupId}/questionnaire?updateType=annual`), { statusCode: 400, key: 'questionnaire-annual-invalid' });
  });

  it.each<[DemoUserName, number, string]>([
    ['collector', 403, 'questionnaire-annual-role'],
    ['bank', 404, 'not-found'],
  ])('%s is answered %i %s', async (user, statusCode, key) => {
    const groupId = await ownGroup();
    await h.expectRefused(() => h.as(user, 'PUT', `/api/assetGroup/${groupId}/questionnaire?updateType=annual`), { statusCode, key });
  });
});

describe('year over year', () => {
  interface Comparison {
    previous: { reportingYear: number } | null;
    comparison: { previousYear: number; currentYear: number; areaUnchanged: boolean; ecore: { previous: number | null; current: number | null }; consumption: { key: string; comparable: boolean; changePercent: number | null }[] } | null;
  }

  it("shows last year's results beside this year's; consumption comparable only on the same gross floor area", async () => {
    const id = await assetId();
    const next = (await annual('objectadmin', id)).json<Filled>();
    const res = await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${next.id}/yearOverYear`);
    expect(res.statusCode, res.body).toBe(200);
    const y = res.json<Comparison>();
    expect(y.comparison).toMatchObject({ previousYear: next.reportingYear - 1, currentYear: next.reportingYear, areaUnchanged: true });
    expect(y.comparison!.ecore.previous).not.toBeNull();
    expect(y.comparison!.consumption.every((c) => c.comparable)).toBe(true);
    await h.db.updateTable('assets').set({ asset_total_area: 5000 }).where('id', '=', id).execute();
    const grown = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${next.id}/yearOverYear`)).json<Comparison>();
    expect(grown.comparison!.areaUnchanged).toBe(false);
    expect(grown.comparison!.consumption.every((c) => !c.comparable && c.changePercent === null)).toBe(true);
  });

  it('a questionnaire not started as next year has no previous year', async () => {
    const id = await assetId(ACTIVE);
    const latest = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<Filled>();
    const y = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${latest.id}/yearOverYear`)).json<Comparison>();
    expect(y).toMatchObject({ previous: null, comparison: null });
  });

  it("a group compares its objects' latest questionnaires with the ones they followed", async () => {
    const id = await assetId();
    expect((await annual('objectadmin', id)).statusCode).toBe(201);
    const groupId = (await h.db.selectFrom('assets').select('asset_group_id').where('id', '=', id).executeTakeFirstOrThrow()).asset_group_id;
    const res = await h.as('objectadmin', 'GET', `/api/assetGroup/${groupId}/yearOverYear`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Comparison>().previous).not.toBeNull();
    await h.expectRefused(() => h.as('bank', 'GET', `/api/assetGroup/${groupId}/yearOverYear`), { statusCode: 404, key: 'not-found' });
  });
});

describe('the label and its end', () => {
  const validUntil = async () => (await h.db.selectFrom('certificates').select('valid_until').where('asset_id', '=', await assetId()).executeTakeFirstOrThrow()).valid_until as Date | string;
  const dayOf = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`);
  /** Noon (Berlin) of a calendar date plus some days. */
  const noon = (date: string, plusDays = 0) => Date.parse(`${date}T10:00:00Z`) + plusDays * DAY;

  it('is still valid on its last valid day and Expired the day after', async () => {
    const last = dayOf(await validUntil());
    expect(await expireDue(h.db, noon(last))).toBe(0);
    expect((await runs(await assetId())).at(-1)!.state).toBe('Closed');
    expect(await expireDue(h.db, noon(last, 1))).toBe(1);
    expect((await runs(await assetId())).at(-1)!.state).toBe('Expired');
  });

  it('the object list filters labels expiring within 90 days', async () => {
    const last = dayOf(await validUntil());
    const list = async () => (await h.as('objectadmin', 'GET', '/api/asset?page=1&pageSize=25&labelExpiresWithinDays=90')).json<{ items: { name: string }[]; total: number }>();
    h.clock.now = noon(last, -91);
    expect((await list()).items.map((i) => i.name)).toEqual([]);
    h.clock.now = noon(last, -90);
    expect((await list()).items.map((i) => i.name)).toEqual([CLOSED]);
    h.clock.now = noon(last, 1);
    expect((await list()).total).toBe(0);
  });

  it('reminds the owner organisation 60 and 30 days before, once each, in the contact\'s language with a link', async () => {
    const last = dayOf(await validUntil());
    expect(await sendLabelReminders(h.db, h.mailer, 'http://portal.test', noon(last, -61))).toBe(0);
    expect(await sendLabelReminders(h.db, h.mailer, 'http://portal.test', noon(last, -60))).toBe(1);
    expect(await sendLabelReminders(h.db, h.mailer, 'http://portal.test', noon(last, -59))).toBe(0);
    expect(await sendLabelReminders(h.db, h.mailer, 'http://portal.test', noon(last, -30))).toBe(1);
    expect(await sendLabelReminders(h.db, h.mailer, 'http://portal.test', noon(last, -10))).toBe(0);
    const mails = h.mailer.sent;
    expect(mails.map((m) => m.to)).toEqual(['objectadmin@musterimmobilien.example', 'objectadmin@musterimmobilien.example'].map((to) => expect.stringContaining(to.split('@')[0]!)));
    expect(mails[0]!.subject).toBe('ECORE-Portal: Ein Label läuft bald ab');
    expect(mails[0]!.text).toContain(`Objekt „${CLOSED}“`);
    expect(mails[0]!.text).toMatch(/http:\/\/portal\.test\/asset-management\/objects\/\d+\/false\/edit\/results\/\d+\/overview/);
    expect(await h.db.selectFrom('label_reminders').select('threshold').orderBy('threshold', 'desc').execute()).toEqual([{ threshold: 60 }, { threshold: 30 }]);
  });
});

describe('the demo of the yearly cycle (npm start)', () => {
  beforeEach(async () => {
    await h.resetTo('annual-demo', async () => {
      await seedDemoQuestionnaires(h.db);
      await seedDemoAnswers(h.db, new Date(h.clock.now));
      await seedDemoReview(h.db, new Date(h.clock.now));
      await seedDemoAnnual(h.db, new Date(h.clock.now));
    });
  });

  it("has an object closed last year with its label, and next year's questionnaire half answered", async () => {
    const id = await assetId(DEMO_RENEWING);
    expect((await runs(id)).map((r) => r.state)).toEqual(['Closed', 'Active']);
    expect(await h.db.selectFrom('certificates').select('id').where('asset_id', '=', id).execute()).toHaveLength(1);
    const next = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<Filled>();
    expect(next.lastYear!.values.length).toBeGreaterThan(1);
    const entered = next.lastYear!.values.filter((v) => next.answers.some((a) => a.questionId === v.questionId && a.state !== null));
    expect(entered.length).toBe(Math.ceil(next.lastYear!.values.length / 2));
    expect(next.progress.answered).toBeLessThan(next.progress.total);
    const y = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/${next.id}/yearOverYear`)).json<{ comparison: { consumption: { key: string; changePercent: number | null }[] } }>();
    // Final energy is the carriers' sum where any carrier is answered (DOMAIN.md §5): last year 142.5; this year the
    // carriers entered again at 92 % (56.3 + 44.44 + 0 + 25.21 + 2.85), the renewables consumed not yet, counting 0.
    expect(y.comparison.consumption.find((c) => c.key === 'finalEnergy')!.changePercent).toBeCloseTo((100 * (56.3 + 44.44 + 0 + 25.21 + 2.85)) / 142.5 - 100, 9);
  });

  it('has an object whose label expires within 30 days: in the 90-day filter, and reminded once', async () => {
    const list = (await h.as('objectadmin', 'GET', '/api/asset?page=1&pageSize=25&labelExpiresWithinDays=30')).json<{ items: { name: string }[] }>();
    expect(list.items.map((i) => i.name)).toEqual([DEMO_EXPIRING]);
    expect(await sendLabelReminders(h.db, h.mailer, 'http://portal.test', h.clock.now)).toBe(1);
    expect(h.mailer.sent[0]!.text).toContain(`Objekt „${DEMO_EXPIRING}“`);
    expect(await sendLabelReminders(h.db, h.mailer, 'http://portal.test', h.clock.now + DAY)).toBe(0);
  });

  it("the dashboard's ESG path draws last year's closed questionnaire (next year's joins it once closed)", async () => {
    const id = await assetId(DEMO_RENEWING);
    const [closed] = await runs(id);
    const res = await h.as('objectadmin', 'GET', `/api/analysis/object/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ esgPath: { year: number }[] }>().esgPath.map((p) => p.year)).toEqual([closed!.reporting_year]);
  });

  it('leaves the demo facts of the other steps as they were, and runs once', async () => {
    expect((await runs(await assetId(CLOSED))).map((r) => r.state)).toEqual(['Closed']);
    expect((await runs(await assetId('Hotel am Rheinufer'))).length).toBe(0);
    expect(await seedDemoAnnual(h.db, new Date(h.clock.now))).toEqual({ seeded: false });
  });
});

describe.each(testDatabases())('a reminder with two server processes on $name', ({ open }) => {
  let pair: Awaited<ReturnType<typeof createHarnessPair>>;
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    pair = await createHarnessPair({ open });
    ({ a, b } = pair);
  });
  afterAll(async () => pair?.close());

  it('is sent once when both sweep at the same moment', async () => {
    await a.resetTo('closed', async () => {
      await seedDemoQuestionnaires(a.db);
      await seedDemoAnswers(a.db, new Date(a.clock.now));
      await seedDemoReview(a.db, new Date(a.clock.now));
    });
    const row = await a.db.selectFrom('certificates').select('valid_until').executeTakeFirstOrThrow();
    const d = row.valid_until as Date | string;
    const last = typeof d === 'string' ? d.slice(0, 10) : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const at = Date.parse(`${last}T10:00:00Z`) - 30 * DAY;
    const counts = await Promise.all([sendLabelReminders(a.db, a.mailer, 'http://a.test', at), sendLabelReminders(b.db, b.mailer, 'http://b.test', at)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(a.mailer.sent.length + b.mailer.sent.length).toBe(1);
  });
});
