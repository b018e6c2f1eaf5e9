import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const dir = mkdtempSync(join(tmpdir(), 'ecore-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configuration (README "Configuration")', () => {
  it('makes and keeps a development secret in DATA_DIR when no JWT_SECRET is given', () => {
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('refuses to start with NODE_ENV=production on the generated development secret, naming JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const given = 'p'.repeat(40);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: given })).toThrow(/SECRETS_KEY/);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: given, SECRETS_KEY: 's'.repeat(40) }).jwtSecret).toBe(given);
  });

  it('makes and keeps a development key for sealed secrets, apart from the JWT secret, when no SECRETS_KEY is given', () => {
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.secretsKey.length).toBeGreaterThanOrEqual(32);
    expect(first.secretsKey).not.toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).secretsKey).toBe(first.secretsKey);
    expect(loadConfig({ DATA_DIR: dir, SECRETS_KEY: 'k'.repeat(32) }).secretsKey).toBe('k'.repeat(32));
  });

  it('stops on an invalid value naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/^configuration: PORT/);
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'short' })).toThrow(/^configuration: METRICS_TOKEN/);
  });

  it('lists every variable in the README table with its default and meaning', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Running on PostgreSQL'));
    const rows = new Map([...table.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]+) \| ([^|]+) \|/gm)].map((m) => [m[1], { byDefault: m[2]!.trim(), meaning: m[3]!.trim() }]));
    for (const variable of [...CONFIG_VARIABLES, 'CHROMIUM_PATH']) {
      expect(rows.get(variable), variable).toBeDefined();
      expect(rows.get(variable)!.meaning.length, variable).toBeGreaterThan(10);
    }
  });

  it('keeps files in DATA_DIR by default and in an S3 bucket with FILE_STORE=s3, naming what is missing', () => {
    expect(loadConfig({ DATA_DIR: dir }).fileStore).toEqual({ kind: 'folder' });
    expect(() => loadConfig({ DATA_DIR: dir, FILE_STORE: 's3', S3_BUCKET: 'b' })).toThrow(/^configuration: S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ DATA_DIR: dir, FILE_STORE: 'cloud' })).toThrow(/^configuration: FILE_STORE/);
    const s3 = { DATA_DIR: dir, FILE_STORE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'ecore', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: '1' };
    expect(loadConfig(s3).fileStore).toEqual({ kind: 's3', endpoint: 'http://minio:9000', bucket: 'ecore', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: '' });
  });

  it('lets the heap grow by half past its live data before V8 collects again, unless HEAP_GROWING_PERCENT says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).heapGrowingPercent).toBe(50);
    expect(loadConfig({ DATA_DIR: dir, HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, HEAP_GROWING_PERCENT: '500' })).toThrow(/^configuration: HEAP_GROWING_PERCENT/);
  });

  it('has no /metrics token unless METRICS_TOKEN is set', () => {
    expect(loadConfig({ DATA_DIR: dir }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'm'.repeat(24) }).metricsToken).toBe('m'.repeat(24));
  });
});
