import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.resetTo('templates', async () => {
    await seedDemoQuestionnaires(h.db);
  });
});

const office = (energy: Record<string, number>, changes: object = {}) => ({
  reportingYear: 2025,
  country: 'DE',
  assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
  area: 12500,
  energy,
  ...changes,
});

describe('POST /api/scoring/stranding (issue 15 calculator)', () => {
  it('projects carbon and energy per year to 2050 on the demo data; less gas strands later', async () => {
    const res = await h.as('collector', 'POST', '/api/scoring/stranding', office({ gridElectricity: 60, gas: 120, districtHeating: 10 }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.carbon.years.map((y: { year: number }) => y.year)).toEqual(Array.from({ length: 26 }, (_, i) => 2025 + i));
    expect(body.dataSet).toMatchObject({ illustrative: true });
    const lower = (await h.as('collector', 'POST', '/api/scoring/stranding', office({ gridElectricity: 60, gas: 40, districtHeating: 10 }))).json();
    const year = (r: { carbon: { misalignmentYear: number | null; beyond2050: boolean } }) => (r.carbon.beyond2050 ? 2051 : r.carbon.misalignmentYear!);
    expect(year(lower)).toBeGreaterThanOrEqual(year(body));
    expect(lower.carbon.years[0].intensity).toBeLessThan(body.carbon.years[0].intensity);
  });

  it('a portfolio of one object equals that object', async () => {
    const one = office({ gridElectricity: 60, gas: 120 });
    const single = (await h.as('collector', 'POST', '/api/scoring/stranding', one)).json();
    const { reportingYear, ...asset } = one;
    const portfolio = (await h.as('collector', 'POST', '/api/scoring/stranding/portfolio', { reportingYear, assets: [asset] })).json();
    expect(portfolio.carbon).toEqual(single.carbon);
    expect(portfolio.assets).toHaveLength(1);
  });

  it.each([
    ['a share total other than 100', { assetAssetTypes: [{ assetTypeId: 1, percentage: 90 }] }, 'assetAssetTypes'],
    ['an unknown class', { assetAssetTypes: [{ assetTypeId: 99, percentage: 100 }] }, 'assetAssetTypes'],
    ['an unknown country', { country: 'XX' }, 'country'],
    ['negative energy', { energy: { gas: -1 } }, 'energy.gas'],
    ['non-numeric energy', { energy: { gas: 'viel' } }, 'energy.gas'],
    ['a reporting year outside 2015–2050', { reportingYear: 2051 }, 'reportingYear'],
    ['an area of 0', { area: 0 }, 'area'],
  ])('refuses %s with 400 and fields', async (_name, changes, path) => {
    const res = await h.as('collector', 'POST', '/api/scoring/stranding', office({ gas: 10 }, changes));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path).some((p: string) => p.startsWith(path))).toBe(true);
  });

  it('names the missing reference data instead of computing with a made-up number', async () => {
    const res = await h.as('collector', 'POST', '/api/scoring/stranding', office({ gas: 10 }, { country: 'PL' }), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'scoring-reference-missing' });
    expect(res.json().message).toContain('PL');
  });

  it('needs a signed-in user', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/scoring/stranding', payload: office({ gas: 1 }) })).statusCode).toBe(401);
  });
});
