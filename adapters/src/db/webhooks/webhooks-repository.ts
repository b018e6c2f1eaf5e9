import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { orderKey, type WebhookDeliveryView, type WebhookEvent, type WebhookPayload, type WebhookSubject, type WebhookView } from '@ecore/core/webhooks/webhooks.ts';

export type { WebhookView };
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;


const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

const view = (r: { id: number; organisation_id: number; organisation_name: string; url: string; events: string[]; created_at: Date; paused_at: Date | null; failing_since: Date | null }): WebhookView => ({
  id: r.id,
  organisationId: r.organisation_id,
  organisationName: r.organisation_name,
  url: r.url,
  events: r.events as WebhookEvent[],
  createdAt: iso(r.created_at)!,
  pausedAt: iso(r.paused_at),
  failingSince: iso(r.failing_since),
});

const columns = ['id', 'organisation_id', 'url', 'events', 'created_at', 'paused_at', 'failing_since'] as const;
const joinedColumns = columns.map((c) => `webhook_subscriptions.${c}` as const);

/** The subscriptions with their organisation's name (what the settings screen shows). */
const withOrganisation = (db: Executor) =>
  db
    .selectFrom('webhook_subscriptions')
    .innerJoin('organisations', 'organisations.id', 'webhook_subscriptions.organisation_id')
    .select([...joinedColumns, 'organisations.name as organisation_name']);

export async function countWebhooks(db: Executor, organisationId: number): Promise<number> {
  const row = await db.selectFrom('webhook_subscriptions').select(sql<number>`count(*)::int`.as('n')).where('organisation_id', '=', organisationId).executeTakeFirstOrThrow();
  return row.n;
}

export async function insertWebhook(db: Executor, w: { organisationId: number; url: string; events: readonly WebhookEvent[]; sealedSecret: string; createdBy: number; at: Date }): Promise<WebhookView> {
  const row = await db
    .insertInto('webhook_subscriptions')
    .values({ organisation_id: w.organisationId, url: w.url, events: [...w.events], secret_encrypted: w.sealedSecret, created_by: w.createdBy, created_at: w.at })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return (await findWebhook(db, row.id))!;
}

/** The subscriptions of one organisation, or of all (null: the account administrator's view), oldest first. */
export async function listWebhooks(db: Executor, organisationId: number | null): Promise<WebhookView[]> {
  let q = withOrganisation(db).orderBy('webhook_subscriptions.id');
  if (organisationId !== null) q = q.where('webhook_subscriptions.organisation_id', '=', organisationId);
  return (await q.execute()).map(view);
}

export async function findWebhook(db: Executor, id: number): Promise<WebhookView | null> {
  const row = await withOrganisation(db).where('webhook_subscriptions.id', '=', id).executeTakeFirst();
  return row ? view(row) : null;
}

export async function deleteWebhook(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
}

/** The last 100 attempts of a subscription, newest first. */
export async function listDeliveries(db: Executor, subscriptionId: number): Promise<WebhookDeliveryView[]> {
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id', 'desc').limit(100).execute();
  return rows.map((r) => ({ eventId: r.event_id, type: r.event_type, attempt: r.attempt, delivered: r.delivered, statusCode: r.status_code, error: r.error, durationMs: r.duration_ms, attemptedAt: iso(r.attempted_at)! }));
}

/**
 * Writes an event into the outbox of every active subscription of the organisation that wants it, in the transaction
 * of the change it tells of (`trx`): it goes out if and only if that change commits.
 */
export async function enqueueWebhookEvent(trx: Executor, event: { type: WebhookEvent; organisationId: number; subject: WebhookSubject; at: Date }): Promise<void> {
  const subscriptions = await trx
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('organisation_id', '=', event.organisationId)
    .where('paused_at', 'is', null)
    .where(sql<boolean>`${event.type} = any(events)`)
    .execute();
  if (subscriptions.length === 0) return;
  const payload: WebhookPayload = { id: randomUUID(), type: event.type, occurredAt: event.at.toISOString(), organisationId: event.organisationId, data: event.subject };
  await trx
    .insertInto('webhook_outbox')
    .values(subscriptions.map((s) => ({ subscription_id: s.id, event_id: payload.id, event_type: event.type, order_key: orderKey(event.subject), payload: JSON.stringify(payload), next_attempt_at: event.at })))
    .execute();
}

/** The same for an event of an object or a group: the owner organisation is the object's or the group's. */
export async function enqueueSubjectWebhookEvent(trx: Executor, type: WebhookEvent, subject: WebhookSubject, at: Date): Promise<void> {
  const owner =
    subject.assetId !== undefined
      ? await trx.selectFrom('assets').select('organisation_id').where('id', '=', subject.assetId).executeTakeFirst()
      : subject.assetGroupId !== undefined
        ? await trx.selectFrom('asset_groups').select('organisation_id').where('id', '=', subject.assetGroupId).executeTakeFirst()
        : undefined;
  if (owner) await enqueueWebhookEvent(trx, { type, organisationId: owner.organisation_id, subject, at });
}

export interface ClaimedDelivery {
  id: string;
  subscriptionId: number;
  eventId: string;
  type: string;
  payload: string;
  failures: number;
  url: string;
  sealedSecret: string;
  failingSince: Date | null;
}

/**
 * Claims due outbox rows for one worker (`FOR UPDATE SKIP LOCKED`, then a lease until `leaseUntil`): another process
 * claiming at the same time skips them, and a row whose earlier event for the same object and subscription is not yet
 * delivered waits, so that each object's events arrive in order. A worker that dies mid-send leaves its lease to run
 * out; the row is claimed again (delivered at least once).
 */
export async function claimDueDeliveries(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await sql<{ id: string }>`
      select o.id from webhook_outbox o join webhook_subscriptions s on s.id = o.subscription_id
      where o.delivered_at is null and o.next_attempt_at <= ${now} and (o.locked_until is null or o.locked_until <= ${now}) and s.paused_at is null
        and not exists (select 1 from webhook_outbox e where e.subscription_id = o.subscription_id and e.order_key = o.order_key and e.id < o.id and e.delivered_at is null)
      order by o.id limit ${limit} for update of o skip locked`.execute(trx);
    if (rows.rows.length === 0) return [];
    const ids = rows.rows.map((r) => r.id);
    await trx.updateTable('webhook_outbox').set({ locked_until: leaseUntil }).where('id', 'in', ids).execute();
    const claimed = await trx
      .selectFrom('webhook_outbox as o')
      .innerJoin('webhook_subscriptions as s', 's.id', 'o.subscription_id')
      .select(['o.id', 'o.subscription_id', 'o.event_id', 'o.event_type', 'o.payload', 'o.failures', 's.url', 's.secret_encrypted', 's.failing_since'])
      .where('o.id', 'in', ids)
      .orderBy('o.id')
      .execute();
    return claimed.map((r) => ({ id: String(r.id), subscriptionId: r.subscription_id, eventId: r.event_id, type: r.event_type, payload: r.payload, failures: r.failures, url: r.url, sealedSecret: r.secret_encrypted, failingSince: r.failing_since }));
  });
}

export interface AttemptOutcome {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
  /** After a failure: when to try again, or pause the subscription. */
  next?: { retryAt: Date } | { pause: true };
}

/** Logs one attempt and moves its outbox row on: delivered, retried later, or its subscription paused. */
export async function recordAttempt(db: Executor, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_deliveries')
      .values({ subscription_id: claimed.subscriptionId, event_id: claimed.eventId, event_type: claimed.type, attempt: claimed.failures + 1, status_code: outcome.statusCode, error: outcome.error, duration_ms: outcome.durationMs, delivered: outcome.delivered, attempted_at: outcome.at })
      .execute();
    if (outcome.delivered) {
      await trx.updateTable('webhook_outbox').set({ delivered_at: outcome.at, locked_until: null }).where('id', '=', claimed.id).execute();
      await trx.updateTable('webhook_subscriptions').set({ failing_since: null }).where('id', '=', claimed.subscriptionId).execute();
      return;
    }
    const next = outcome.next && 'retryAt' in outcome.next ? outcome.next.retryAt : outcome.at;
    await trx.updateTable('webhook_outbox').set({ failures: claimed.failures + 1, next_attempt_at: next, locked_until: null }).where('id', '=', claimed.id).execute();
    await trx.updateTable('webhook_subscriptions').set({ failing_since: sql`coalesce(failing_since, ${outcome.at})` }).where('id', '=', claimed.subscriptionId).execute();
    if (outcome.next && 'pause' in outcome.next) await trx.updateTable('webhook_subscriptions').set({ paused_at: outcome.at }).where('id', '=', claimed.subscriptionId).execute();
  });
}
