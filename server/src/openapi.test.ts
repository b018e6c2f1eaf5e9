import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from './testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

it('publishes every call of the specifications’ path shapes in the OpenAPI description at /api/docs', async () => {
  const doc = (await h.app.inject({ url: '/api/docs/json' })).json();
  const paths = Object.keys(doc.paths);
  for (const path of [
    '/api/user/login',
    '/api/user/secure/login',
    '/api/user/resetPassword',
    '/api/user/setPassword',
    '/api/user',
    '/api/user/testers',
    '/api/user/activate/{id}',
    '/api/user/archive/{id}',
    '/api/organisations',
    '/api/organisations/{id}',
    '/api/organisations/activate/{id}',
    '/api/export/users',
    '/api/asset',
    '/api/asset/{id}',
    '/api/asset/data/{id}',
    '/api/asset/assetType',
    '/api/asset/countries',
    '/api/asset/config',
    '/api/asset/{id}/requestAssetAccess',
    '/api/asset/requestAssetAccess/{id}',
    '/api/assetGroup',
    '/api/assetGroup/{id}',
    '/api/assetGroup/assetGroupInfo',
    '/api/questionnaire',
    '/api/questionnaire/{id}',
    '/api/Questionnaire/active',
    '/api/scoringtable',
  ]) {
    expect(paths, path).toContain(path);
  }
  // Calls that need a session say so.
  expect(doc.paths['/api/asset'].get.security).toEqual([{ bearerAuth: [] }]);
  expect(doc.paths['/api/asset'].post.requestBody.content['application/json'].schema.required).toEqual(
    expect.arrayContaining(['objectName', 'assetGroupId', 'assetTotalArea', 'assetAssetTypes']),
  );
});

it('serves the documentation page itself', async () => {
  const res = await h.app.inject({ url: '/api/docs/' });
  expect([200, 302]).toContain(res.statusCode);
});
