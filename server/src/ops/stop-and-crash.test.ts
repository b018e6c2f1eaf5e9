import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 18 "Faults" and "Headers and transport", at the level of the process (server.ts as `npm start` runs it,
// compiled (scripts/build-server-if-changed.mjs, a second when nothing changed), on the embedded
// database in a DATA_DIR of its own, with the demo data): a kill -9 right after answers were acknowledged loses none of
// them, and a SIGTERM lets a request in flight finish before the process exits 0 (close-with-grace). One data
// directory, two starts. Runs once (in the PGlite project): the embedded database is what it tests.
const root = new URL('../../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'ecore-crash-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Portal {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let built = false;
async function startPortal(): Promise<Portal> {
  if (!built) {
    const build = spawnSync(process.execPath, ['scripts/build-server-if-changed.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    built = true;
  }
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '20000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready at (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`the portal exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out, exited };
}

const call = async (portal: Portal, path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const res = await fetch(`${portal.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as unknown, text };
};
const signIn = async (portal: Portal, userName: string) =>
  ((await call(portal, '/api/user/login', { method: 'POST', body: { userName, password: 'demo1234' } })).json() as { accessToken: string }).accessToken;

interface Sheet {
  clusters: { categories: { sections: { questions: { id: number; type: string }[] }[] }[] }[];
  answers: { questionId: number; inputAnswer: number | null }[];
}
const valueQuestions = (sheet: Sheet) =>
  sheet.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).filter((q) => q.type === 'ValueQuestion').map((q) => q.id);

let assetId = 0;
const acknowledged = new Map<number, number>();

describe.skipIf(process.env.HARNESS_DATABASE === 'postgres')('the portal process on the embedded database', () => {
  it('a kill -9 right after acknowledgements loses no acknowledged answer', async () => {
    const portal = await startPortal();
    const token = await signIn(portal, 'collector');
    const list = await call(portal, '/api/asset?pageSize=50', { token });
    expect(list.status, list.text).toBe(200);
    const assets = list.json() as { items: { id: number }[] };
    // The first object whose questionnaire the collector can start (or has started) and answer.
    let questions: number[] = [];
    for (const { id } of assets.items) {
      let sheet = await call(portal, `/api/asset/${id}/questionnaire/latest`, { token });
      if (sheet.status !== 200) sheet = await call(portal, `/api/asset/${id}/questionnaire`, { method: 'POST', token });
      if (sheet.status !== 200 && sheet.status !== 201) continue;
      const ids = valueQuestions(sheet.json() as Sheet);
      if (ids.length < 3) continue;
      const tried = await call(portal, '/api/asset/answer', { method: 'PUT', token, body: [{ assetId: id, questionId: ids[0], inputAnswer: 1 }] });
      if (tried.status !== 200) continue;
      assetId = id;
      questions = ids.slice(0, 12);
      break;
    }
    expect(assetId, 'an answerable object in the demo data').toBeGreaterThan(0);
    for (const [i, questionId] of questions.entries()) {
      const value = 40 + i;
      const saved = await call(portal, '/api/asset/answer', { method: 'PUT', token, body: [{ assetId, questionId, inputAnswer: value }] });
      expect(saved.status, saved.text).toBe(200);
      acknowledged.set(questionId, value);
    }
    // One more save under way while the process is killed: it may or may not be stored, the acknowledged ones must be.
    const inFlight = call(portal, '/api/asset/answer', { method: 'PUT', token, body: [{ assetId, questionId: questions[0], inputAnswer: 99 }] }).catch(() => null);
    portal.child.kill('SIGKILL');
    expect((await portal.exited).signal).toBe('SIGKILL');
    await inFlight;
  }, 240_000);

  it('after the restart every acknowledged answer is there; a SIGTERM lets a request in flight finish and the process exits 0', async () => {
    expect(acknowledged.size).toBeGreaterThan(0);
    const portal = await startPortal();
    const token = await signIn(portal, 'collector');
    const sheet = (await call(portal, `/api/asset/${assetId}/questionnaire/latest`, { token })).json() as Sheet;
    const stored = new Map(sheet.answers.map((a) => [a.questionId, a.inputAnswer]));
    const [first, ...rest] = [...acknowledged];
    expect([first![1], 99]).toContain(stored.get(first![0]));
    for (const [questionId, value] of rest) expect(stored.get(questionId), `question ${questionId}`).toBe(value);

    // A sign-in whose body is still arriving when the stop begins.
    const body = JSON.stringify({ userName: 'collector', password: 'demo1234' });
    const { port } = new URL(portal.url);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/user/login', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      req.on('socket', (socket) => socket.on('connect', () => setTimeout(() => {
        portal.child.kill('SIGTERM');
        const waitForStop = () => (portal.output().includes('Stopping on SIGTERM') ? req.end(body.slice(10)) : setTimeout(waitForStop, 20));
        waitForStop();
      }, 50)));
    });
    const finished = await answer;
    expect(finished.status, finished.text).toBe(200);
    expect(JSON.parse(finished.text)).toHaveProperty('accessToken');
    expect(await portal.exited).toEqual({ code: 0, signal: null });
  }, 240_000);
});
