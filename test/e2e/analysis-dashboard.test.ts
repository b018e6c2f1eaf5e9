import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatScore } from '@ecore/core/scoring/display.ts';
import type { Dashboard } from '@ecore/core/analysis/dashboard.ts';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney } from '../support/journey.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';

/*
 * The analysis dashboard in the browser (issue 17), at the narrowest supported width (1024 px): the object
 * administrator opens the dashboard of the demo group Portfolio Rhein-Main from the group row's "Benchmark" button,
 * sees the portfolio score the server computed, the charts, and switches the asset-class distribution to its table.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const GROUP = 'Portfolio Rhein-Main';

const apiGet = async <T>(path: string): Promise<T> => {
  const login = await fetch(`${portal.url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName: 'objectadmin', password: 'demo1234' }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(`${portal.url}/api/${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

describe('the analysis dashboard in the browser', () => {
  it('objectadmin opens the dashboard of a demo group from its row, sees the charts and switches one to its table', async () => {
    const groups = await apiGet<{ items: { id: number; name: string }[] }>(`assetGroup?page=1&pageSize=5&search=${encodeURIComponent(GROUP)}`);
    const group = groups.items.find((g) => g.name === GROUP)!;
    const data = await apiGet<Dashboard>(`analysis/group/${group.id}`);
    expect(data.score.ecore).not.toBeNull();
    expect(data.distributions.assetClass.length).toBeGreaterThan(0);

    await page.goto(`${portal.url}/asset-management/object-groups?search=${encodeURIComponent(GROUP)}`);
    await signIn(page, 'objectadmin');
    await page.getByRole('button', { name: `Dashboard der Objektgruppe ${GROUP} öffnen` }).click();
    await page.waitForURL(new RegExp(`/analysis-benchmark/group/${group.id}$`));
    await page.getByRole('heading', { name: GROUP }).waitFor();

    // The portfolio score as the server computed it, in one decimal.
    const score = page.getByRole('region', { name: 'ECORE-Portfolio-Score' });
    await score.getByRole('heading', { name: `ECORE-Score ${formatScore(data.score.ecore, 'de')}` }).waitFor();

    // The charts are drawn: the donut of the asset classes and the portfolio's stranding curve.
    const classes = page.getByRole('region', { name: 'Verteilung nach Objektklasse' });
    await classes.locator('svg.recharts-surface').first().waitFor();
    await page.getByRole('region', { name: 'Verbrauch und Emissionen' }).locator('svg.recharts-surface').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'the dashboard');

    // The switch shows the same figures as a table.
    await classes.getByText('Tabelle', { exact: true }).click();
    const table = classes.getByRole('table', { name: 'Verteilung nach Objektklasse' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(data.distributions.assetClass.length + 1);
    await classes.getByText('Diagramm', { exact: true }).click();
    await classes.locator('svg.recharts-surface').first().waitFor();

    // Every object of the group in the asset data, and the benchmark says why it is missing where it is.
    const assets = page.getByRole('table', { name: 'Objektdaten' });
    expect(await assets.getByRole('row').count()).toBe(data.assets.length + 1);
    const hidden = data.benchmark.filter((b) => b === null).length;
    const benchmark = page.getByRole('table', { name: 'Benchmark' });
    expect(await benchmark.getByText(/Kein Benchmark: weniger als 6 Vergleichsobjekte/).count()).toBe(hidden);
    // The demo's peer offices (another organisation, never named) give the demo office a benchmark right away.
    const shown = data.benchmark.filter((b) => b !== null);
    expect(shown.length).toBeGreaterThan(0);
    for (const b of shown) await benchmark.getByRole('cell', { name: `${b!.rank} von ${b!.peerGroup.size}`, exact: true }).waitFor();
    expect(await page.getByText('Nordstern').count()).toBe(0);

    // The same in English.
    await page.evaluate(() => localStorage.setItem('ecore.locale', 'en'));
    await page.reload();
    const english = page.getByRole('table', { name: 'Benchmark' });
    await english.getByRole('columnheader', { name: 'Peer group' }).waitFor();
    for (const b of shown) await english.getByRole('cell', { name: `${b!.rank} of ${b!.peerGroup.size}`, exact: true }).waitFor();
    expect(await english.getByText(/No benchmark: fewer than 6 peers/).count()).toBe(hidden);
  });
});
