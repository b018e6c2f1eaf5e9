import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const assetId = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

const EPC = {
  epcClass: 'B',
  epcType: 'demand',
  epcPrimaryEnergyDemand: 95.5,
  epcFinalEnergyDemand: 120,
  epcRegistrationNumber: 'BE-2021-004711',
  epcIssuedAt: '2021-04-01',
  epcValidUntil: '2031-03-31',
  largeNonResidential: true,
  energyMonitoring: true,
};

describe('the energy performance certificate of an object (GET/PUT /api/asset)', () => {
  it('saves the certificate, answers it, and keeps it on a save that leaves its fields out', async () => {
    const id = await assetId('Hotel am Rheinufer');
    const current = (await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json();
    expect(current).toMatchObject({ epcClass: null, epcIssuedAt: null, largeNonResidential: false });
    const saved = await h.as('objectadmin', 'PUT', '/api/asset', { ...current, ...EPC });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(EPC);
    const stored = await h.db.selectFrom('assets').select(['epc_class', 'epc_final_energy_demand', 'large_non_residential']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ epc_class: 'B', epc_final_energy_demand: 120, large_non_residential: true });
    const { epcClass: _c, epcType: _t, epcPrimaryEnergyDemand: _p, epcFinalEnergyDemand: _f, epcRegistrationNumber: _r, epcIssuedAt: _i, epcValidUntil: _v, largeNonResidential: _l, energyMonitoring: _e, ...withoutEpc } = saved.json();
    const again = await h.as('objectadmin', 'PUT', '/api/asset', { ...withoutEpc, city: 'Mainz' });
    expect(again.json()).toMatchObject({ ...EPC, city: 'Mainz' });
  });

  it.each([
    [{ epcValidUntil: '2021-03-31' }, 'epcValidUntil', 'The certificate must be valid until a date after its issue.'],
    [{ epcValidUntil: '2031-04-02' }, 'epcValidUntil', 'A certificate is valid for at most ten years after its issue.'],
    [{ epcClass: 'A++' }, 'epcClass', 'Unknown efficiency class. Allowed: A+, A, B, C, D, E, F, G, H.'],
  ])('refuses %o with a field error, storing nothing', async (change, path, message) => {
    const id = await assetId('Hotel am Rheinufer');
    const current = (await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json();
    const res = await h.as('objectadmin', 'PUT', '/api/asset', { ...current, ...EPC, ...change }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path, message })]);
    expect((await h.db.selectFrom('assets').select('epc_class').where('id', '=', id).executeTakeFirstOrThrow()).epc_class).toBeNull();
  });

  it('answers the refusal in German', async () => {
    const id = await assetId('Hotel am Rheinufer');
    const current = (await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json();
    const res = await h.as('objectadmin', 'PUT', '/api/asset', { ...current, ...EPC, epcValidUntil: '2040-01-01' });
    expect(res.json().fields[0].message).toBe('Ein Energieausweis gilt höchstens zehn Jahre nach seiner Ausstellung.');
  });
});
