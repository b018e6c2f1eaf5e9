import type { OpenAPIV3_1 } from 'openapi-types';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@ecore/core/webhooks/webhooks.ts';

/** What each event says (docs/webhooks.md) and the ids its `data` carries. */
const EVENTS: Record<WebhookEvent, { summary: string; data: string[] }> = {
  'questionnaire.submitted': { summary: 'An object’s filled questionnaire was submitted (or resubmitted) for review', data: ['assetId', 'assetQuestionnaireId'] },
  'questionnaire.declined': { summary: 'An object’s filled questionnaire was declined by the tester or the evaluator', data: ['assetId', 'assetQuestionnaireId'] },
  'review.finished': { summary: 'The tester finished the review: sent on to evaluation, back for documents, or declined', data: ['assetId', 'assetQuestionnaireId'] },
  'certificate.issued': { summary: 'A label (certificate) was issued for an object or a group', data: ['assetId', 'assetGroupId', 'assetQuestionnaireId', 'certificateId'] },
  'certificate.revoked': { summary: 'A label was revoked', data: ['assetId', 'assetGroupId', 'certificateId'] },
  'label.expiring': { summary: 'A label runs out within 60 or 30 days (once per label and threshold)', data: ['assetId', 'assetGroupId', 'certificateId', 'validUntil', 'daysLeft'] },
  'import.finished': { summary: 'An import of objects or answers was stored', data: ['importId'] },
};

const DATA_FIELDS: Record<string, OpenAPIV3_1.SchemaObject> = {
  assetId: { type: 'integer', minimum: 1 },
  assetGroupId: { type: 'integer', minimum: 1 },
  assetQuestionnaireId: { type: 'integer', minimum: 1 },
  certificateId: { type: 'integer', minimum: 1 },
  importId: { type: 'integer', minimum: 1 },
  validUntil: { type: 'string', format: 'date' },
  daysLeft: { type: 'integer', enum: [60, 30] },
};

const header = (name: string, description: string, schema: Record<string, unknown>): OpenAPIV3_1.ParameterObject => ({ name, in: 'header', required: true, description, schema } as OpenAPIV3_1.ParameterObject);

/**
 * The `webhooks` of the OpenAPI 3.1 description: one POST per event, as the portal sends it to a subscribed URL, with
 * the payload's schema and the signature headers.
 */
export const webhooksDescription = (): Record<string, OpenAPIV3_1.PathItemObject> =>
  Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => {
      const { summary, data } = EVENTS[event];
      const operation: OpenAPIV3_1.OperationObject = {
        operationId: `webhook${event.split('.').map((p) => p[0]!.toUpperCase() + p.slice(1)).join('')}`,
        summary,
        description:
          'Sent as JSON to each subscribed URL (POST /api/webhooks) of the organisation, at least once and in order per object, retried with exponential backoff for 24 hours. Verify `X-Ecore-Signature` before trusting it (docs/webhooks.md); answer 2xx within 5 s.',
        tags: ['webhooks'],
        // Not a call to the portal: the receiver checks the signature instead.
        security: [],
        parameters: [
          header('X-Ecore-Timestamp', 'Unix seconds of the sending; refuse one older than five minutes', { type: 'string', pattern: '^[0-9]+$' }),
          header('X-Ecore-Signature', '`sha256=` and the hex HMAC-SHA256, keyed with the webhook’s secret, of "<timestamp>.<body>"', { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' }),
          header('X-Ecore-Event', 'The event’s type', { type: 'string', enum: [event] }),
          header('X-Ecore-Delivery', 'The event’s id, the same on every retry', { type: 'string' }),
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['id', 'type', 'occurredAt', 'organisationId', 'data'],
                additionalProperties: false,
                properties: {
                  id: { type: 'string', format: 'uuid', description: 'The event’s id: a receiver that saw it already ignores it' },
                  type: { type: 'string', enum: [event] },
                  occurredAt: { type: 'string', format: 'date-time' },
                  organisationId: { type: 'integer', minimum: 1 },
                  data: { type: 'object', additionalProperties: false, description: 'The ids it concerns, never personal data', properties: Object.fromEntries(data.map((d) => [d, DATA_FIELDS[d]!])) },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Received; any 2xx counts' },
          '400': { description: 'Refused (for example a signature that does not match); retried like any failure' },
        },
      };
      return [event, { post: operation } as OpenAPIV3_1.PathItemObject];
    }),
  );
