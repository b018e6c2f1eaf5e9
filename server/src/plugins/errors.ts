import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { languageFromHeader, type Language } from '@ecore/core/shared/language.ts';
import { isMessageKey, message, type MessageKey } from '@ecore/core/shared/messages.ts';
import { FieldsError } from './fields-error.ts';
import { HttpError } from './http-error.ts';
import { logAuthEvent } from './auth-events.ts';
import { isDatabaseUnavailable } from '@ecore/adapters/db/unavailable.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    /** The key of the error answer sent, for the refusal's log line. */
    errorKey: MessageKey | null;
    /** The user a bearer token named, known before the session is checked (plugins/auth.ts). */
    claimedUserId: number | null;
  }
}

/** Refusals the sign-in routes log as authentication events of their own (plugins/auth-events.ts). */
const SIGN_IN_REFUSALS = new Set<string>(['login-error', 'login-blocked', 'two-factor-error', 'invalid-link']);

export interface FieldError {
  path: string;
  key: MessageKey;
  message: string;
}

const send = (reply: FastifyReply, language: Language, statusCode: number, key: MessageKey, params = {}, fields?: FieldError[], extra: Record<string, unknown> = {}) => {
  reply.request.errorKey = key;
  return reply.status(statusCode).send({ ...extra, statusCode, key, message: message(key, language, params), ...(fields ? { fields } : {}) });
};

const STATUS_KEYS: Partial<Record<number, MessageKey>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  413: 'payload-too-large',
  429: 'too-many-requests',
};

/**
 * ARCHITECTURE.md "API conventions": every error answers { statusCode, key, message } in the request's
 * language; validation errors add fields; a 5xx never carries internal details.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'de');
  app.decorateRequest('errorKey', null);
  app.decorateRequest('claimedUserId', null);
  // Every refused authorisation (401, 403) is a structured line with the user, the route pattern (never the URL:
  // its query may hold a token) and the key (ASVS 7.2.2).
  app.addHook('onResponse', (request, reply, done) => {
    if ((reply.statusCode === 401 || reply.statusCode === 403) && (request.errorKey === null || !SIGN_IN_REFUSALS.has(request.errorKey))) {
      const actor = (request as { actor?: { userId: number } | null }).actor;
      logAuthEvent(request.log, 'access.refused', {
        userId: actor?.userId ?? request.claimedUserId,
        statusCode: reply.statusCode,
        ...(request.errorKey ? { key: request.errorKey } : {}),
        method: request.method,
        route: request.routeOptions.url ?? 'unknown',
        address: request.ip,
      });
    }
    done();
  });
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    done();
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language ?? 'de';
    if (error instanceof HttpError) return send(reply, language, error.statusCode, error.key, error.params, undefined, error.extra);
    if (error instanceof FieldsError) {
      const fields = error.fields.map((f) => ({ path: f.path, key: f.key, message: message(f.key, language, f.params) }));
      return send(reply, language, 400, 'validation-generic', {}, fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue): FieldError => {
        const text = issue.message ?? '';
        const key: MessageKey = isMessageKey(text) ? text : 'validation-generic';
        // Built-in checks carry their limits in the issue; custom ones (the password rule) in its params.
        const raw = issue.params as { minimum?: number; maximum?: number; params?: { minimum?: number; maximum?: number } };
        const params = { ...raw, ...raw.params };
        const n = key === 'validation-max-length' ? params.maximum : params.minimum;
        return {
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          key,
          message: message(key, language, n === undefined ? { n: 6 } : { n: Number(n) }),
        };
      });
      return send(reply, language, 400, 'validation-generic', {}, fields);
    }
    // Safety net: a value the database refuses as data (SQLSTATE class 22: out of range, bad text) is the
    // caller's input, answered 400; the transaction it came in has rolled back, so nothing was stored.
    if (typeof (error as { code?: unknown }).code === 'string' && /^22[0-9A-Z]{3}$/.test((error as { code: string }).code)) {
      request.log.warn({ err: error }, 'input refused by the database');
      return send(reply, language, 400, 'validation-generic');
    }
    // The database cannot be reached (stopped, restarting, network): a clear 503 the client can show and retry;
    // /api/health says the same (routes/health.ts). Nothing was stored: the transaction did not commit.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, event: 'database.unavailable' }, 'the database is unreachable');
      reply.header('retry-after', '30');
      return send(reply, language, 503, 'database-unavailable');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like are the caller's fault: 400, never 500.
      return send(reply, language, status, STATUS_KEYS[status] ?? 'validation-generic');
    }
    request.log.error({ err: error }, 'request failed');
    // The request id lets support find this log line from what the user reports (issue 24).
    return send(reply, language, 500, 'server-error', {}, undefined, { requestId: request.id });
  });
});
