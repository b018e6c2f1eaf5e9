import Fastify from 'fastify';
import fastJson from 'fast-json-stringify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaSerializerCompiler, serializationSchema, unchangingAnswer } from './serializer.ts';

const shapes = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  tester: z.object({ firstName: z.string() }).nullable(),
  score: z.number().nullable(),
  createdAt: z.string(),
  counts: z.record(z.string(), z.number()),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.object({ key: z.string(), optional: z.number().optional() })),
  anything: z.unknown(),
  flag: z.boolean().default(false),
});

const write = (schema: z.ZodType, data: unknown) => fastJson(serializationSchema(schema))(data);

describe('responses serialised from their zod schemas by fast-json-stringify', () => {
  it('writes nullable values, nested nulls, records, unions, enums, optional and unknown fields as zod does', () => {
    const samples = [
      { id: 1, name: 'A', note: null, tester: null, score: null, createdAt: '2026-11-22T09:00:00.000Z', counts: {}, value: null, kind: 'a', tags: [], anything: null, flag: true },
      { id: 2, name: 'Ä "q"\n', note: 'n', tester: { firstName: 'Tom' }, score: 0.5, createdAt: '2026-11-22', counts: { all: 3, active: 0 }, value: 'text', kind: 'b', tags: [{ key: 'k', optional: 1 }, { key: 'l' }], anything: { deep: [1, 'x', null] }, flag: false },
      { id: 3, name: '', note: '', tester: { firstName: '' }, score: -7, createdAt: 'x', counts: { n: 1.25 }, value: 12.5, kind: 'a', tags: [], anything: 'text', flag: false },
      { id: 4, name: 'b', note: null, tester: null, score: 1e21, createdAt: 'x', counts: {}, value: false, kind: 'a', tags: [], anything: [1], flag: false },
      { id: 5, name: 'c', note: null, tester: null, score: null, createdAt: 'x', counts: {}, value: ['a', 'b'], kind: 'b', tags: [], anything: 0, flag: false },
    ];
    for (const sample of samples) expect(JSON.parse(write(shapes, sample))).toEqual(JSON.parse(JSON.stringify(shapes.parse(sample))));
  });

  it('leaves out fields the schema does not name, as the zod serialiser did', () => {
    const schema = z.object({ id: z.number(), items: z.array(z.object({ name: z.string() })) });
    expect(JSON.parse(write(schema, { id: 1, secret: 'x', items: [{ name: 'a', passwordHash: 'h' }] }))).toEqual({ id: 1, items: [{ name: 'a' }] });
  });

  const app = async (check: boolean, answer: unknown) => {
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(schemaSerializerCompiler({ check }));
    server.get('/x', { schema: { response: { 200: z.object({ id: z.number(), name: z.string().nullable() }) } } }, async () => answer);
    await server.ready();
    return server;
  };

  it('in the tests, a response that breaks its schema fails (500) instead of being coerced', async () => {
    const checked = await app(true, { id: '7', name: null });
    expect((await checked.inject({ url: '/x' })).statusCode).toBe(500);
    const unchecked = await app(false, { id: '7', name: null });
    // Without the check fast-json-stringify coerces: the reason the tests keep it on.
    expect((await unchecked.inject({ url: '/x' })).json()).toEqual({ id: 7, name: null });
    const fine = await app(true, { id: 7, name: 'n' });
    expect((await fine.inject({ url: '/x' })).json()).toEqual({ id: 7, name: 'n' });
  });
  it('writes an answer marked unchanging once per route, and every other answer each time', async () => {
    let reads = 0;
    const answer = (id: number) => ({ id, get name() { reads += 1; return 'n'; } });
    const kept = unchangingAnswer(answer(1));
    const fresh = answer(2);
    const server = Fastify();
    server.setSerializerCompiler(schemaSerializerCompiler({ check: false }));
    const schema = { response: { 200: z.object({ id: z.number(), name: z.string() }) } };
    server.get('/kept', { schema }, async () => kept);
    server.get('/fresh', { schema }, async () => fresh);
    for (let i = 0; i < 3; i += 1) expect((await server.inject({ url: '/kept' })).json()).toEqual({ id: 1, name: 'n' });
    expect(reads).toBe(1);
    for (let i = 0; i < 3; i += 1) expect((await server.inject({ url: '/fresh' })).json()).toEqual({ id: 2, name: 'n' });
    expect(reads).toBe(4);
  });
});
