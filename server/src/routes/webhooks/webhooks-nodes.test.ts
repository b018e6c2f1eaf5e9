import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import { webhookSecrets } from '@ecore/adapters/crypto/webhook-secrets.ts';
import { claimDueDeliveries, enqueueSubjectWebhookEvent } from '@ecore/adapters/db/webhooks/webhooks-repository.ts';
import { seedDemoAnswers } from '../../demo/demo-answers.ts';
import { createHarnessPair, type Harness } from '../../testing/harness.ts';
import { deliverDue, LEASE_MS } from './delivery.ts';

/**
 * Webhooks with two server processes on one database (docs/webhooks.md "Delivery"): two app instances stand for two
 * processes, each with its own delivery worker. On PostgreSQL (project server-pg) each has its own pool, so the
 * claims meet as between two machines (FOR UPDATE SKIP LOCKED, the lease); on PGlite they share one connection.
 */
const postgres = process.env.HARNESS_DATABASE === 'postgres';
const database = testDatabases().find((d) => d.name === (postgres ? 'postgres' : 'pglite'));
if (!database) throw new Error('HARNESS_DATABASE=postgres needs TEST_DATABASE_URL');

const JWT = 'test-secret-test-secret-test-secret-42';
const OFFICE = 'Bürohaus Mainzer Landstraße';
const QUARTER = 'Quartier Prenzlauer Berg';
let pair: Awaited<ReturnType<typeof createHarnessPair>>;
let a: Harness;
let b: Harness;
let receiver: Server;
let hookUrl: string;
let received: { id: string; type: string; signature: string }[] = [];

beforeAll(async () => {
  pair = await createHarnessPair(database, { webhookDevelopment: true });
  ({ a, b } = pair);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string };
      received.push({ id: event.id, type: event.type, signature: String(req.headers['x-ecore-signature']) });
      // A receiver that takes a moment: the other process's worker runs meanwhile.
      setTimeout(() => res.writeHead(200).end(), 20);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await pair?.close();
});
beforeEach(async () => {
  received = [];
  await a.resetTo('webhooks-nodes', async () => {
    await seedDemoQuestionnaires(a.db);
    await seedDemoAnswers(a.db, new Date(a.clock.now - 5 * 86_400_000));
  });
  b.clock.now = a.clock.now;
});

/** A node's worker, run until nothing is due for it (its own pool, its own clock). */
const worker = (h: Harness) => async () => {
  const sending = { secrets: webhookSecrets(JWT), development: true, clock: () => h.clock.now };
  while ((await deliverDue(h.db, sending)) > 0);
};
const assetId = async (name: string) => (await a.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const subscribe = async (h: Harness) => {
  const res = await h.as('admin', 'POST', '/api/webhooks', { url: hookUrl, events: ['questionnaire.submitted'] });
  expect(res.statusCode, res.body).toBe(201);
};
const submit = async (h: Harness, name: string) => {
  const res = await h.as('collector', 'PUT', `/api/asset/state?assetId=${await assetId(name)}&state=Review&isBuyerAsset=false`);
  // The change committed with its outbox rows: nothing has been sent yet.
  expect(res.statusCode, res.body).toBe(204);
};

describe(`webhooks with two server processes on one ${database.name} database`, () => {
  it('sends each event once when both processes’ workers claim at the same time', async () => {
    await subscribe(a);
    await subscribe(b);
    await submit(a, OFFICE);
    await enqueueSubjectWebhookEvent(b.db, 'questionnaire.submitted', { assetId: await assetId(QUARTER) }, new Date(b.clock.now));
    // Six more, two per object of the organisation (in order per object), written by either process.
    const office = await a.db.selectFrom('assets').select('organisation_id').where('name', '=', OFFICE).executeTakeFirstOrThrow();
    const others = await a.db.selectFrom('assets').select('id').where('organisation_id', '=', office.organisation_id).orderBy('id').limit(3).execute();
    expect(others).toHaveLength(3);
    for (let i = 0; i < 6; i++) await enqueueSubjectWebhookEvent(i % 2 ? a.db : b.db, 'questionnaire.submitted', { assetId: others[i % 3]!.id }, new Date(a.clock.now));
    await Promise.all([worker(a)(), worker(b)(), worker(a)(), worker(b)()]);
    // 8 events (the office's submission, 7 more written as a state change writes them) for each of the 2 subscriptions, each received once (the signature differs per subscription's secret).
    expect(received).toHaveLength(16);
    expect(new Set(received.map((r) => `${r.id} ${r.signature}`)).size).toBe(16);
    const delivered = await a.db.selectFrom('webhook_deliveries').select(['event_id', 'subscription_id']).where('delivered', '=', true).execute();
    expect(delivered).toHaveLength(16);
    const outbox = await b.db.selectFrom('webhook_outbox').select('id').where('delivered_at', 'is', null).execute();
    expect(outbox).toEqual([]);
  });

  it('loses nothing when the process that committed the change stops before sending: the other sends it, once', async () => {
    await subscribe(a);
    await submit(a, OFFICE);
    // Process a stops right after the commit: its worker never ran. Process b's worker sends the event.
    await worker(b)();
    expect(received.map((r) => r.type)).toEqual(['questionnaire.submitted']);
    await enqueueSubjectWebhookEvent(a.db, 'questionnaire.submitted', { assetId: await assetId(QUARTER) }, new Date(a.clock.now));
    // Process a claims the next event and stops before sending it: b leaves it alone until the claim runs out.
    expect(await claimDueDeliveries(a.db, new Date(a.clock.now), new Date(a.clock.now + LEASE_MS), 20)).toHaveLength(1);
    await worker(b)();
    expect(received).toHaveLength(1);
    b.clock.now += LEASE_MS + 1;
    await Promise.all([worker(b)(), worker(b)()]);
    expect(received).toHaveLength(2);
    expect(new Set(received.map((r) => r.id)).size).toBe(2);
  });
});
