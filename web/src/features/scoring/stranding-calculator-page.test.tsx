// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_TYPES } from '@ecore/core/assets/asset-classes.ts';
import { countryOptions } from '@ecore/core/shared/countries.ts';
import { projectionYears, strandingOf, type StrandingAsset } from '@ecore/core/scoring/stranding.ts';
import { ApiError } from '../../lib/api-client.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { renderUi, type TestUser } from '../../testing/render.tsx';
import type { StrandingAnswer } from './stranding-api.ts';

/*
 * The stranding calculator (issue 15): prefilled with an example whose result shows at once; a retrofit typed in
 * (less gas, in German with a decimal comma) moves the carbon stranding point later; bad figures are refused at
 * their fields with core's texts, before any call or by the server; a curve that never leaves its pathway reads
 * "nach 2050" / "beyond 2050", never 2050. The API is a stand-in that projects as the server would: a flat carbon
 * intensity of the figures sent against a pathway falling from 40 to 0, the stranding point found by core.
 */

const api = vi.hoisted(() => ({ calculateStranding: vi.fn() }));
vi.mock(import('./stranding-api.ts'), async (original) => ({
  ...(await original()),
  calculateStranding: api.calculateStranding,
  fetchCountries: async () => countryOptions('de'),
  fetchAssetTypes: async () => [...ASSET_TYPES],
}));

/** 0.3 kg per kWh of grid electricity, 0.2 per kWh of gas; the pathway falls by 40 / (2050 − year) a year to 0. */
const projected = (body: StrandingAsset): StrandingAnswer => {
  const years = projectionYears(body.reportingYear);
  const curve = (intensity: number, start: number) =>
    strandingOf(years.map((year) => ({ year, intensity, pathway: start * (1 - (year - body.reportingYear) / (2050 - body.reportingYear + 1)) })));
  const carbon = 0.3 * body.energy.gridElectricity + 0.2 * body.energy.gas;
  const energy = body.energy.gridElectricity + body.energy.gas;
  return { carbon: curve(carbon, 40), energy: curve(energy, 200), dataSet: { name: 'Demo reference values (illustrative)', illustrative: true } };
};

beforeEach(() => {
  api.calculateStranding.mockReset();
  api.calculateStranding.mockImplementation(async (body: StrandingAsset) => projected(body));
});

const renderCalculator = async (language: 'de' | 'en' = 'de') => {
  const { StrandingCalculatorPage } = await import('./stranding-calculator-page.tsx');
  const router = createMemoryRouter([{ path: '/analysis-benchmark/stranding', element: <StrandingCalculatorPage />, handle: { titleKey: 'scoring.calculator.title', crumbLink: false } }], {
    initialEntries: ['/analysis-benchmark/stranding'],
  });
  return renderUi(<RouterProvider router={router} />, { language });
};

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const carbonYear = () => within(screen.getByRole('group', { name: 'Stranding-Zeitpunkt CO2' })).getByTestId('stranding-year-carbon');
const retype = async (user: TestUser, label: string, text: string) => {
  await user.clear(field(label));
  await user.type(field(label), text);
};
const lastBody = (): StrandingAsset => api.calculateStranding.mock.calls.at(-1)![0] as StrandingAsset;

describe('the stranding calculator', { timeout: 30_000 }, () => {
  it('opens with the example figures and shows their result at once: both stranding points, the curves and the data set', async () => {
    await renderCalculator();
    expect(field('Berichtsjahr').value).toBe('2024');
    expect(field('Land').value).toBe('Deutschland');
    expect(field('Gas').value).toBe('120');
    expect(field('Netzstrom').value).toBe('60');
    expect(field('Bruttogrundfläche (BGF)').value).toBe('1.000');

    // 0.3 × 60 + 0.2 × 120 = 42 kg CO2e/m²/a is above the pathway's 40 in the reporting year already.
    await waitFor(() => expect(carbonYear().textContent).toBe('2024'));
    expect(lastBody()).toEqual({
      reportingYear: 2024,
      country: 'DE',
      assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
      area: 1000,
      energy: { gridElectricity: 60, gas: 120, oil: 0, districtHeating: 0, districtCooling: 0, renewablesConsumed: 0, renewablesExported: 0 },
    });
    expect(screen.getByRole('heading', { name: 'CO2-Intensität und Dekarbonisierungspfad' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Energieintensität und Energiepfad' })).toBeTruthy();
    expect(screen.getByText('Referenzdaten: Demo-Durchschnittswerte und -Dekarbonisierungspfade')).toBeTruthy();
    expect(screen.getByText('Berechnet mit illustrativen Referenzdaten (Demo-Durchschnittswerte und -Dekarbonisierungspfade), nicht mit echten Benchmark- oder CRREM-Werten.')).toBeTruthy();
    // The demo data set's name is in the page's language, not the stored English name.
    expect(screen.queryByText(/Demo reference values/)).toBeNull();
  });

  it('moves the carbon stranding point later when the gas figure is lowered (decimal comma), asking once the figures rest', async () => {
    const { user } = await renderCalculator();
    await waitFor(() => expect(carbonYear().textContent).toBe('2024'));
    const before = api.calculateStranding.mock.calls.length;

    await retype(user, 'Gas', '40,5');

    // 18 + 8.1 = 26.1 stays under the pathway until it falls below that: 2024 + ⌈27 × (1 − 26.1 / 40)⌉ − … = 2034.
    await waitFor(() => expect(carbonYear().textContent).toBe('2034'));
    expect(lastBody().energy.gas).toBe(40.5);
    // Typed quickly, the five keystrokes send one call (the debounce), not five.
    expect(api.calculateStranding.mock.calls.length - before).toBe(1);
    expect(Number(carbonYear().textContent)).toBeGreaterThan(2024);
  });

  it('shows "nach 2050" where the curve never leaves its pathway, never 2050', async () => {
    const { user } = await renderCalculator();
    await waitFor(() => expect(carbonYear().textContent).toBe('2024'));
    await retype(user, 'Gas', '0');
    await retype(user, 'Netzstrom', '0');
    await waitFor(() => expect(carbonYear().textContent).toBe('nach 2050'));
    // Energy (0 kWh) stays on its pathway too.
    expect(screen.getAllByText('bleibt bis 2050 auf dem Pfad')).toHaveLength(2);
    expect(screen.getByTestId('stranding-year-energy').textContent).toBe('nach 2050');
  });

  it('reads "beyond 2050" in English, and leaves the note out for data that is not illustrative', async () => {
    api.calculateStranding.mockImplementation(async (body: StrandingAsset) => {
      const answer = projected(body);
      return { ...answer, carbon: { ...answer.carbon, misalignmentYear: null, beyond2050: true }, dataSet: { name: 'Real data', illustrative: false } };
    });
    await renderCalculator('en');
    const year = await screen.findByText('beyond 2050');
    expect(year.getAttribute('data-testid')).toBe('stranding-year-carbon');
    expect(screen.getByText('Reference data: Real data')).toBeTruthy();
    expect(screen.queryByText(/illustrative reference data/)).toBeNull();
  });

  it("refuses an area of 0 at its field with core's text, and asks nothing until the figures are fixed", async () => {
    const { user } = await renderCalculator();
    await waitFor(() => expect(carbonYear().textContent).toBe('2024'));
    const before = api.calculateStranding.mock.calls.length;

    await retype(user, 'Bruttogrundfläche (BGF)', '0');
    expect(await screen.findByText('Die Fläche muss größer als 0 m² sein.')).toBeTruthy();
    expect(screen.getByText('Bitte korrigieren Sie die markierten Angaben; dann wird neu gerechnet.')).toBeTruthy();
    expect(screen.queryByTestId('stranding-year-carbon')).toBeNull();
    await retype(user, 'Gas', '-5');
    expect(screen.getByText('Der Energieverbrauch darf nicht negativ sein.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.calculateStranding.mock.calls.length).toBe(before);

    await retype(user, 'Bruttogrundfläche (BGF)', '2500');
    await retype(user, 'Gas', '120');
    await waitFor(() => expect(lastBody().area).toBe(2500));
    await waitFor(() => expect(screen.queryByText('Wird berechnet …')).toBeNull());
    expect(carbonYear().textContent).toBe('2024');
  });

  it("shows the server's field errors at their fields and its refusal naming what the reference data lacks", async () => {
    api.calculateStranding.mockRejectedValueOnce(new ApiError(400, 'validation-error', 'Ungültige Angaben', [{ path: 'country', key: 'scoring-calculator-country', message: 'x' }]));
    const { user } = await renderCalculator();
    expect(await screen.findByText('Bitte wählen Sie ein Land aus der Liste.')).toBeTruthy();

    api.calculateStranding.mockRejectedValueOnce(
      new ApiError(400, 'scoring-reference-missing', 'In den Referenzdaten fehlt: Pfad CO2 für FR, OFF (2024–2050). Ohne diese Angaben wird nicht gerechnet.'),
    );
    await retype(user, 'Gas', '100');
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('In den Referenzdaten fehlt: Pfad CO2 für FR, OFF (2024–2050).');
    expect(screen.queryByText('Bitte wählen Sie ein Land aus der Liste.')).toBeNull();
  });

  it('rewrites the typed figures when the language is switched, and computes the same figures again', async () => {
    const { user } = await renderCalculator();
    await retype(user, 'Gas', '40,5');
    await waitFor(() => expect(lastBody().energy.gas).toBe(40.5));
    await waitFor(() => expect(carbonYear().textContent).toBe('2034'));

    await act(() => changeLanguage('en'));

    expect(field('Gas').value).toBe('40.5');
    expect(field('Gross floor area (GFA)').value).toBe('1,000');
    await waitFor(() => expect(screen.getByTestId('stranding-year-carbon').textContent).toBe('2034'));
    expect(screen.getByRole('group', { name: 'Stranding point carbon' })).toBeTruthy();
    expect(lastBody().energy.gas).toBe(40.5);
    expect(lastBody().area).toBe(1000);
  });
});
