// The compiled start (issue 24): what `npm start` runs — server/dist/server.mjs under plain node, no
// TypeScript loader — starts on a fresh DATA_DIR, answers, notes itself in DATA_DIR/portal.pid (so that the
// backup refuses while it runs), and removes the note when stopped. The other browser journeys run the same
// bundle on a copy of a seeded data directory; this one starts it on an empty one, as a fresh machine does.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnUntilReady, type SpawnedServer } from '../support/portal.ts';

const root = new URL('../../', import.meta.url).pathname;
const METRICS_TOKEN = 'metrics-token-of-the-compiled-start';
const dataDir = mkdtempSync(join(tmpdir(), 'ecore-compiled-'));
let child: ChildProcess;
let url = '';
let server: SpawnedServer | undefined;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server-if-changed.mjs'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  server = await spawnUntilReady([process.execPath, '--enable-source-maps', '--max-semi-space-size=64', 'server/dist/server.mjs'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
  });
  child = server.child;
  url = server.url;
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start runs the compiled server', () => {
  it('signs in, answers the personal data with a request id, and /metrics only with its token', async () => {
    await expect.poll(() => server?.output()).toContain('Demo logins');
    const login = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'demo1234' }) });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const mine = await fetch(`${url}/api/user/me/personalData`, { headers: { authorization: `Bearer ${accessToken}`, 'x-request-id': 'compiled-1' } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('x-request-id')).toBe('compiled-1');
    expect(((await mine.json()) as { profile: { userName: string } }).profile.userName).toBe('admin');
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await metrics.text()).toMatch(/^http_requests_total\{method="POST",route="\/api\/user\/login",status_code="200"\} 1$/m);
  });

  it('notes itself in DATA_DIR, so that the backup refuses while it runs, and removes the note when stopped', async () => {
    expect(Number(readFileSync(join(dataDir, 'portal.pid'), 'utf8'))).toBe(child.pid);
    const backup = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/ops/backup.ts', join(dataDir, 'backup.tar.gz')], { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
    expect(backup.status).toBe(1);
    expect(backup.stderr).toContain(`The portal is running on ${dataDir} (process ${child.pid})`);
    expect(existsSync(join(dataDir, 'backup.tar.gz'))).toBe(false);

    child.removeAllListeners('exit');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'portal.pid'))).toBe(false);
  });
});
