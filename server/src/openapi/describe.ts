import type { OpenAPIV3_1 } from 'openapi-types';
import { DOWNLOADS, OPERATION_IDS, operationIdFor } from './operations.ts';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject & { 'x-rate-limited'?: boolean; 'x-idempotent'?: boolean };

/** The error body of every refusal (ARCHITECTURE.md "API conventions"). */
export const ERROR_SCHEMA: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['statusCode', 'key', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    key: { type: 'string', description: 'The text key (both languages: the message is in the request’s Accept-Language)' },
    message: { type: 'string' },
    fields: {
      type: 'array',
      items: { type: 'object', required: ['path', 'key', 'message'], properties: { path: { type: 'string' }, key: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const ERROR_TEXTS: Record<string, string> = {
  '400': 'Bad input; `fields` names each field',
  '401': 'No session or access token, or it is expired, revoked or ended',
  '403': 'Not allowed to the caller, or not by the access token’s scopes',
  '404': 'Not found, or not visible to the caller',
  '409': 'Conflict with the current state (stale version, taken name, key of a request under way)',
  '413': 'The body is too large',
  '415': 'The body’s media type is not accepted',
  '422': 'The Idempotency-Key was used for another request',
  '423': 'Locked by someone else (the answer names the holder)',
  '429': 'Too many requests; Retry-After says when to try again',
  '500': 'An unexpected failure (never with internal details)',
  '503': 'The database is unreachable (database-unavailable) or the server overloaded (server-busy, with Retry-After); try again later',
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * A parameter that a route reads as plain text (its refusals are the specification's own, not a validation error)
 * is described by what its callers send: `.meta({ [DESCRIBED_AS]: { type: 'integer', … } })` on its zod schema.
 */
export const DESCRIBED_AS = 'x-described-as';

const errorResponse = (status: string): OpenAPIV3_1.ResponseObject => ({
  description: ERROR_TEXTS[status] ?? 'Refused',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const RATE_HEADERS: Record<string, OpenAPIV3_1.HeaderObject> = {
  'Retry-After': { description: 'Seconds until the limit resets', schema: { type: 'integer' } },
  RateLimit: { description: 'limit, remaining, reset (seconds) of the caller’s window (IETF RateLimit header fields)', schema: { type: 'string' } },
};

/**
 * Makes the generated description exact (docs/api.md "The description"): operation names, explicit security
 * (`[]` on public calls), parameters described by what their callers send, `204` and `304` without content, file answers as binary with their media types, and the
 * answers the plugins give on every call of a kind: 401/403/429 on signed-in calls (sessions, access tokens and their
 * scopes and rate limit), 413/415 on calls with a body, 429 on rate-limited public calls, 500 and 503 everywhere.
 */
export function exactDescription(document: Document): Document {
  const doc = structuredClone(document);
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA } };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method] as Operation | undefined;
      if (!op) continue;
      const name = `${method.toUpperCase()} ${path}`;
      op.operationId ??= OPERATION_IDS[name] ?? operationIdFor(method, path);
      op.summary ??= op.description ?? name;
      op.security ??= [];
      for (const parameter of (op.parameters ?? []) as { schema?: { [DESCRIBED_AS]?: object } }[]) {
        const describedAs = parameter.schema?.[DESCRIBED_AS];
        if (describedAs) parameter.schema = describedAs;
      }
      const responses: OpenAPIV3_1.ResponsesObject = (op.responses ??= {});
      for (const status of ['204', '304']) {
        const r = responses[status] as OpenAPIV3_1.ResponseObject | undefined;
        if (r) responses[status] = { description: status === '204' ? (r.description && r.description !== 'Default Response' ? r.description : 'Done; no content') : 'Not modified (already decided)' };
      }
      const download = DOWNLOADS[name];
      if (download) {
        const json = download.withJson ? (responses['200'] as OpenAPIV3_1.ResponseObject | undefined)?.content : undefined;
        responses['200'] = {
          description: download.description,
          headers: { 'Content-Disposition': { description: 'attachment (or inline) with a file name that says what it is', schema: { type: 'string' } } },
          content: { ...json, ...Object.fromEntries(download.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) },
        };
      }
      const add = (status: string, headers?: Record<string, OpenAPIV3_1.HeaderObject>) => {
        const existing = responses[status] as OpenAPIV3_1.ResponseObject | undefined;
        responses[status] = { ...errorResponse(status), ...(existing?.description && existing.description !== 'Default Response' ? { description: existing.description } : {}), ...(headers ? { headers } : {}) };
      };
      // Every error answer carries the one error body.
      for (const status of Object.keys(responses)) if (Number(status) >= 400) add(status);
      const signedIn = op.security.length > 0;
      if (signedIn) {
        add('401');
        add('403');
        add('429', RATE_HEADERS);
      }
      if (op['x-rate-limited']) add('429', RATE_HEADERS);
      delete op['x-rate-limited'];
      if (op['x-idempotent']) {
        for (const [status, response] of Object.entries(responses)) {
          if (status.startsWith('2')) (response as OpenAPIV3_1.ResponseObject).headers = { 'Idempotent-Replayed': { description: '`true` when the answer is the kept first answer to this Idempotency-Key', schema: { type: 'string', enum: ['true'] } } };
        }
      }
      delete op['x-idempotent'];
      if (op.requestBody) {
        add('413');
        add('415');
      }
      if (op.parameters?.length || op.requestBody) add('400');
      add('500');
      // Any call may meet an unreachable database or an overloaded node (plugins/under-pressure.ts, plugins/errors.ts).
      add('503');
    }
  }
  return doc;
}
