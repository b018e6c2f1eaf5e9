import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney } from '../support/journey.ts';

/*
 * The stranding calculator in the browser (issue 15), at the narrowest supported width (1024 px), against the real
 * server and the demo reference data: an object administrator opens it from the analysis page, sees the example
 * office's result at once (both curves drawn with the stranding point marked), lowers the gas figure as a retrofit
 * would, and sees the carbon stranding point move later; for a country without reference data the refusal names
 * what is missing.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const strandingYear = (p: Page, name: string) => p.getByRole('group', { name }).getByTestId(/^stranding-year-/);
const yearOf = async (p: Page, name: string): Promise<number> => {
  const text = (await strandingYear(p, name).textContent()) ?? '';
  return text === 'nach 2050' ? 2051 : Number(text);
};

describe('the stranding calculator in the browser', () => {
  it('an object administrator opens it, lowers the gas figure and sees the carbon stranding point move later; a country without data is refused by name', async () => {
    await page.goto(`${portal.url}/analysis-benchmark`);
    await signIn(page, 'objectadmin');
    await page.getByRole('link', { name: 'Stranding-Rechner öffnen' }).click();
    await page.waitForURL(/\/analysis-benchmark\/stranding$/);
    await page.getByRole('heading', { name: 'Stranding-Rechner', level: 1 }).waitFor();

    // The example (office in Germany, 2024, gas 120, grid 60 kWh/m²/a) is computed at once with the demo data.
    const carbon = 'Stranding-Zeitpunkt CO2';
    await strandingYear(page, carbon).waitFor();
    const before = await yearOf(page, carbon);
    expect(before).toBeGreaterThanOrEqual(2024);
    expect(before).toBeLessThanOrEqual(2050);
    await page.getByText(/Berechnet mit illustrativen Referenzdaten \(Demo-Durchschnittswerte und -Dekarbonisierungspfade\)/).waitFor();
    expect(await page.getByText(/Demo reference values/).count()).toBe(0);
    // Both charts draw the object's curve and the pathway, the stranding point marked on each.
    const carbonChart = page.getByRole('region', { name: 'CO2-Intensität und Dekarbonisierungspfad' });
    expect(await carbonChart.locator('.recharts-line').count()).toBe(2);
    expect(await carbonChart.locator('.recharts-reference-line').count()).toBe(1);
    await carbonChart.getByText(`Stranding ${before}`).waitFor();
    expect(await page.getByRole('region', { name: 'Energieintensität und Energiepfad' }).locator('.recharts-line').count()).toBe(2);

    // A retrofit: gas down from 120 to 40,5 kWh/m²/a (decimal comma); the result follows without a button.
    const gas = page.getByLabel('Gas', { exact: true });
    await gas.fill('40,5');
    await gas.blur();
    await expect.poll(() => yearOf(page, carbon), { timeout: 10_000 }).toBeGreaterThan(before);
    await page.getByText('Wird berechnet …').waitFor({ state: 'hidden' });
    const after = await yearOf(page, carbon);
    expect(after).toBeGreaterThan(before);

    // The figures behind the curves, as a table: the stranding year is the first above the pathway.
    await page.getByText('Tabelle', { exact: true }).click();
    const table = page.getByRole('table', { name: 'CO2-Intensität und Dekarbonisierungspfad' });
    await table.waitFor();
    if (after <= 2050) await table.getByRole('row').filter({ hasText: new RegExp(`^${after}`) }).waitFor();

    // A country the demo reference data does not cover: nothing is computed, and the refusal names what is missing.
    const country = page.getByRole('textbox', { name: 'Land' });
    await country.fill('Italien');
    await page.getByRole('option', { name: 'Italien' }).click();
    await page.getByRole('alert').filter({ hasText: /^Keine Berechnung möglich/ }).getByText(/In den Referenzdaten fehlt: .*Dekarbonisierungspfad.* IT OFF/).waitFor();
    expect(await strandingYear(page, carbon).count()).toBe(0);

    // Nothing is cut off at 1024 px: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
