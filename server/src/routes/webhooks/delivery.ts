import { lookup } from 'node:dns/promises';
import type { Kysely } from 'kysely';
import { afterFailure, checkResolvedAddresses, checkWebhookUrl, DELIVERY_TIMEOUT_MS } from '@ecore/core/webhooks/webhooks.ts';
import { signWebhook, type WebhookSecrets } from '@ecore/adapters/crypto/webhook-secrets.ts';
import { claimDueDeliveries, recordAttempt, type ClaimedDelivery } from '@ecore/adapters/db/webhooks/webhooks-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { startRepeating } from '../../repeating.ts';

/** What the delivery worker needs; tests give their own clock and resolver. */
export interface WebhookSending {
  secrets: WebhookSecrets;
  /** Plain http to 127.0.0.1 / localhost allowed (a portal in development). */
  development: boolean;
  clock: () => number;
  resolve?: (host: string) => Promise<string[]>;
}

/** A claim lasts this long: longer than the receivers' timeout, after which a dead worker's rows are claimed again. */
export const LEASE_MS = 60_000;
/** Rows claimed per round; sent side by side (never two of one object: the claim leaves the later one waiting). */
export const BATCH = 20;

const resolveAll = async (host: string): Promise<string[]> => (await lookup(host.replace(/^\[|\]$/g, ''), { all: true })).map((a) => a.address);

/** One attempt: the URL checked again (a name may have moved inside since), signed, sent with a 5 s limit. */
async function attempt(claimed: ClaimedDelivery, sending: WebhookSending, now: number): Promise<{ statusCode: number | null; error: string | null }> {
  const url = new URL(claimed.url);
  const refused = [...checkWebhookUrl(claimed.url, sending.development)];
  if (refused.length === 0) {
    const addresses = await (sending.resolve ?? resolveAll)(url.hostname).catch(() => []);
    refused.push(...checkResolvedAddresses(url.hostname, addresses, sending.development));
  }
  if (refused.length > 0) return { statusCode: null, error: refused[0]!.key };
  const timestamp = Math.floor(now / 1000);
  try {
    const res = await fetch(claimed.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ECORE-Webhooks/1',
        'x-ecore-event': claimed.type,
        'x-ecore-delivery': claimed.eventId,
        'x-ecore-timestamp': String(timestamp),
        'x-ecore-signature': signWebhook(sending.secrets.open(claimed.sealedSecret), timestamp, claimed.payload),
      },
      body: claimed.payload,
    });
    await res.body?.cancel().catch(() => undefined);
    return { statusCode: res.status, error: res.ok ? null : `HTTP ${res.status}` };
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    return { statusCode: null, error: name === 'TimeoutError' ? 'timeout' : 'connection failed' };
  }
}

async function deliverOne(db: Kysely<DB>, claimed: ClaimedDelivery, sending: WebhookSending): Promise<void> {
  const started = sending.clock();
  const sentAt = Date.now();
  const { statusCode, error } = await attempt(claimed, sending, started);
  const durationMs = Date.now() - sentAt;
  const at = new Date(sending.clock());
  const delivered = error === null;
  const next = delivered ? undefined : afterFailure(claimed.failures + 1, claimed.failingSince?.getTime() ?? at.getTime(), at.getTime());
  await recordAttempt(db, claimed, {
    delivered,
    statusCode,
    error,
    durationMs,
    at,
    ...(next ? { next: 'pause' in next ? { pause: true as const } : { retryAt: new Date(next.retryAt) } } : {}),
  });
}

/** One round of the worker: claims what is due and sends it; answers how many rows it claimed. */
export async function deliverDue(db: Kysely<DB>, sending: WebhookSending): Promise<number> {
  const now = sending.clock();
  const claimed = await claimDueDeliveries(db, new Date(now), new Date(now + LEASE_MS), BATCH);
  await Promise.all(claimed.map((c) => deliverOne(db, c, sending)));
  return claimed.length;
}

/**
 * The delivery worker of a server process (server.ts): a round every `intervalMs`, never two at once, rounds
 * repeated while they find work. Never in a request's path: a slow receiver delays only its own deliveries.
 */
export function startWebhookWorker(db: Kysely<DB>, sending: WebhookSending, failed: (err: unknown) => void, intervalMs = 2_000): { stop: () => Promise<void> } {
  return startRepeating(
    async () => {
      while ((await deliverDue(db, sending)) > 0);
    },
    failed,
    intervalMs,
  );
}
