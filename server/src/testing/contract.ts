import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The contract check of the server tests (issue 21, docs/api.md "Contract test"): every answer a test receives is
 * checked against the published OpenAPI description by a validator of its own (Ajv over the JSON Schemas of the
 * document, not the zod schemas that produced it). A status the operation does not describe, a body where the
 * description says none, a media type it does not list, or a JSON body its schema refuses fails the test that got it.
 */
interface Response {
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
type Operation = { responses?: Record<string, Response> };
type Document = { paths: Record<string, Record<string, Operation>> };

const escapePointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

export interface ContractChecker {
  check(method: string, url: string, response: LightMyRequestResponse): void;
  /** How many answers were checked (the test of the check reads it). */
  checked: number;
}

/** The body as sent before compression (Brotli or gzip for answers of 1 KB and more that accept it). */
const decoded = (response: LightMyRequestResponse): Buffer => {
  const encoding = String(response.headers['content-encoding'] ?? '');
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  if (encoding === 'deflate') return inflateSync(response.rawPayload);
  return response.rawPayload;
};

export function createContractChecker(document: Document): ContractChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(document as object, 'openapi.json');
  // Literal paths before templated ones (`/api/user/testers` before `/api/user/{id}`), as routers match them.
  const templates = Object.keys(document.paths)
    .map((path) => ({
      path,
      params: (path.match(/\{/g) ?? []).length,
      regex: new RegExp(`^${path.split('/').map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  const validators = new Map<string, ValidateFunction>();

  const checker: ContractChecker = {
    checked: 0,
    check(method, url, response) {
      const path = decodeURI(url.split('?')[0] ?? '');
      if (!path.startsWith('/api/') || path.startsWith('/api/docs') || path === '/api/openapi.json') return;
      const template = templates.find((t) => t.regex.test(path));
      const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
      const operation = template ? document.paths[template.path]?.[verb] : undefined;
      // A path or method the API does not have: the router's own 404 (or 405), not an operation's answer.
      if (!template || !operation) return;
      const where = `${method.toUpperCase()} ${template.path} answered ${response.statusCode}`;
      const described = operation.responses?.[String(response.statusCode)] ?? operation.responses?.default;
      if (!described) throw new Error(`${where}, a status its description does not name (body: ${response.body.slice(0, 300)})`);
      checker.checked += 1;
      const body = response.rawPayload;
      if (!described.content) {
        if (body.length > 0 && method.toUpperCase() !== 'HEAD') throw new Error(`${where} with a body, where its description says none: ${response.body.slice(0, 200)}`);
        return;
      }
      if (body.length === 0 && (response.statusCode === 204 || method.toUpperCase() === 'HEAD')) return;
      const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim();
      const media = described.content[type];
      if (!media) throw new Error(`${where} as ${type || 'no media type'}, which its description does not list (${Object.keys(described.content).join(', ')})`);
      if (type !== 'application/json' || !media.schema || (media.schema as { contentMediaType?: string }).contentMediaType) return;
      const key = `${template.path} ${verb} ${response.statusCode} ${type}`;
      let validate = validators.get(key);
      if (!validate) {
        const status = operation.responses?.[String(response.statusCode)] ? String(response.statusCode) : 'default';
        const pointer = ['paths', template.path, verb, 'responses', status, 'content', type, 'schema'].map(escapePointer).join('/');
        validate = ajv.compile({ $ref: `openapi.json#/${pointer}` });
        validators.set(key, validate);
      }
      let json: unknown;
      try {
        json = JSON.parse(decoded(response).toString('utf8'));
      } catch {
        throw new Error(`${where} with a body that is not JSON: ${response.body.slice(0, 200)}`);
      }
      if (!validate(json)) throw new Error(`${where} with a body its description refuses: ${ajv.errorsText(validate.errors)} (body: ${response.body.slice(0, 300)})`);
    },
  };
  return checker;
}
