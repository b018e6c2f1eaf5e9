import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson, { type Schema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null';

/**
 * The JSON schema fast-json-stringify gets from a response's zod schema: its output side (what the
 * route answers, defaults included), nullable types as `nullable: true`, so that no branch needs a
 * validator at run time; unions stay `anyOf`, records `additionalProperties`.
 */
export function serializationSchema(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as JsonSchema;
  const simplify = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(simplify);
    if (typeof node !== 'object' || node === null) return node;
    const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, simplify(v)]));
    const anyOf = out.anyOf as unknown[] | undefined;
    // A `T | null` union (zod's nullable of a non-primitive) serialises as T with nullable.
    if (anyOf?.length === 2 && anyOf.some(isNull)) {
      const other = anyOf.find((s) => !isNull(s)) as JsonSchema;
      if (!('anyOf' in other)) {
        delete out.anyOf;
        return { ...other, ...out, nullable: true };
      }
    }
    return out;
  };
  const { $schema: _s, ...rest } = simplify(json) as JsonSchema;
  return rest as unknown as Schema;
}

const unchanging = new WeakSet<object>();

/**
 * Marks an answer that is never changed after it was made (a kept template, for example): its text is then
 * written once per route and kept as long as the answer itself (outside the tests, which check every answer).
 */
export const unchangingAnswer = <T extends object>(answer: T): T => {
  unchanging.add(answer);
  return answer;
};

/** Serialisers compiled in this process, by their JSON schema: routes answering alike (the error answers) share one. */
const compiled = new Map<string, ReturnType<typeof fastJson>>();
const converted = new WeakMap<z.ZodType, string>();

/**
 * fast-json-stringify compiled from a zod schema, once per process for each distinct schema (a function of the schema
 * only); the conversion is kept per zod schema object. An app built again in the same process (a test file's second
 * app, the next test file of a worker) compiles nothing it compiled before.
 */
function compiledStringify(zodSchema: z.ZodType): ReturnType<typeof fastJson> {
  let key = converted.get(zodSchema);
  if (key === undefined) converted.set(zodSchema, (key = JSON.stringify(serializationSchema(zodSchema))));
  let stringify = compiled.get(key);
  if (!stringify) compiled.set(key, (stringify = fastJson(JSON.parse(key) as Schema)));
  return stringify;
}

const zodOf = (maybe: unknown): z.ZodType => {
  if (maybe instanceof z.ZodType) return maybe;
  const properties = (maybe as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`not a zod response schema: ${JSON.stringify(maybe)}`);
};

/**
 * Serialises responses with fast-json-stringify compiled from the routes' zod schemas, once per route and
 * status; nothing is validated on the way out. With `check` (the tests) every response is also parsed by
 * its zod schema and must equal what the zod serialiser would have written, so a response that breaks its
 * schema, or a value fast-json-stringify would coerce or drop, fails the test that caused it.
 */
export const schemaSerializerCompiler =
  (options: { check: boolean }): FastifySerializerCompiler<unknown> =>
  ({ schema, method, url }) => {
    const zodSchema = zodOf(schema);
    const stringify = compiledStringify(zodSchema);
    if (!options.check) {
      const written = new WeakMap<object, string>();
      return (data) => {
        if (typeof data !== 'object' || data === null || !unchanging.has(data)) return stringify(data);
        let text = written.get(data);
        if (text === undefined) written.set(data, (text = stringify(data)));
        return text;
      };
    }
    return (data) => {
      const parsed = zodSchema.safeParse(data);
      if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const written = stringify(data);
      const expected = JSON.stringify(parsed.data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: fast-json-stringify wrote ${written.slice(0, 2000)}\nwhere the schema's output is ${expected.slice(0, 2000)}`);
      }
      return written;
    };
  };
