import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (docs/webhooks.md): an organisation's subscriptions (the secret encrypted with the portal's key, so that it
 * can sign), the outbox (one row per event and subscription, written in the same transaction as the change it tells
 * of, claimed by one delivery worker at a time), and the log of delivery attempts. Gone with their subscription.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failing_since', 'timestamptz')
    .addColumn('paused_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('webhook_subscriptions_organisation_idx').on('webhook_subscriptions').columns(['organisation_id', 'id']).execute();
  await db.schema.createIndex('webhook_subscriptions_paused_idx').on('webhook_subscriptions').column('created_by').where(sql.ref('paused_at'), 'is not', null).execute();

  await db.schema
    .createTable('webhook_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('webhook_subscriptions.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('order_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('webhook_outbox_due_idx').on('webhook_outbox').columns(['next_attempt_at', 'id']).where(sql.ref('delivered_at'), 'is', null).execute();
  await db.schema.createIndex('webhook_outbox_order_idx').on('webhook_outbox').columns(['subscription_id', 'order_key', 'id']).where(sql.ref('delivered_at'), 'is', null).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('webhook_subscriptions.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('delivered', 'boolean', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_subscription_idx').on('webhook_deliveries').columns(['subscription_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_outbox').execute();
  await db.schema.dropTable('webhook_subscriptions').execute();
}
