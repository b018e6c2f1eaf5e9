// What saving an answer could at best reach on this machine, beside the bare route in the same process (issue 11 and
// 18's goal: 15 % of bare with 50 collectors): test/bench/save-floor-server.ts with FLOOR_MODE `bare-save` (an upsert
// and a change-log row) and `obligations` (what the portal's save must also do in the database: lock and version its
// questionnaire, write its progress, log both languages' texts, notify the other nodes), 50 connections each saving
// to one of 50 questionnaires in turn, as test/bench/api.ts's collectors do. No portal, no score, no template: the
// gap between these lines and the portal's save is the portal's own work per save (docs/performance.md).
// BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres): the server (schema bench_floor, dropped after);
// BENCH_COLLECTOR_SECONDS (default 15 here) the length of each save measurement. Asserts nothing.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startPortal } from '../support/portal.ts';

const COLLECTORS = 50;
const SECONDS = Number(process.env.BENCH_COLLECTOR_SECONDS ?? 15);
const url = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

console.log(`Save floor, ${COLLECTORS} connections, ${new Date().toISOString()}, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
for (const mode of ['bare-save', 'obligations']) {
  const server = await startPortal({ FLOOR_MODE: mode, FLOOR_DATABASE_URL: url }, 'test/bench/save-floor-server.ts');
  try {
    const bare = await autocannon({ url: `${server.url}/bare`, connections: COLLECTORS, duration: 5 });
    let n = 0;
    const saves = await autocannon({
      url: `${server.url}/save`,
      connections: COLLECTORS,
      duration: SECONDS,
      method: 'PUT',
      headers: { authorization: 'Bearer floor-token', 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            const i = n++;
            return { ...request, body: JSON.stringify([{ assetId: i % COLLECTORS, questionId: Math.floor(i / COLLECTORS) % 20, inputAnswer: 1 + (i % 89) }]) };
          },
        },
      ],
    });
    const bad = saves.non2xx + saves.errors + saves.timeouts;
    console.log(
      `${mode.padEnd(12)} bare ${Math.round(bare.requests.average)} req/s, saves ${Math.round(saves.requests.average)}/s p50 ${saves.latency.p50} ms p99 ${saves.latency.p99} ms: ${((100 * saves.requests.average) / bare.requests.average).toFixed(1)} % of bare${bad ? `, ${bad} failed` : ''}`,
    );
  } finally {
    await server.stop();
  }
}
