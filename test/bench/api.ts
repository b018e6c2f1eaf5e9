// `npm run bench`, the API part: the portal on PostgreSQL and on the embedded database, each with a generated
// data set (100 organisations, 10 000 objects, 20 000 users), beside a bare Fastify route started in the same
// run (the server as `npm start` compiles and runs it). Prints req/s, p50 and p99 at 8 and 32 connections (autocannon) and the share of the bare route's req/s.
// Asserts nothing (benchmarks are not tests). BENCH_SECONDS (default 3) is the length of each measurement;
// BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) the server where the database
// `ecore_bench` is made afresh; BENCH_DATABASES=postgres or =embedded measures one of them only; BENCH_PATHS=a,b only
// the paths whose label contains one of the words; BENCH_THREADS (default 2) the load generator's threads for paths
// whose requests are all alike (column `thr`; each share is taken of the bare route measured with as many);
// BENCH_PROFILE=<directory> has the portal write a CPU profile there when it stops (test/support/portal.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { openMigratedDatabase } from '@ecore/adapters/db/database.ts';
import { argon2Hasher } from '@ecore/adapters/crypto/passwords.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { DEMO_PASSWORD, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { rescore } from '@ecore/server/routes/scoring/stored-score.ts';
import { COMPILED_SERVER, startPortal, type RunningPortal } from '../support/portal.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = [8, 32] as const;
/** Collectors saving at once, each on a questionnaire of their own (issue 18), and for how long. */
const COLLECTORS = 50;
const COLLECTOR_SECONDS = Number(process.env.BENCH_COLLECTOR_SECONDS ?? 60);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'ecore_bench';
const PAGE_SIZE = 25;
const OBJECTS = 10_000;
const ANSWERS = 500_000; // on 7 500 of the objects, each with every non-virtual question of 2025_01 (67) answered
const LARGE_GROUP = 1000; // objects of the group whose score is measured, each answered in full
const LARGE_GROUP_USER = 'benchgroupadmin';

/** Bulk inserts, one statement per table: 96 organisations (100 with the demo's), 20 000 users, 100 groups of 100 objects. */
async function generate(db: Kysely<DB>): Promise<void> {
  const owner = (await db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirstOrThrow()).id;
  await sql`insert into organisations (name, street, number, zip, city)
    select 'Bench Organisation ' || lpad(g::text, 3, '0'), 'Hauptstraße', g::text, lpad((10000 + g)::text, 5, '0'), 'Stadt ' || g
    from generate_series(1, 96) g`.execute(db);
  await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, status)
    select 'bench' || g, 'bench' || g || '@example.com', 'Vorname' || g, 'Nachname' || g,
      (select id from organisations order by id offset (g % 100) limit 1), array[1 + g % 11], 1 + g % 4
    from generate_series(1, 20000) g`.execute(db);
  await sql`insert into asset_groups (name, organisation_id) select 'Bench-Portfolio ' || lpad(g::text, 3, '0'), ${owner} from generate_series(1, 100) g`.execute(db);
  await sql`insert into assets (name, organisation_id, asset_group_id, country, city, zip, street, street_number, construction_year, asset_total_area, determination_start_date)
    select 'Bench-Objekt ' || lpad(g::text, 5, '0'), ${owner},
      (select id from asset_groups where name = 'Bench-Portfolio ' || lpad((1 + (g - 1) / 100)::text, 3, '0')),
      'DE', 'Stadt ' || (g % 500), lpad((g % 99999)::text, 5, '0'), 'Straße ' || (g % 50), (g % 200)::text, 1950 + g % 70, 1000 + g % 9000,
      case when g % 3 = 0 then date '2025-01-01' + (g % 300) end
    from generate_series(1, ${OBJECTS}) g`.execute(db);
  await sql`insert into asset_asset_types (asset_id, asset_type_id, percentage, position)
    select id, 1, case when id % 2 = 0 then 100 else 60 end, 0 from assets where name like 'Bench-Objekt %'
    union all select id, 12, 40, 1 from assets where name like 'Bench-Objekt %' and id % 2 = 1`.execute(db);
  await fillQuestionnaires(db);
  await largeGroup(db);
  await sql`vacuum analyze`.execute(db);
}

/**
 * A group of 1 000 objects, each with an Active run of 2025_01 answered in full, in another organisation (so that the
 * lists of `objectadmin` stay as they were), and its object administrator `benchgroupadmin` (the demo password).
 */
async function largeGroup(db: Kysely<DB>): Promise<void> {
  const organisation = (await db.selectFrom('organisations').select('id').where('name', '=', 'Bench Organisation 001').executeTakeFirstOrThrow()).id;
  const passwordHash = (await db.selectFrom('users').select('password_hash').where('user_name', '=', 'objectadmin').executeTakeFirstOrThrow()).password_hash;
  await db
    .insertInto('users')
    .values({ user_name: LARGE_GROUP_USER, email: `${LARGE_GROUP_USER}@example.com`, first_name: 'Bench', last_name: 'Gruppe', organisation_id: organisation, roles: [4], status: 1, password_hash: passwordHash })
    .execute();
  const group = (await db.insertInto('asset_groups').values({ name: 'Bench-Großportfolio', organisation_id: organisation }).returning('id').executeTakeFirstOrThrow()).id;
  await sql`insert into assets (name, organisation_id, asset_group_id, country, city, zip, street, street_number, construction_year, asset_total_area)
    select 'Bench-Großobjekt ' || lpad(g::text, 4, '0'), ${organisation}, ${group}, 'DE', 'Stadt ' || (g % 500), lpad((g % 99999)::text, 5, '0'),
      'Straße ' || (g % 50), (g % 200)::text, 1950 + g % 70, 1000 + g % 9000
    from generate_series(1, ${LARGE_GROUP}) g`.execute(db);
  await sql`insert into asset_asset_types (asset_id, asset_type_id, percentage, position)
    select id, 1, 100, 0 from assets where asset_group_id = ${group}`.execute(db);
  const template = (await db.selectFrom('questionnaires').select('id').where('version_label', '=', '2025_01').executeTakeFirstOrThrow()).id;
  await sql`insert into asset_questionnaires (asset_id, questionnaire_id, state, reporting_year)
    select id, ${template}, 'Active', 2025 from assets where asset_group_id = ${group}`.execute(db);
  await sql`update assets a set latest_questionnaire_id = q.id, questionnaire_state = q.state
    from asset_questionnaires q where q.asset_id = a.id and a.asset_group_id = ${group}`.execute(db);
  await sql`insert into asset_answers (asset_questionnaire_id, question_id, input_answer, option_ids, state, modified_by)
    with picked as (
      select q.id, q.type, (select array[o.id] from questionnaire_options o where o.questionnaire_id = q.questionnaire_id and o.question_id = q.id order by o.position limit 1) as first_option
      from questionnaire_questions q where q.questionnaire_id = ${template} and q.type <> 'VirtualQuestion')
    select aq.id, p.id, case when p.type = 'ValueQuestion' then 10.5 + aq.id % 200 end,
      case when p.type = 'ValueQuestion' then '{}'::integer[] else coalesce(p.first_option, '{}'::integer[]) end, 'Answered', 'Bench'
    from asset_questionnaires aq join assets a on a.id = aq.asset_id and a.asset_group_id = ${group} cross join picked p`.execute(db);
  await sql`update asset_questionnaires q set answered_count = (select count(*) from asset_answers a where a.asset_questionnaire_id = q.id)
    where q.asset_id in (select id from assets where asset_group_id = ${group})`.execute(db);
}

/**
 * Filled questionnaires in bulk: three in four generated objects get an Active run of the 2025_01 template with its
 * questions answered (value questions a number, choice questions their first option) up to 500 000 answers in all;
 * the fourth stays NotStarted for the status filter. Seeded numbers have a fraction, so no save repeats one.
 */
async function fillQuestionnaires(db: Kysely<DB>): Promise<void> {
  const template = (await db.selectFrom('questionnaires').select('id').where('version_label', '=', '2025_01').executeTakeFirstOrThrow()).id;
  await sql`insert into asset_questionnaires (asset_id, questionnaire_id, state, reporting_year)
    select id, ${template}, 'Active', 2025 from assets where name like 'Bench-Objekt %' and id % 4 <> 0`.execute(db);
  await sql`update assets a set latest_questionnaire_id = q.id, questionnaire_state = q.state
    from asset_questionnaires q where q.asset_id = a.id and a.name like 'Bench-Objekt %'`.execute(db);
  await sql`insert into asset_answers (asset_questionnaire_id, question_id, input_answer, option_ids, state, modified_by)
    with picked as (
      select q.id, q.type, (select array[o.id] from questionnaire_options o where o.questionnaire_id = q.questionnaire_id and o.question_id = q.id order by o.position limit 1) as first_option
      from questionnaire_questions q where q.questionnaire_id = ${template} and q.type <> 'VirtualQuestion')
    select aq.id, p.id, case when p.type = 'ValueQuestion' then 0.5 + aq.id % 50 end,
      case when p.type = 'ValueQuestion' then '{}'::integer[] else coalesce(p.first_option, '{}'::integer[]) end, 'Answered', 'Bench'
    from asset_questionnaires aq join assets a on a.id = aq.asset_id and a.name like 'Bench-Objekt %' cross join picked p
    order by aq.id, p.id limit ${ANSWERS}`.execute(db);
  await sql`update asset_questionnaires q set answered_count = (select count(*) from asset_answers a where a.asset_questionnaire_id = q.id)
    where q.asset_id in (select id from assets where name like 'Bench-Objekt %')`.execute(db);
}

interface Seeded {
  templateId: number;
  /** The generated objects with a filled questionnaire. */
  filledIds: number[];
  /** The group of 1 000 answered objects, and its objects. */
  largeGroupId: number;
  largeGroupIds: number[];
}

async function seed(options: { databaseUrl?: string; pgliteDir?: string }): Promise<Seeded> {
  const database = await openMigratedDatabase(options);
  try {
    await seedDemoData(database.db, await argon2Hasher().hash(DEMO_PASSWORD));
    await seedDemoQuestionnaires(database.db);
    await seedDemoAssets(database.db);
    await generate(database.db);
    // The generated questionnaires get their stored scores here, as the server would score them at its first start
    // (issue 15), so that the portal starts as it does on a scored database.
    await rescore(database.db, new Date(), { onlyUnscored: true });
    const template = await database.db.selectFrom('questionnaires').select('id').where('version_label', '=', '2025_01').executeTakeFirstOrThrow();
    const filled = await database.db.selectFrom('assets').select('id').where('name', 'like', 'Bench-Objekt %').where('latest_questionnaire_id', 'is not', null).orderBy('id').execute();
    const large = await database.db.selectFrom('asset_groups').select('id').where('name', '=', 'Bench-Großportfolio').executeTakeFirstOrThrow();
    const inGroup = await database.db.selectFrom('assets').select('id').where('asset_group_id', '=', large.id).orderBy('id').execute();
    return { templateId: template.id, filledIds: filled.map((row) => row.id), largeGroupId: large.id, largeGroupIds: inGroup.map((row) => row.id) };
  } finally {
    await database.close();
  }
}

interface Row {
  label: string;
  /** Bytes of one answer over the wire, and the req/s of the bare route answering as many bytes (paths of large answers). */
  bytes?: number;
  sameBytes?: number;
  connections: number;
  /** The load generator's threads (autocannon workers). */
  threads: number;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

type Request = { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string; setupRequest?: (req: autocannon.Request) => autocannon.Request };

/**
 * The load generator's threads for requests that are all alike (autocannon workers; per-request setup, the saves and
 * reads in turn, runs on one). One thread parses about 8 000 answers of 90 KB a second and then is the limit, not the
 * portal (the portal's process was then 60 % idle); the bare route is measured both ways.
 */
const THREADS = Number(process.env.BENCH_THREADS ?? 2);

async function measure(url: string, connections: number, request: Request, seconds = SECONDS, threads = 1) {
  const { setupRequest, ...rest } = request;
  // A request may take seconds (a group's score): it times out after 120 s, not autocannon's 10 s.
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 120,
    ...rest,
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
    ...(threads > 1 ? { workers: threads } : {}),
  });
  return {
    threads,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    ok: result['2xx'],
    /** Bytes of one answer over the wire, its headers with it. */
    bytes: result.throughput.total / Math.max(1, result.requests.total),
  };
}

/** The bare route's req/s by connections and load-generator threads. */
type Bare = Map<string, number>;
const bareKey = (connections: number, threads: number) => `${connections}/${threads}`;

/** Ids of the value questions in a filled questionnaire as the API answers it (its clusters' tree, walked). */
function valueQuestionIds(node: unknown, out: number[] = []): number[] {
  if (Array.isArray(node)) for (const item of node) valueQuestionIds(item, out);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.type === 'ValueQuestion' && typeof record.id === 'number') out.push(record.id);
    for (const value of Object.values(record)) valueQuestionIds(value, out);
  }
  return out;
}

const print = (database: string, row: Row, bare: Bare) => {
  const base = bare.get(bareKey(row.connections, row.threads));
  const share = base ? ((100 * row.rps) / base).toFixed(1) : '-';
  const same = row.sameBytes ? `  ${((100 * row.rps) / row.sameBytes).toFixed(1)} % of ${(row.bytes! / 1000).toFixed(1)} KB bare` : '';
  console.log(
    `${database.padEnd(9)} ${row.label.padEnd(52)} ${String(row.connections).padStart(3)} ${String(row.threads).padStart(3)}  ${row.rps.toFixed(row.rps < 10 ? 2 : 0).padStart(7)}  ${row.p50.toFixed(1).padStart(7)}  ${row.p99.toFixed(1).padStart(7)}  ${share.padStart(6)} %${same}${row.bad ? `  (${row.bad} failed)` : ''}`,
  );
};

async function json<T>(portal: RunningPortal, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${portal.url}${path}`, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function benchPortal(database: string, portal: RunningPortal, { templateId, filledIds, largeGroupId, largeGroupIds }: Seeded, bare: Bare): Promise<number> {
  const bareUrl = bareServer.url;
  const headers = { 'content-type': 'application/json' };
  /** What a browser sends: the answer comes compressed. */
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const signIn = (userName: string) => JSON.stringify({ userName, password: DEMO_PASSWORD });
  const token = async (userName: string) =>
    (await json<{ accessToken: string }>(portal, '/api/user/login', { method: 'POST', headers, body: signIn(userName) })).accessToken;
  const objects = { authorization: `Bearer ${await token('objectadmin')}`, 'accept-language': 'de' };
  const scoring = { authorization: `Bearer ${await token('scoring')}`, 'accept-language': 'de' };
  const accounts = { authorization: `Bearer ${await token('admin')}`, 'accept-language': 'de' };
  const { total } = await json<{ total: number }>(portal, `/api/asset?pageSize=${PAGE_SIZE}`, { headers: objects });
  const lastPage = Math.ceil(total / PAGE_SIZE);
  const groupAdmin = { authorization: `Bearer ${await token(LARGE_GROUP_USER)}`, 'accept-language': 'de' };
  const paths: {
    label: string;
    path: string;
    method?: 'GET' | 'POST' | 'PUT';
    headers: Record<string, string>;
    body?: string;
    setupRequest?: Request['setupRequest'];
    /** Connections measured (default 8 and 32), and seconds per measurement, for paths that take seconds each. */
    connections?: readonly number[];
    seconds?: number;
    /**
     * The bare route measured again right after this path, at its connections: a long run's share is also given of
     * the bare route at that moment (the machine's speed drifts by a third over the minutes of a run).
     */
    bareAgain?: boolean;
  }[] = [
    { label: 'POST /api/user/login (argon2id)', path: '/api/user/login', method: 'POST', headers, body: signIn('objectadmin') },
    { label: 'GET /api/user/me', path: '/api/user/me', headers: objects },
    { label: `GET /api/user/me/worklist (${LARGE_GROUP} objects)`, path: '/api/user/me/worklist', headers: groupAdmin, connections: [1, 8, 32] },
    { label: `GET /api/user/me/worklist (${total} objects)`, path: '/api/user/me/worklist', headers: objects, connections: [1, 8] },
    { label: `GET /api/asset page 1 of ${lastPage}`, path: `/api/asset?page=1&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: `GET /api/asset page ${Math.ceil(lastPage / 2)}`, path: `/api/asset?page=${Math.ceil(lastPage / 2)}&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: `GET /api/asset page ${lastPage} (last)`, path: `/api/asset?page=${lastPage}&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: 'GET /api/asset search "stadt 42"', path: `/api/asset?search=stadt%2042&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: 'GET /api/asset assetState=NotStarted', path: `/api/asset?assetState=NotStarted&page=2&pageSize=${PAGE_SIZE}`, headers: objects },
    { label: 'GET /api/user page 1 (all organisations)', path: `/api/user?page=1&pageSize=${PAGE_SIZE}`, headers: accounts },
    { label: 'GET /api/user search "müller"', path: `/api/user?page=1&pageSize=${PAGE_SIZE}&search=m%C3%BCller`, headers: accounts },
    { label: 'GET /api/organisations page 1', path: `/api/organisations?page=1&pageSize=${PAGE_SIZE}`, headers: accounts },
    { label: 'GET /api/assetGroup (5 groups, 500 objects)', path: '/api/assetGroup?page=1&pageSize=5', headers: objects },
    { label: 'GET /api/assetGroup gzip (as browsers ask)', path: '/api/assetGroup?page=1&pageSize=5', headers: { ...objects, ...browser } },
    { label: 'GET /api/questionnaire/{id} (2025_01)', path: `/api/questionnaire/${templateId}`, headers: scoring },
    { label: 'GET /api/questionnaire/{id} gzip (as browsers ask)', path: `/api/questionnaire/${templateId}`, headers: { ...scoring, ...browser } },
  ];
  // Answering: the filled questionnaires of the generated objects, read in turn; 50 collectors saving on objects of
  // their own, then 50 collectors saving over the 1 000 objects of one group (saves of one questionnaire wait for each
  // other's row lock).
  const sheet = await json<{ clusters: unknown; answers: unknown[] }>(portal, `/api/asset/${filledIds[0]}/questionnaire/latest`, { headers: objects });
  const questions = [...new Set(valueQuestionIds(sheet.clusters))].slice(0, 20);
  const collectorObjects = filledIds.slice(1000, 1000 + COLLECTORS);
  let reads = 0;
  /**
   * A minute of saves by 50 collectors over `targets`: request n saves the value question n / targets of object
   * n mod targets, a whole number that differs from what the question held (the seed's have fractions; each round
   * adds one), and the bare route is measured right after it.
   */
  const collectors = (label: string, requestHeaders: Record<string, string>, targets: number[]) => {
    let n = 0;
    return {
      label: `PUT /api/asset/answer (${label})`,
      path: '/api/asset/answer',
      method: 'PUT' as const,
      headers: requestHeaders,
      connections: [COLLECTORS],
      seconds: COLLECTOR_SECONDS,
      bareAgain: true,
      setupRequest: (req: autocannon.Request) => {
        const i = n++;
        const round = Math.floor(i / (targets.length * questions.length));
        const item = { assetId: targets[i % targets.length], questionId: questions[Math.floor(i / targets.length) % questions.length], inputAnswer: 1 + (round % 89) };
        return { ...req, body: JSON.stringify([item]) };
      },
    };
  };
  let scores = 0;
  paths.push(
    {
      // One object's questionnaire again and again, as the answering screen reads it after each save (warm).
      label: `GET /api/asset/{id}/questionnaire/latest one object (warm)`,
      path: `/api/asset/${filledIds[0]}/questionnaire/latest`,
      headers: objects,
    },
    {
      label: `GET /api/asset/{id}/questionnaire/latest one object gzip (browser)`,
      path: `/api/asset/${filledIds[0]}/questionnaire/latest`,
      headers: { ...objects, ...browser },
    },
    {
      label: `GET /api/asset/{id}/questionnaire/latest (${sheet.answers.length} ans.)`,
      path: `/api/asset/${filledIds[0]}/questionnaire/latest`,
      headers: objects,
      setupRequest: (req) => ({ ...req, path: `/api/asset/${filledIds[reads++ % filledIds.length]}/questionnaire/latest` }),
    },
    // 50 collectors for a minute, each answering the value questions of an object of their own in turn: request n goes
    // to object n mod 50, so the 50 requests under way at any moment are on 50 different objects (autocannon keeps one
    // request per connection), and each object's next save comes 50 requests later.
    collectors(`${COLLECTORS} collectors, own object each`, { ...objects, ...headers }, collectorObjects),
    // Then 50 collectors for a minute over the 1 000 objects of one group: request n goes to object n mod 1 000, so the
    // requests under way are on 50 different objects and each object is saved every 1 000 requests.
    collectors(`${COLLECTORS} collectors, group of ${LARGE_GROUP}`, { ...groupAdmin, ...headers }, largeGroupIds),
    // Scores: one object's again and again (the results page read again), one object's read in turn over the filled
    // objects, and the group of 1 000 objects (seconds each).
    {
      label: 'GET /api/asset/{id}/questionnaire/score one object (warm)',
      path: `/api/asset/${filledIds[0]}/questionnaire/score`,
      headers: objects,
    },
    {
      label: 'GET /api/asset/{id}/questionnaire/score',
      path: `/api/asset/${filledIds[0]}/questionnaire/score`,
      headers: objects,
      setupRequest: (req) => ({ ...req, path: `/api/asset/${filledIds[scores++ % filledIds.length]}/questionnaire/score` }),
    },
    {
      label: `GET /api/AssetGroup/{id}/score (${LARGE_GROUP} objects)`,
      path: `/api/AssetGroup/${largeGroupId}/score`,
      headers: groupAdmin,
      connections: [1, 4],
      seconds: Math.max(SECONDS, 10),
    },
    {
      label: `GET /api/AssetGroup/{id}/structureInfo (${LARGE_GROUP} objects)`,
      path: `/api/AssetGroup/${largeGroupId}/structureInfo`,
      headers: groupAdmin,
      connections: [1, 4],
      seconds: Math.max(SECONDS, 10),
    },
  );
  let acknowledged = 0;
  for (const p of paths) {
    if (only && !only.some((word) => p.label.includes(word))) continue;
    const request: Request = { method: p.method ?? 'GET', headers: p.headers, ...(p.body ? { body: p.body } : {}), ...(p.setupRequest ? { setupRequest: p.setupRequest } : {}) };
    // Paths measured at connections of their own (a group's score at 1 and 4) keep them: one thread.
    const threads = p.setupRequest || p.connections ? 1 : THREADS;
    const warm = await measure(`${portal.url}${p.path}`, p.connections?.[0] ?? 8, request, 1, threads); // warm-up
    if (p.method === 'PUT') acknowledged += warm.ok;
    for (const connections of p.connections ?? CONNECTIONS) {
      const row = await measure(`${portal.url}${p.path}`, connections, request, p.seconds, threads);
      if (p.method === 'PUT') acknowledged += row.ok;
      // A large answer, the same for every request: the bare route answering as many bytes, measured alike beside it.
      const sameBytes =
        row.bytes > 4000 && !p.setupRequest && p.method === undefined
          ? (await measure(`${bareUrl}/bare/bytes/${Math.round(row.bytes - bareHeaderBytes)}`, connections, {}, p.seconds, threads)).rps
          : undefined;
      print(database, { label: p.label, connections, ...row, ...(sameBytes ? { sameBytes } : {}) }, bare);
      if (p.bareAgain) {
        const again = await measure(`${bareUrl}/bare`, connections, {}, SECONDS, threads);
        console.log(`${database.padEnd(9)} ${'  the bare route right after it'.padEnd(52)} ${String(connections).padStart(3)} ${String(threads).padStart(3)}  ${again.rps.toFixed(0).padStart(7)}  ${''.padStart(7)}  ${''.padStart(7)}  ${((100 * row.rps) / again.rps).toFixed(1).padStart(6)} % of it`);
      }
    }
  }
  return acknowledged;
}

/** Nothing lost: every acknowledged save changed its answer's value, so it left one change-log row (counted after the portal stopped). */
async function countSaves(database: string, options: { databaseUrl?: string; pgliteDir?: string }, since: Date, acknowledged: number): Promise<void> {
  const opened = await openMigratedDatabase(options);
  try {
    const stored = Number((await sql<{ n: string }>`select count(*) as n from asset_answer_changes where at >= ${since} and kind in ('Answered', 'ModifiedAnswer')`.execute(opened.db)).rows[0]!.n);
    const answers = (await sql<{ n: string }>`select count(*) as n from asset_answers`.execute(opened.db)).rows[0]!.n;
    console.log(`${database.padEnd(9)} saves acknowledged ${acknowledged}, stored ${stored}${stored >= acknowledged ? '' : '  LOST'}; answers in the database ${answers}`);
  } finally {
    await opened.close();
  }
}

const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;
const wanted = (process.env.BENCH_DATABASES ?? 'postgres,embedded').split(',');
const only = process.env.BENCH_PATHS?.split(',');
console.log(`API benchmark, ${SECONDS} s per measurement, ${new Date().toISOString()}, ${load()}`);
console.log(`${'database'.padEnd(9)} ${'path'.padEnd(52)} ${'con'.padStart(3)} ${'thr'.padStart(3)}  ${'req/s'.padStart(7)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'bare'.padStart(8)}`);

// The bare route runs until the end: paths of large answers are compared with it answering as many bytes.
const bareServer = await startPortal({}, 'test/bench/bare.ts');
const bare: Bare = new Map();
/** The bytes of the bare route's answer beyond its 17-byte body (its headers). */
let bareHeaderBytes = 0;
try {
  await measure(`${bareServer.url}/bare`, 8, {}, 1);
  const measured = [...CONNECTIONS.flatMap((c) => [[c, 1], [c, THREADS]]), [COLLECTORS, 1]].filter(([c, t], i, all) => all.findIndex(([c2, t2]) => c2 === c && t2 === t) === i);
  for (const [connections, threads] of measured as [number, number][]) {
    const row = { label: 'GET /bare (bare Fastify)', connections, ...(await measure(`${bareServer.url}/bare`, connections, {}, SECONDS, threads)) };
    bare.set(bareKey(connections, threads), row.rps);
    bareHeaderBytes = row.bytes - 17;
    print('-', row, bare);
  }
} catch (error) {
  await bareServer.stop();
  throw error;
}

try {
  // The portal measured is the one `npm start` runs: the server compiled to one module, run with plain node.
  const compiled = spawnSync(process.execPath, ['scripts/build-server-if-changed.mjs'], { cwd: new URL('../../', import.meta.url).pathname, encoding: 'utf8' });
  if (compiled.status !== 0) throw new Error(`the server did not compile: ${compiled.stdout}${compiled.stderr}`);
  const env = { AUTH_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn' };
  /** Seeds the database, measures the portal started on it, then counts what its saves stored. */
  const benchDatabase = async (database: string, portalEnv: Record<string, string>, options: { databaseUrl?: string; pgliteDir?: string }) => {
    const seeded = await seed(options);
    const portal = await startPortal({ ...env, ...portalEnv }, COMPILED_SERVER);
    const since = new Date();
    let acknowledged = 0;
    try {
      acknowledged = await benchPortal(database, portal, seeded, bare);
    } finally {
      await portal.stop();
    }
    await countSaves(database, options, since, acknowledged);
  };
  if (wanted.includes('postgres')) {
    const admin = new URL(SERVER_URL);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    await client.query(`drop database if exists ${BENCH_DB} with (force)`);
    await client.query(`create database ${BENCH_DB}`);
    await client.end();
    admin.pathname = `/${BENCH_DB}`;
    await benchDatabase('postgres', { DATABASE_URL: admin.toString() }, { databaseUrl: admin.toString() });
  }
  if (wanted.includes('embedded')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ecore-bench-'));
    try {
      await benchDatabase('embedded', { DATA_DIR: dataDir }, { pgliteDir: join(dataDir, 'db') });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await bareServer.stop();
}
console.log(`done, ${load()}`);
