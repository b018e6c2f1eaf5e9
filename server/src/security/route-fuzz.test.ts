// Issue 9: every route of the OpenAPI description, fed what a fuzzer feeds (NUL bytes, 2³¹, 0x10, %20
// prefixes, 1 MB strings) in its path ids, its query and its body, answers no 5xx and changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createHarness, databaseSnapshot, type Harness } from '../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
});
afterAll(async () => h.close());

const snapshot = () => databaseSnapshot(h.db);

const BAD_IDS = ['2147483648', '99999999999999999999', '0x10', '%201', '1e3', '-1', '0', 'a%00b', '%00', '1%00', '01'];
const BAD_QUERY_VALUES = ['%00', 'a%00b', '2147483648', '0x10', '%201', '1e3', '-1', 'x'.repeat(5000)];
const MEGA = 'x'.repeat(1024 * 1024);
const BAD_BODY_VALUES: unknown[] = ['a\u0000b', 2 ** 31, -(2 ** 31) - 1, 1e308, MEGA.slice(0, 300_000), { nested: 'a\u0000b' }, ['\u0000']];

type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } };

it('no generated request to any route answers 5xx, and the database is unchanged', async () => {
  const doc = (await h.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
  const token = await h.login('admin');
  const before = await snapshot();
  const failures: string[] = [];
  let sent = 0;

  const send = async (method: string, url: string, payload?: unknown) => {
    sent += 1;
    const res = await h.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${url.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
  };

  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const fill = (value: string) => pathParams.reduce((p, name) => p.replace(`{${name}}`, value), path);
      // Path ids.
      for (const bad of pathParams.length > 0 ? BAD_IDS : []) await send(method, fill(bad), method === 'get' || method === 'delete' ? undefined : {});
      // Query values, one parameter at a time, on an id that exists.
      for (const name of queryParams) {
        for (const bad of BAD_QUERY_VALUES) await send(method, `${fill('1')}?${name}=${bad}`, method === 'get' || method === 'delete' ? undefined : {});
      }
      // Bodies: every declared property poisoned at once, and a body over the size limit.
      const properties = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      if (properties.length > 0) {
        for (const bad of BAD_BODY_VALUES) await send(method, fill('1'), Object.fromEntries(properties.map((p) => [p, bad])));
        await send(method, fill('1'), JSON.stringify({ [properties[0]!]: MEGA }));
      }
    }
  }
  await h.app.drainBackground();
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(500);
  expect(await snapshot()).toEqual(before);
}, 240_000);
