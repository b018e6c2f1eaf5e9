import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An organisation's webhook subscription (migration 118, docs/webhooks.md). */
export interface WebhookSubscriptionTable {
  id: Generated<number>;
  organisation_id: number;
  url: string;
  events: string[];
  secret_encrypted: string;
  created_by: number | null;
  created_at: Timestamp;
  failing_since: NullableTimestamp;
  paused_at: NullableTimestamp;
}

/** One event for one subscription, written with the change it tells of. */
export interface WebhookOutboxTable {
  id: Generated<string>;
  subscription_id: number;
  event_id: string;
  event_type: string;
  order_key: string;
  payload: string;
  failures: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  delivered_at: NullableTimestamp;
}

export interface WebhookDeliveryTable {
  id: Generated<string>;
  subscription_id: number;
  event_id: string;
  event_type: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  delivered: boolean;
  attempted_at: Timestamp;
}

export interface WebhookTables {
  webhook_subscriptions: WebhookSubscriptionTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_deliveries: WebhookDeliveryTable;
}
