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

describe('the object list filter "certificate expires within 90 days" (GET /api/asset?epcExpiring=true)', () => {
  const setEpc = async (name: string, epcIssuedAt: string, epcValidUntil: string) =>
    h.db.updateTable('assets').set({ epc_issued_at: epcIssuedAt, epc_valid_until: epcValidUntil }).where('name', '=', name).execute();
  const listed = async () => {
    const res = await h.as('objectadmin', 'GET', '/api/asset?page=1&pageSize=25&epcExpiring=true');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { name: string }[] }>().items.map((i) => i.name);
  };

  it('lists the objects whose certificate is valid today and ends within 90 days, by the day of the clock', async () => {
    const others = (await h.as('objectadmin', 'GET', '/api/asset?page=1&pageSize=25')).json<{ items: { name: string }[] }>().items.map((i) => i.name);
    const [second] = others.filter((n) => n !== 'Hotel am Rheinufer');
    await setEpc('Hotel am Rheinufer', '2021-04-01', '2031-03-31');
    await setEpc(second!, '2021-07-01', '2031-06-30');
    h.clock.now = Date.parse('2030-12-30T10:00:00Z');
    expect(await listed()).toEqual([]);
    h.clock.now = Date.parse('2031-01-01T10:00:00Z');
    expect(await listed()).toEqual(['Hotel am Rheinufer']);
    h.clock.now = Date.parse('2031-04-01T10:00:00Z');
    expect(await listed()).toEqual([second]);
    // Ended: no longer "expiring".
    h.clock.now = Date.parse('2031-06-30T10:00:00Z');
    expect(await listed()).toEqual([]);
  });

  it('refuses a value that is no flag with a field error', async () => {
    const res = await h.as('objectadmin', 'GET', '/api/asset?epcExpiring=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'epcExpiring' })]);
  });
});
