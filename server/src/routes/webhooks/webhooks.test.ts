import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { verifyWebhook, webhookSecrets } from '@ecore/adapters/crypto/webhook-secrets.ts';
import { claimDueDeliveries, enqueueSubjectWebhookEvent } from '@ecore/adapters/db/webhooks/webhooks-repository.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';
import { deliverDue, LEASE_MS } from './delivery.ts';

const JWT = 'test-secret-test-secret-test-secret-42';
let h: Harness;
let receiver: Server;
let hookUrl: string;
/** What the receiver got, and how it answers the next requests (status, or 'hang' past the 5 s timeout). */
let received: { headers: IncomingHttpHeaders; body: string }[] = [];
let answers: (number | 'hang')[] = [];

beforeAll(async () => {
  h = await createHarness({ webhookDevelopment: true });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') setTimeout(() => res.writeHead(200).end(), 6_000);
      else res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await h.close();
});
beforeEach(async () => {
  received = [];
  answers = [];
  await h.resetTo('webhooks', async () => {
    await seedDemoQuestionnaires(h.db);
    await seedDemoAnswers(h.db, new Date(h.clock.now - 5 * 86_400_000));
  });
});

const sending = { secrets: webhookSecrets(JWT), development: true, clock: () => h.clock.now };
const deliverAll = async () => {
  while ((await deliverDue(h.db, sending)) > 0);
};
const subscribe = async (user: DemoUserName = 'admin', events = ['questionnaire.submitted', 'questionnaire.declined', 'review.finished']) => {
  const res = await h.as(user, 'POST', '/api/webhooks', { url: hookUrl, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; secret: string; organisationId: number }>();
};
const assetId = async (name = 'Bürohaus Mainzer Landstraße') => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const submitOffice = async () => {
  const id = await assetId();
  const res = await h.as('collector', 'PUT', `/api/asset/state?assetId=${id}&state=Review&isBuyerAsset=false`);
  expect(res.statusCode, res.body).toBe(204);
  return id;
};

describe('webhook subscriptions', () => {
  it('refuses a URL that is not https, a private address, an unknown event and an eleventh subscription with 400 and fields, storing nothing', async () => {
    const token = await h.login('admin');
    const post = (payload: object) => () => h.app.inject({ method: 'POST', url: '/api/webhooks', headers: { authorization: `Bearer ${token}` }, payload });
    await h.expectRefused(post({ url: 'http://hooks.example/ecore', events: ['certificate.issued'] }), { statusCode: 400, fields: [{ path: 'url', key: 'webhook-url-https' }] });
    for (const inside of ['https://10.1.2.3/', 'https://172.20.0.1/', 'https://192.168.0.10/', 'https://169.254.169.254/latest']) {
      await h.expectRefused(post({ url: inside, events: ['certificate.issued'] }), { statusCode: 400, fields: [{ path: 'url', key: 'webhook-url-private' }] });
    }
    await h.expectRefused(post({ url: hookUrl, events: ['label.expired'] }), { statusCode: 400, fields: [{ path: 'events', key: 'webhook-event-unknown' }] });
    for (let i = 0; i < 10; i++) await subscribe();
    await h.expectRefused(post({ url: hookUrl, events: ['certificate.issued'] }), { statusCode: 400, fields: [{ path: 'url', key: 'webhook-limit' }] });
  });

  it('shows the secret once, keeps it only sealed, and lets only administrators manage their organisation’s webhooks', async () => {
    const created = await subscribe('objectadmin');
    expect(created.secret).toMatch(/^whsec_/);
    const stored = await h.db.selectFrom('webhook_subscriptions').select('secret_encrypted').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(created.secret.slice(6));
    const list = (await h.as('objectadmin', 'GET', '/api/webhooks')).json<{ items: object[] }>();
    const own = await h.db.selectFrom('organisations').select('name').where('id', '=', created.organisationId).executeTakeFirstOrThrow();
    expect(list.items).toEqual([expect.objectContaining({ id: created.id, url: hookUrl, organisationName: own.name, pausedAt: null })]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect((await h.as('collector', 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect((await h.as('bank', 'DELETE', `/api/webhooks/${created.id}`)).statusCode).toBe(404);
    expect((await h.as('bank', 'GET', `/api/webhooks/${created.id}/deliveries`)).statusCode).toBe(404);
    expect((await h.as('objectadmin', 'DELETE', `/api/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await h.as('objectadmin', 'GET', '/api/webhooks')).json()).toEqual({ items: [], total: 0 });
  });
});

describe('webhook delivery', () => {
  it('sends each event once, in order, signed, with ids only; the deliveries show each attempt', async () => {
    const { id: webhookId, secret, organisationId } = await subscribe();
    const asset = await submitOffice();
    // A refused change (already in Review) writes no event.
    expect((await h.as('collector', 'PUT', `/api/asset/state?assetId=${asset}&state=Review&isBuyerAsset=false`)).statusCode).toBe(400);
    const tester = await h.db.selectFrom('users').select('id').where('user_name', '=', 'tester').executeTakeFirstOrThrow();
    expect((await h.as('admin', 'PUT', `/api/asset/tester?assetId=${asset}&testerId=${tester.id}`)).statusCode).toBe(204);
    const filled = (await h.as('tester', 'GET', `/api/asset/${asset}/questionnaire/latest`)).json<{ answers: { id: number; state: string | null }[] }>();
    await h.as('tester', 'PUT', `/api/asset/answer/${filled.answers.find((a) => a.state === 'Answered')!.id}/review`, { decision: 'reject', comment: 'Der Zählerstand fehlt.' });
    expect((await h.as('tester', 'PUT', `/api/asset/state?assetId=${asset}&state=Declined&isBuyerAsset=false`, { reason: 'Der Zählerstand fehlt.' })).statusCode).toBe(204);
    expect(received).toEqual([]); // nothing is sent in the request's path
    await deliverAll();
    await deliverAll();
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(['questionnaire.submitted', 'questionnaire.declined', 'review.finished']);
    for (const r of received) {
      expect(verifyWebhook(secret, String(r.headers['x-ecore-timestamp']), String(r.headers['x-ecore-signature']), r.body, Math.floor(h.clock.now / 1000))).toBe(true);
      const payload = JSON.parse(r.body);
      expect(Object.keys(payload).sort()).toEqual(['data', 'id', 'occurredAt', 'organisationId', 'type']);
      expect(payload).toMatchObject({ organisationId, data: { assetId: asset } });
    }
    expect(new Set(received.map((r) => JSON.parse(r.body).id)).size).toBe(3);
    const deliveries = (await h.as('admin', 'GET', `/api/webhooks/${webhookId}/deliveries`)).json<{ items: { delivered: boolean; statusCode: number }[] }>();
    expect(deliveries.items).toHaveLength(3);
    expect(deliveries.items.every((d) => d.delivered && d.statusCode === 200)).toBe(true);
  });

  it('loses nothing when a worker stops between claim and send: the event goes out once its claim has run out', async () => {
    await subscribe();
    await submitOffice();
    expect(await claimDueDeliveries(h.db, new Date(h.clock.now), new Date(h.clock.now + LEASE_MS), 20)).toHaveLength(1);
    await deliverAll(); // still claimed by the worker that stopped
    expect(received).toHaveLength(0);
    h.clock.now += LEASE_MS + 1;
    await deliverAll();
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(['questionnaire.submitted']);
  });

  it('sends each event once with two workers at the same time', async () => {
    await subscribe();
    await subscribe();
    await submitOffice();
    await Promise.all([deliverAll(), deliverAll(), deliverAll()]);
    expect(received).toHaveLength(2);
    expect(new Set(received.map((r) => r.headers['x-ecore-signature'])).size).toBe(2);
  });

  it('retries a receiver answering 500 or timing out after 30 s and then 1 min, and pauses a subscription failing for a day, telling its creator', async () => {
    const { id } = await subscribe();
    await submitOffice();
    answers = [500, 'hang'];
    await deliverAll();
    h.clock.now += 29_000;
    await deliverAll();
    expect(received).toHaveLength(1);
    h.clock.now += 1_000;
    await deliverAll(); // times out after 5 s
    h.clock.now += 60_000;
    await deliverAll();
    expect(received).toHaveLength(3);
    const deliveries = (await h.as('admin', 'GET', `/api/webhooks/${id}/deliveries`)).json<{ items: { delivered: boolean; statusCode: number | null; error: string | null }[] }>();
    expect(deliveries.items.map((d) => [d.delivered, d.statusCode, d.error])).toEqual([
      [true, 200, null],
      [false, null, 'timeout'],
      [false, 500, 'HTTP 500'],
    ]);
    // A second event fails all day: the subscription pauses and its creator sees it first on the worklist.
    answers = Array(100).fill(500);
    await anotherEvent();
    await deliverAll();
    h.clock.now += 24 * 3_600_000;
    await deliverAll();
    const paused = await h.db.selectFrom('webhook_subscriptions').select('paused_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(paused.paused_at).not.toBeNull();
    const worklist = (await h.as('admin', 'GET', '/api/user/me/worklist')).json<{ items: { kind: string; subjectId: number }[] }>();
    expect(worklist.items[0]).toMatchObject({ kind: 'webhookPaused', subjectId: id });
  }, 30_000);
});

/** An event of another object of the organisation, written to the outbox as a state change writes it. */
async function anotherEvent(): Promise<void> {
  await enqueueSubjectWebhookEvent(h.db, 'questionnaire.submitted', { assetId: await assetId('Quartier Prenzlauer Berg') }, new Date(h.clock.now));
}
