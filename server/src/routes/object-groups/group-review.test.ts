import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { sampleSheets } from '@ecore/core/object-groups/group-rules.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('answered', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now));
  });
});

const RHEIN_MAIN = 'Portfolio Rhein-Main';
const OFFICE = 'Bürohaus Mainzer Landstraße';
const groupId = async () => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', RHEIN_MAIN).executeTakeFirstOrThrow()).id;
const assetIds = async () => (await h.db.selectFrom('assets').innerJoin('asset_groups', 'asset_groups.id', 'assets.asset_group_id').select(['assets.id', 'assets.name']).where('asset_groups.name', '=', RHEIN_MAIN).orderBy('assets.id').execute());
const userId = async (name: string) => (await h.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;

interface Filled {
  id: number;
  clusters: { categories: { sections: { questions: { id: number; type: string; relevantForReview: boolean; options: { id: number; isExclusive: boolean }[] }[] }[] }[] }[];
  answers: { id: number; questionId: number; state: string | null }[];
}
const questions = (f: Filled) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));
const latest = async (user: DemoUserName, id: number) => (await h.as(user, 'GET', `/api/asset/${id}/questionnaire/latest`)).json<Filled>();

/** Every object of the group answered, cluster I taken over from the office. */
const prepared = async () => {
  const objects = await assetIds();
  const office = objects.find((o) => o.name === OFFICE)!;
  expect((await h.as('objectadmin', 'PUT', `/api/asset/questionnaire/${(await latest('objectadmin', office.id)).id}/defaults/save`)).statusCode).toBe(204);
  for (const o of objects.filter((x) => x.id !== office.id)) {
    const started = await h.as('collector', 'POST', `/api/asset/${o.id}/questionnaire`);
    const f = started.json<Filled>();
    const fill = await h.as('collector', 'PUT', `/api/asset/${o.id}/questionnaire/${f.id}/defaults/fill`);
    expect(fill.statusCode, fill.body.slice(0, 300)).toBe(200);
    const clusterOne = new Set(f.clusters[0]!.categories.flatMap((c) => c.sections.flatMap((s) => s.questions)).map((q) => q.id));
    const rest = questions(f)
      .filter((q) => q.type !== 'VirtualQuestion' && !clusterOne.has(q.id))
      .map((q) => (q.type === 'ValueQuestion' ? { assetId: o.id, questionId: q.id, inputAnswer: 20 } : { assetId: o.id, questionId: q.id, multipleChoiceOption: [q.options.find((x) => !x.isExclusive)!.id] }));
    expect((await h.as('collector', 'PUT', '/api/asset/answer', rest)).statusCode).toBe(200);
  }
  return objects;
};

describe('the group workflow (DOMAIN.md §4)', () => {
  it('refuses to submit without the box (3), with an unanswered object (2) and from another organisation (404); nothing changes', async () => {
    const id = await groupId();
    await h.expectRefused(() => h.as('objectadmin', 'PUT', `/api/assetGroup/${id}/assetState/Review?completenessConfirmed=true`), { statusCode: 400, key: 'objectGroups-change-2' });
    await prepared();
    await h.expectRefused(() => h.as('objectadmin', 'PUT', `/api/assetGroup/${id}/assetState/Review`), { statusCode: 400, key: 'objectGroups-change-3' });
    await h.expectRefused(() => h.as('bank', 'PUT', `/api/assetGroup/${id}/assetState/Review?completenessConfirmed=true`), { statusCode: 404 });
    await h.expectRefused(() => h.as('collector', 'PUT', `/api/assetGroup/${id}/assetState/Review?completenessConfirmed=true`), { statusCode: 400, key: 'objectGroups-change-1' });
    expect((await h.as('objectadmin', 'GET', `/api/assetGroup/${id}/review`)).json()).toMatchObject({ canBeSubmitted: true, submitProblem: null, sample: null });
  });

  it('refuses a group whose object lacks gross floor area (5) and one whose cluster I answers differ (6)', async () => {
    const id = await groupId();
    const objects = await prepared();
    const other = objects.find((o) => o.name !== OFFICE)!;
    const f = await latest('collector', other.id);
    const q = f.clusters[0]!.categories.flatMap((c) => c.sections.flatMap((s) => s.questions)).find((x) => x.type === 'SingleChoice' && x.options.length > 1)!;
    const current = f.answers.find((a) => a.questionId === q.id) as unknown as { multipleChoiceOption: number[] };
    await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: other.id, questionId: q.id, multipleChoiceOption: [q.options.find((o) => o.id !== current.multipleChoiceOption[0])!.id] }]);
    await h.expectRefused(() => h.as('objectadmin', 'PUT', `/api/assetGroup/${id}/assetState/Review?completenessConfirmed=true`), { statusCode: 400, key: 'objectGroups-change-6' });
    await h.db.updateTable('assets').set({ asset_total_area: 0 }).where('id', '=', other.id).execute();
    await h.expectRefused(() => h.as('objectadmin', 'PUT', `/api/assetGroup/${id}/assetState/Review?completenessConfirmed=true`), { statusCode: 400, key: 'objectGroups-change-5' });
  });

  it('submits with a recorded, reproducible sample; the tester reviews the sampled sheets; the evaluator accepts and every sheet closes', async () => {
    const id = await groupId();
    const objects = await prepared();
    expect((await h.as('objectadmin', 'PUT', `/api/assetGroup/${id}/assetState/Review?completenessConfirmed=true`)).statusCode).toBe(204);
    const review = (await h.as('objectadmin', 'GET', `/api/assetGroup/${id}/review`)).json();
    expect(review.status).toBe('Review');
    expect(review.sample.sampledAssetIds).toHaveLength(2);
    expect(review.sample.sampledAssetIds).toEqual(sampleSheets(objects.map((o) => o.id), review.sample.seed));
    for (const o of objects) expect((await h.as('objectadmin', 'GET', `/api/asset/${o.id}`)).json().status).toBe('Review');

    expect((await h.as('admin', 'PUT', `/api/assetGroup/tester?assetGroupId=${id}&testerId=${await userId('tester')}`)).statusCode).toBe(204);
    expect((await h.as('tester', 'GET', '/api/assetGroup')).json().items.map((g: { id: number }) => g.id)).toEqual([id]);
    const unsampled = objects.find((o) => !review.sample.sampledAssetIds.includes(o.id))!;
    await h.expectRefused(() => h.as('tester', 'PUT', `/api/asset/state?assetId=${unsampled.id}&state=Evaluation`), { statusCode: 400, key: 'questionnaire-change-2' });
    await h.expectRefused(() => h.as('tester', 'PUT', `/api/assetGroup/${id}/assetState/ReviewPassed`), { statusCode: 400, key: 'objectGroups-change-2' });
    // The filled questionnaire says whether it is a sampled sheet: the check screen needs nothing of the group.
    const unsampledView = (await h.as('tester', 'GET', `/api/asset/${unsampled.id}/questionnaire/latest`)).json<{ review: { groupSheet: unknown } }>();
    expect(unsampledView.review.groupSheet).toEqual({ sampled: false });
    for (const sheet of review.sample.sampledAssetIds as number[]) {
      const f = await latest('tester', sheet);
      expect((f as unknown as { review: { groupSheet: unknown } }).review.groupSheet).toEqual({ sampled: true });
      const relevant = questions(f).filter((q) => q.relevantForReview && q.type !== 'VirtualQuestion').map((q) => f.answers.find((a) => a.questionId === q.id && a.state !== null)).filter(Boolean).slice(0, 16);
      for (const a of relevant) expect((await h.as('tester', 'PUT', `/api/asset/answer/${a!.id}/review`, { decision: 'accept' })).statusCode).toBe(200);
      expect((await h.as('tester', 'PUT', `/api/asset/state?assetId=${sheet}&state=Evaluation`)).statusCode).toBe(204);
    }
    expect((await h.as('tester', 'PUT', `/api/assetGroup/${id}/assetState/ReviewPassed`)).statusCode).toBe(204);
    await h.expectRefused(() => h.as('tester', 'PUT', `/api/assetGroup/${id}/evaluate/?decision=true`), { statusCode: 400, key: 'objectGroups-change-1' });
    // Declining needs a reason of at least 10 characters (DOMAIN.md §1), in either language; accepting does not.
    await h.expectRefused(() => h.as('evaluator', 'PUT', `/api/assetGroup/${id}/evaluate/?decision=false`), { statusCode: 400, fields: [{ path: 'reason', key: 'review-reason-required' }] });
    await h.expectRefused(() => h.as('evaluator', 'PUT', `/api/assetGroup/${id}/evaluate/?decision=false`, { reason: 'too short' }, 'en'), {
      statusCode: 400,
      fields: [{ path: 'reason', key: 'review-reason-too-short' }],
    });
    await h.expectRefused(() => h.as('evaluator', 'PUT', `/api/assetGroup/${id}/evaluate/?decision=false`, { reason: 'x'.repeat(2001) }), {
      statusCode: 400,
      fields: [{ path: 'reason', key: 'validation-max-length' }],
    });
    expect((await h.as('evaluator', 'GET', '/api/assetGroup')).json().items.map((g: { id: number }) => g.id)).toEqual([id]);
    expect((await h.as('evaluator', 'PUT', `/api/assetGroup/${id}/evaluate/?decision=true`)).statusCode).toBe(204);
    for (const o of objects) expect((await h.as('objectadmin', 'GET', `/api/asset/${o.id}`)).json().status).toBe('Closed');
    const audit = (await h.as('objectadmin', 'GET', `/api/assetGroup/${id}/audit`)).json();
    expect(audit.map((a: { from: string; to: string; role: string }) => [a.from, a.to, a.role])).toEqual([
      ['Active', 'Review', 'ObjectAdministrator'],
      ['Review', 'ReviewPassed', 'ExternalAccreditedTester'],
      ['ReviewPassed', 'Closed', 'Evaluator'],
    ]);
  });
});

describe("the evaluator's decline of a group (DOMAIN.md §1)", () => {
  it('writes the reason to the group audit log', async () => {
    const id = await groupId();
    await h.db.updateTable('asset_groups').set({ status: 'ReviewFailed' }).where('id', '=', id).execute();
    const declined = await h.as('evaluator', 'PUT', `/api/assetGroup/${id}/evaluate/?decision=false`, { reason: 'Die Stichprobe hat zwei Nachweise nicht bestanden.' });
    expect(declined.statusCode, declined.body).toBe(204);
    const audit = (await h.as('objectadmin', 'GET', `/api/assetGroup/${id}/audit`)).json<{ from: string; to: string; note: string }[]>();
    expect(audit.at(-1)).toMatchObject({ from: 'ReviewFailed', to: 'Active', note: 'Die Stichprobe hat zwei Nachweise nicht bestanden.' });
  });
});

describe('adjusting a sampled sheet after its group was declined', () => {
  it('counts the first change after each decline as one adjustment, at most two, and refuses a third', async () => {
    const id = await groupId();
    const objects = await assetIds();
    const office = objects.find((o) => o.name === OFFICE)!;
    const f = await latest('collector', office.id);
    await h.db.insertInto('group_submissions').values({ asset_group_id: id, seed: 7, asset_ids: objects.map((o) => o.id), sampled_asset_ids: [office.id], submitted_by: 'Olga Objekt' }).execute();
    const value = questions(f).find((q) => q.type === 'ValueQuestion')!;
    const save = (n: number) => h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: office.id, questionId: value.id, inputAnswer: n }]);
    const adjustments = async () => (await h.db.selectFrom('asset_questionnaires').select('adjustments').where('id', '=', f.id).executeTakeFirstOrThrow()).adjustments;
    expect((await save(1)).statusCode).toBe(200);
    expect(await adjustments()).toBe(0);
    await h.db.updateTable('asset_questionnaires').set({ decline_count: 1 }).where('id', '=', f.id).execute();
    expect((await save(2)).statusCode).toBe(200);
    expect((await save(3)).statusCode).toBe(200);
    expect(await adjustments()).toBe(1);
    await h.db.updateTable('asset_questionnaires').set({ decline_count: 2 }).where('id', '=', f.id).execute();
    expect((await save(4)).statusCode).toBe(200);
    expect(await adjustments()).toBe(2);
    await h.db.updateTable('asset_questionnaires').set({ decline_count: 3 }).where('id', '=', f.id).execute();
    await h.expectRefused(() => save(5), { statusCode: 400, key: 'objectGroups-adjust-limit' });
  });
});
