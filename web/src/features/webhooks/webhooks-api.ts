import type { WebhookDeliveryView, WebhookEvent, WebhookView } from '@ecore/core/webhooks/webhooks.ts';
import { api } from '../../lib/api-client.ts';

/** A subscription as GET webhooks answers it, and one of its delivery attempts (docs/webhooks.md). */
export type { WebhookView as WebhookItem, WebhookDeliveryView as WebhookDelivery };

/** The webhooks the caller manages (all organisations' for the account administrator), oldest first. */
export const fetchWebhooks = (): Promise<{ items: WebhookView[]; total: number }> => api.get('webhooks');

/** Subscribes a URL to events (POST webhooks); the answer carries the signing secret, the only time it is shown. */
export const createWebhook = (body: { url: string; events: WebhookEvent[] }): Promise<WebhookView & { secret: string }> => api.post('webhooks', body);

/** Deletes a webhook with its undelivered events and its delivery log (DELETE webhooks/{id}). */
export const deleteWebhook = (id: number): Promise<void> => api.delete(`webhooks/${id}`);

/** The last 100 delivery attempts of a webhook, newest first. */
export const fetchWebhookDeliveries = (id: number): Promise<{ items: WebhookDeliveryView[] }> => api.get(`webhooks/${id}/deliveries`);
