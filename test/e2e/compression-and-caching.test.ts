import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useJourney } from '../support/journey.ts';
import { transferredBytes } from '../support/transfer.ts';

const journey = useJourney();
const dist = new URL('../../web/dist', import.meta.url).pathname;
const isClientFile = (url: string) => /^\/assets\/[^/]+\.(js|css)$/.test(new URL(url).pathname);

it('a cold load of the login page gets the client Brotli-compressed; a warm one takes it from the cache and only revalidates the page', async () => {
  const { portal, context, page } = journey;
  const shown = async (tab: typeof page) => {
    await tab.goto(`${portal.url}/login`);
    await tab.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    await tab.waitForLoadState('networkidle');
  };

  const cold = await transferredBytes(page);
  await shown(page);
  const files = cold.requests().filter((t) => isClientFile(t.url));
  expect(files.length).toBeGreaterThanOrEqual(3); // the entry, React, Mantine's core, the styles
  for (const file of files) {
    expect(file.fromCache, file.url).toBe(false);
    expect(file.contentEncoding, file.url).toBe('br');
  }
  const onDisk = files.reduce((sum, file) => sum + statSync(join(dist, new URL(file.url).pathname)).size, 0);
  const overTheWire = files.reduce((sum, file) => sum + file.bytes, 0);
  expect(overTheWire).toBeLessThan(onDisk / 3);

  const again = await context.newPage();
  const warm = await transferredBytes(again);
  await shown(again);
  const cachedFiles = warm.requests().filter((t) => isClientFile(t.url));
  expect(cachedFiles.map((t) => t.url).sort()).toEqual(files.map((t) => t.url).sort());
  for (const file of cachedFiles) {
    expect(file.fromCache, file.url).toBe(true);
    expect(file.bytes, file.url).toBe(0);
  }
  const html = warm.requests().find((t) => t.url === `${portal.url}/login`);
  expect(html?.wireStatus).toBe(304);
  expect(warm.total().bytes).toBeLessThan(10_000);
  expect(cold.total().bytes).toBeGreaterThan(10 * warm.total().bytes);
});
