import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { answeringCachesOf } from '../answering/sheet-cache.ts';
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

const OFFICE = 'Bürohaus Mainzer Landstraße';
const assetId = async (name = OFFICE) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

type ScoreBody = { result: { clusters: { categories: { sections: { questions: { questionId: number; type: string; points: number; maximum: number }[] }[] }[] }[] } };
/** A single choice question that scores less than its maximum in `base`, and its best option. */
const betterChoice = async (id: number, base: ScoreBody) => {
  const question = base.result.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).find((q) => q.type === 'SingleChoice' && q.points < q.maximum)!;
  const filled = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/latest`)).json<{ clusters: { categories: { sections: { questions: { id: number; options: { id: number; score: number }[] }[] }[] }[] }[] }>();
  const options = filled.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).find((q) => q.id === question.questionId)!.options;
  return { question, best: options.reduce((a, b) => (b.score > a.score ? b : a)) };
};

describe('scores (issue 15)', () => {
  it('the demo office scores between 0 and 100, unverified while answering, with every cluster and the consumption values', async () => {
    const id = await assetId();
    const res = await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/score`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.verified).toBe(false);
    expect(body.result.ecore).toBeGreaterThan(0);
    expect(body.result.ecore).toBeLessThanOrEqual(100);
    expect(body.result.clusters.length).toBeGreaterThanOrEqual(3);
    const values = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${body.questionnaireId}/consumptionValues`)).json();
    expect(values.consumption.finalEnergy).toBeGreaterThan(0);
  });

  it.each<[DemoUserName, number]>([['admin', 200], ['objectadmin', 200], ['collector', 200], ['analyst', 403], ['bank', 404], ['tester', 404], ['buyer', 404]])(
    '%s asks for the office’s score: %i',
    async (user, status) => {
      const id = await assetId();
      expect((await h.as(user, 'GET', `/api/asset/${id}/questionnaire/score`)).statusCode).toBe(status);
    },
  );

  it('the analyst of a member organisation is refused for its role, never asked to become a member (core scoreWithheld)', async () => {
    const id = await assetId();
    const res = await h.as('analyst', 'GET', `/api/asset/${id}/questionnaire/score`);
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('scoring-not-for-role');
  });

  it('the what-if preview moves the total and stores nothing', async () => {
    const id = await assetId();
    const base = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/score`)).json();
    const { question, best } = await betterChoice(id, base);
    const before = await h.snapshot();
    const preview = await h.as('objectadmin', 'POST', `/api/asset/${id}/questionnaire/${base.questionnaireId}/score/preview`, [{ questionId: question.questionId, multipleChoiceOption: [best.id] }]);
    expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
    expect(preview.json().result.ecore).toBeGreaterThan(base.result.ecore);
    expect(await h.snapshot()).toEqual(before);
    await h.expectRefused(() => h.as('objectadmin', 'POST', `/api/asset/${id}/questionnaire/${base.questionnaireId}/score/preview`, [{ questionId: question.questionId, inputAnswer: -5 }]), { statusCode: 400 });
  });

  it('a score read again is answered from what is kept; a saved answer and a changed area move it at once', async () => {
    const id = await assetId();
    const base = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/score`)).json();
    const caches = answeringCachesOf(h.app)!;
    const reads = caches.sheets.stats.reads;
    const again = (await h.as('collector', 'GET', `/api/asset/${id}/questionnaire/${base.questionnaireId}/score`)).json();
    expect(again.result).toEqual(base.result);
    expect(caches.sheets.stats.reads).toBe(reads);
    // A better answer to a single choice question that scores less than its maximum.
    const { question, best } = await betterChoice(id, base);
    const saved = await h.as('collector', 'PUT', '/api/asset/answer', [{ assetId: id, questionId: question.questionId, multipleChoiceOption: [best.id] }]);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const moved = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/score`)).json();
    expect(moved.result.ecore).toBeGreaterThan(base.result.ecore);
    // The object's facts are part of what the kept result was computed from (its country chooses the pathways).
    await h.db.updateTable('assets').set({ country: 'FR' }).where('id', '=', id).execute();
    await h.app.drainBackground();
    const area = (await h.as('objectadmin', 'GET', `/api/asset/${id}/questionnaire/score`)).json();
    expect(area.result).not.toEqual(moved.result);
  });

  it('a group score lies between its objects’ scores, weighted by gross floor area', async () => {
    await seedDemoAnswers(h.db, new Date(h.clock.now), [['Hotel am Rheinufer', 1]]);
    const group = (await h.db.selectFrom('asset_groups').select('id').where('name', '=', 'Portfolio Rhein-Main').executeTakeFirstOrThrow()).id;
    const res = await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/score`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const scores = body.objects.map((o: { ecore: number }) => o.ecore);
    expect(scores).toHaveLength(2);
    expect(body.result.ecore).toBeGreaterThanOrEqual(Math.min(...scores));
    expect(body.result.ecore).toBeLessThanOrEqual(Math.max(...scores));
    expect((await h.as('bank', 'GET', `/api/AssetGroup/${group}/score`)).statusCode).toBe(404);
    // Read again it is the same; an object's area (its weight) changed outside the portal moves it at once (what was
    // kept of the group is dropped).
    expect((await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/score`)).json()).toEqual(body);
    const [first] = body.objects as { assetId: number; area: number }[];
    await h.db.updateTable('assets').set({ asset_total_area: first!.area * 10 }).where('id', '=', first!.assetId).execute();
    await h.app.drainBackground();
    const moved = (await h.as('objectadmin', 'GET', `/api/AssetGroup/${group}/score`)).json();
    expect(moved.objects.find((o: { assetId: number }) => o.assetId === first!.assetId).area).toBe(first!.area * 10);
  });
});
