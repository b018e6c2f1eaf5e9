import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createContractChecker } from './contract.ts';

/** The contract check fails a test whose answer the description does not describe (issue 21). */
const document = {
  openapi: '3.1.0',
  paths: {
    '/api/thing/{id}': {
      get: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } } },
          '404': { description: 'no', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
      delete: { responses: { '204': { description: 'gone' } } },
    },
    '/api/thing/special': { get: { responses: { '200': { description: 'file', content: { 'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } } } } } } },
  },
  components: { schemas: { Error: { type: 'object', required: ['key'], properties: { key: { type: 'string' } } } } },
};

const answer = (statusCode: number, body: string, type = 'application/json; charset=utf-8') =>
  ({ statusCode, body, rawPayload: Buffer.from(body), headers: body ? { 'content-type': type } : {} }) as unknown as LightMyRequestResponse;

describe('the contract check of the server tests', () => {
  it('accepts answers as described, and counts them', () => {
    const checker = createContractChecker(document);
    checker.check('GET', '/api/thing/3?x=1', answer(200, '{"id":3}'));
    checker.check('GET', '/api/thing/3', answer(404, '{"key":"not-found"}'));
    checker.check('DELETE', '/api/thing/3', answer(204, ''));
    checker.check('GET', '/api/thing/special', answer(200, 'a;b', 'text/csv; charset=utf-8'));
    expect(checker.checked).toBe(4);
  });

  it('refuses a status the operation does not name', () => {
    expect(() => createContractChecker(document).check('GET', '/api/thing/3', answer(409, '{"key":"x"}'))).toThrow(/does not name/);
  });

  it('refuses a body its schema refuses, or where none is described', () => {
    expect(() => createContractChecker(document).check('GET', '/api/thing/3', answer(200, '{"id":"3"}'))).toThrow(/refuses/);
    expect(() => createContractChecker(document).check('GET', '/api/thing/3', answer(404, '{"message":"x"}'))).toThrow(/refuses/);
    expect(() => createContractChecker(document).check('DELETE', '/api/thing/3', answer(204, 'null'))).toThrow(/says none/);
  });

  it('refuses a media type the description does not list', () => {
    expect(() => createContractChecker(document).check('GET', '/api/thing/special', answer(200, '{}'))).toThrow(/does not list/);
  });

  it('matches literal paths before templated ones, and leaves paths the API does not have to the router', () => {
    const checker = createContractChecker(document);
    expect(() => checker.check('GET', '/api/thing/special', answer(200, '{"id":1}'))).toThrow(/does not list/);
    checker.check('GET', '/api/unknown', answer(404, '{}'));
    checker.check('GET', '/index.html', answer(200, '<html>', 'text/html'));
    // Only the first answer was an operation's (and was refused).
    expect(checker.checked).toBe(1);
  });
});
