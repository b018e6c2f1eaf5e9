// The server of test/bench/save-floor.ts: a bare Fastify route (`GET /bare`, as test/bench/bare.ts) and the least a
// durable save can be (`PUT /save`), in one process on PostgreSQL (schema `bench_floor` of FLOOR_DATABASE_URL, made
// afresh). A save is acknowledged after its batch committed, the saves that came while a batch was under way going in
// the next (as the portal once batched its saves). FLOOR_MODE:
// - `bare-save`: the answer upserted and a change-log row inserted, nothing else;
// - `obligations`: what the portal's save must do in the database besides the score: its questionnaire's row locked
//   and its version and progress written (a row of 1.4 KB on half-free pages), the answer upserted with who changed it,
//   a change-log row with the old and new value in both languages (jsonb, indexed by questionnaire and time), and a
//   statement trigger that notifies the other server processes.
import Fastify from 'fastify';
import pg from 'pg';

const MODE = process.env.FLOOR_MODE ?? 'obligations';
const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', max: 4 });
pool.on('connect', (client) => void client.query('set search_path = bench_floor'));
await pool.query(`drop schema if exists bench_floor cascade; create schema bench_floor; set search_path = bench_floor;
  create table answers (q int, k int, v float8, at timestamptz, by_name text, primary key (q, k)) with (fillfactor = 50);
  create table changes (id bigserial primary key, q int, k int, kind text, user_id int, user_name text, at timestamptz, old_value jsonb, new_value jsonb, note text);
  create index on changes (q, at);
  create table sheets (id int primary key, version bigint, answered int, total int, pad text) with (fillfactor = 50);
  insert into sheets select g, 0, 0, 150, repeat('x', 1400) from generate_series(0, 999) g;
  create function notify_answers() returns trigger language plpgsql as $$ begin perform pg_notify('bench_floor', 'answers'); return null; end $$;
  create trigger answers_changed after insert or update on answers for each statement execute function notify_answers();`);

const STATEMENTS = {
  'bare-save': `with s as (select * from json_to_recordset($1::json) as x(q int, k int, v float8)),
      a as (insert into answers (q, k, v, at) select q, k, v, now() from s on conflict (q, k) do update set v = excluded.v, at = excluded.at)
    insert into changes (q, k, at) select q, k, now() from s`,
  obligations: `with s as (select * from json_to_recordset($1::json) as x(q int, k int, v float8, by_name text, user_id int, old_value jsonb, new_value jsonb)),
      locked as materialized (select f.id from sheets f join s on s.q = f.id order by f.id for update of f),
      progressed as (update sheets f set version = f.version + 1, answered = least(f.total, f.answered + 1) from locked l where f.id = l.id),
      written as (insert into answers select q, k, v, now(), by_name from s on conflict (q, k) do update set v = excluded.v, at = excluded.at, by_name = excluded.by_name)
    insert into changes (q, k, kind, user_id, user_name, at, old_value, new_value, note) select q, k, 'ModifiedAnswer', user_id, by_name, now(), old_value, new_value, '' from s`,
} as const;
const statement = STATEMENTS[MODE as keyof typeof STATEMENTS];
if (!statement) throw new Error(`FLOOR_MODE ${MODE}: bare-save or obligations`);

type Save = { q: number; k: number; v: number; by_name: string; user_id: number; old_value: unknown; new_value: unknown };
let waiting: { save: Save; done: (error?: unknown) => void }[] = [];
let writing = false;
async function write() {
  if (writing || waiting.length === 0) return;
  writing = true;
  const batch = waiting;
  waiting = [];
  try {
    await pool.query(statement, [JSON.stringify(batch.map((w) => w.save))]);
    for (const w of batch) w.done();
  } catch (error) {
    for (const w of batch) w.done(error);
  }
  writing = false;
  void write();
}
const logged = (value: number) => ({ value: { inputAnswer: value }, text: { de: `${String(value).replace('.', ',')} kWh`, en: `${value} kWh` } });

const app = Fastify({ logger: false });
const sessions = new Map([['floor-token', { userId: 7, name: 'Daten Erfasser' }]]);
app.get('/bare', async () => ({ hello: 'world' }));
app.put('/save', async (request, reply) => {
  const session = sessions.get((request.headers.authorization ?? '').slice('Bearer '.length));
  if (!session) return reply.code(401).send({ key: 'unauthorized' });
  const item = (request.body as { assetId?: unknown; questionId?: unknown; inputAnswer?: unknown }[])[0];
  if (!item || typeof item.assetId !== 'number' || typeof item.questionId !== 'number' || typeof item.inputAnswer !== 'number') return reply.code(400).send({ fields: [] });
  const save = { q: item.assetId, k: item.questionId, v: item.inputAnswer, by_name: session.name, user_id: session.userId, old_value: logged(item.inputAnswer - 1), new_value: logged(item.inputAnswer) };
  await new Promise<void>((resolve, reject) => {
    waiting.push({ save, done: (error) => (error ? reject(error) : resolve()) });
    void write();
  });
  return { answers: [{ questionId: item.questionId, inputAnswer: item.inputAnswer, modifiedBy: session.name }] };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`save floor (${MODE}) ready at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => void app.close().then(() => pool.query('drop schema if exists bench_floor cascade')).then(() => pool.end()).then(() => process.exit(0)));
