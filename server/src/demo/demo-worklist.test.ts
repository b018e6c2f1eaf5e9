import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from './demo-answers.ts';
import { DEMO_EXPIRING, DEMO_RENEWING, seedDemoAnnual } from './demo-annual.ts';
import { seedDemoReview } from './demo-review.ts';
import { DEMO_ACCESS_REQUESTED, DEMO_EXPIRING_EVIDENCE, DEMO_WEBHOOK_URL, seedDemoWorklist } from './demo-worklist.ts';
import { createHarness, type DemoUserName, type Harness } from '../testing/harness.ts';

const JWT = 'test-secret-test-secret-test-secret-42';
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('worklist-demo', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now));
    await seedDemoReview(h.db, new Date(h.clock.now));
    await seedDemoAnnual(h.db, new Date(h.clock.now));
    await seedDemoWorklist(h.db, h.files, new Date(h.clock.now), JWT);
  });
});

interface Item { kind: string; subjectName: string; subjectId: number; note: string | null; link: string }
const itemsOf = async (user: DemoUserName) => (await h.as(user, 'GET', '/api/user/me/worklist')).json<{ items: Item[] }>().items;

describe('the demo of the worklist and the webhooks (npm start)', () => {
  it('gives the object administrator the certificate ending within 90 days and the collector the evidence ending within 60', async () => {
    expect((await itemsOf('objectadmin')).filter((i) => i.kind === 'epcExpiring').map((i) => i.subjectName)).toEqual([DEMO_EXPIRING]);
    const evidence = (await itemsOf('collector')).filter((i) => i.kind === 'evidenceExpiring');
    expect(evidence.map((i) => [i.subjectName, i.note])).toEqual([[DEMO_RENEWING, DEMO_EXPIRING_EVIDENCE]]);
    // The library document is a real file: its download answers the PDF.
    const doc = await h.db.selectFrom('evidence_documents').select('id').where('title', '=', DEMO_EXPIRING_EVIDENCE).executeTakeFirstOrThrow();
    const link = await h.db.selectFrom('asset_answer_documents').select('id').where('evidence_id', '=', doc.id).executeTakeFirstOrThrow();
    const download = await h.as('collector', 'GET', `/api/asset/answer/document/${link.id}`);
    expect([download.statusCode, download.body.slice(0, 8)]).toEqual([200, '%PDF-1.4']);
  });

  it('has the administrator’s paused webhook first on its worklist, with a delivery and a day of failures', async () => {
    const [first] = await itemsOf('admin');
    expect(first).toMatchObject({ kind: 'webhookPaused', subjectName: DEMO_WEBHOOK_URL, link: '/webhooks' });
    const hooks = (await h.as('admin', 'GET', '/api/webhooks')).json<{ items: { id: number; pausedAt: string | null; organisationName: string }[] }>().items;
    expect(hooks).toEqual([expect.objectContaining({ id: first!.subjectId, organisationName: expect.any(String) })]);
    expect(hooks[0]!.pausedAt).not.toBeNull();
    const deliveries = (await h.as('admin', 'GET', `/api/webhooks/${first!.subjectId}/deliveries`)).json<{ items: { delivered: boolean; statusCode: number | null }[] }>().items;
    expect(deliveries.map((d) => d.statusCode)).toEqual([null, 503, null, 503, 503, 200]);
    expect(deliveries.at(-1)!.delivered).toBe(true);
  });

  it('gives the object administrator the demo buyer’s open access request, which it decides on the access requests screen', async () => {
    const requests = (await itemsOf('objectadmin')).filter((i) => i.kind === 'accessRequests');
    expect(requests.map((i) => [i.subjectName, i.note, i.link])).toEqual([[DEMO_ACCESS_REQUESTED, 'Käufer Wohnbau GmbH', '/asset-management/access-requests']]);
    const received = (await h.as('objectadmin', 'GET', '/api/asset/accessRequests/received')).json<{ id: number; decision: boolean | null }[]>();
    expect(received).toEqual([expect.objectContaining({ id: requests[0]!.subjectId, decision: null })]);
    expect((await h.as('objectadmin', 'POST', `/api/asset/accessRequests/${requests[0]!.subjectId}/decision`, { decision: true })).statusCode).toBe(200);
  });

  it('runs once', async () => {
    expect(await seedDemoWorklist(h.db, h.files, new Date(h.clock.now), JWT)).toEqual({ seeded: false });
    expect((await h.as('admin', 'GET', '/api/webhooks')).json<{ total: number }>().total).toBe(1);
  });
});
