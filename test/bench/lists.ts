// Paged lists over many rows: the cost of GET /api/asset, /api/user and /api/assetGroup with 100 000
// objects and 20 000 users, measured in-process (app.inject) on the embedded database.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { bearer, createHarness } from '../../server/src/testing/harness.ts';

const h = await createHarness();
await h.reset();
const org = (await h.db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirstOrThrow()).id;
const group = (await h.db.selectFrom('asset_groups').select('id').where('organisation_id', '=', org).executeTakeFirstOrThrow()).id;
const started = performance.now();
await sql`insert into assets (name, organisation_id, asset_group_id, country, city, zip, street, street_number, asset_total_area)
  select 'Objekt ' || g, ${org}, ${group}, 'DE', 'Stadt ' || (g % 500), lpad((g % 99999)::text, 5, '0'), 'Straße', (g % 200)::text, 1000 + g % 9000
  from generate_series(1, 100000) g`.execute(h.db);
await sql`insert into asset_asset_types (asset_id, asset_type_id, percentage) select id, 1, 100 from assets where name like 'Objekt %'`.execute(h.db);
await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, status)
  select 'nutzer' || g, 'nutzer' || g || '@example.com', 'Vorname' || g, 'Nachname' || g, ${org}, '{5}', 1 from generate_series(1, 20000) g`.execute(h.db);
console.log(`seeded 100 000 objects and 20 000 users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const token = await h.login('objectadmin');
const admin = await h.login('admin');
async function time(label: string, url: string, auth: string, runs = 20) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    const res = await h.app.inject({ url, headers: bearer(auth) });
    times.push(performance.now() - t);
    status = res.statusCode;
    if (status !== 200 && i === 0) console.log(res.body.slice(0, 300));
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} status ${status}  median ${times[Math.floor(runs / 2)]!.toFixed(1)} ms  p95 ${times[Math.floor(runs * 0.95)]!.toFixed(1)} ms`);
}
await time('GET /api/user/me', '/api/user/me', token, 3);
await time('GET /api/asset page 1 of 100 005 (pageSize 100)', '/api/asset?page=1&pageSize=100', token);
await time('GET /api/asset last page (pageSize 100)', '/api/asset?page=1001&pageSize=100', token);
await time('GET /api/asset search "stadt 42"', '/api/asset?search=stadt%2042&pageSize=25', token);
await time('GET /api/assetGroup page 1 (100 000 objects expanded)', '/api/assetGroup?page=1&pageSize=5', token, 5);
await time('GET /api/user page 1 of 20 013 with counts', '/api/user?page=1&pageSize=100', admin);
await time('GET /api/user search "nachname1999"', '/api/user?search=nachname1999', admin);
await h.close();
