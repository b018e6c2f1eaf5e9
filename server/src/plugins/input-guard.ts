import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText } from '@ecore/core/shared/schemas.ts';
import { FieldsError } from './fields-error.ts';

/** The path of the first text in `value` that PostgreSQL could not store (a NUL character), or null. */
const firstUnstorable = (value: unknown, path: string, depth = 0): string | null => {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return path ? `${path}.${key.replaceAll('\u0000', '')}` : key.replaceAll('\u0000', '');
    const found = firstUnstorable(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
};

/**
 * One guard for every route (issue 9): a NUL character anywhere in the path, the query or the body
 * answers 400 with the field named, before any schema or handler sees it; PostgreSQL would refuse it
 * with a 500. The schemas bound lengths and numbers (core/src/shared/schemas.ts).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback, not an async hook: it runs for every request, and most have nothing to refuse (issue 11).
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const path = firstUnstorable(request.params, '') ?? firstUnstorable(request.query, '') ?? firstUnstorable(request.body, '');
    done(path === null ? undefined : new FieldsError([{ path, key: 'validation-generic' }]));
  });
});
