import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, multipartFile, type Harness } from '../../testing/harness.ts';

/* The certificate's two flags (DOMAIN.md §11) as columns of the object import: yes/no in German or English. */

let h: Harness;
beforeAll(async () => void (h = await createHarness()));
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const upload = async (text: string, { query = '', language = 'de' } = {}) => {
  const { body, contentType } = multipartFile('objekte.csv', Buffer.from(`\ufeff${text}\r\n`, 'utf8'));
  return h.app.inject({ method: 'POST', url: `/api/import/assets${query}`, headers: { ...bearer(await h.login('importadmin')), 'content-type': contentType, 'accept-language': language }, payload: body });
};

const HEADER = 'Externe ID;Objektname;Objektgruppe;Land;Ort;PLZ;Straße;Hausnummer;Bruttogrundfläche (BGF) in m²;OFF';
const row = (id: string, name: string, area = '1000') => `${id};${name};Portfolio Köln;DE;Köln;50667;Domkloster;4;${area};100`;
const flags = async () =>
  h.db.selectFrom('assets').select(['name', 'large_non_residential', 'energy_monitoring']).where('name', 'in', ['Domblick', 'Rheinauhafen']).orderBy('name').execute();

describe('the object import’s columns Großes Nichtwohngebäude / Energiemonitoring', () => {
  it('reads Ja/Nein and Yes/No, by German, English or API header, and a file without them keeps what is stored', async () => {
    const file = [`${HEADER};Großes Nichtwohngebäude;energyMonitoring`, `${row('K-1', 'Domblick')};Ja;Nein`, `${row('K-2', 'Rheinauhafen')};no;YES`].join('\r\n');
    const res = await upload(file, { query: '?dryRun=false' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await flags()).toEqual([
      { name: 'Domblick', large_non_residential: true, energy_monitoring: false },
      { name: 'Rheinauhafen', large_non_residential: false, energy_monitoring: true },
    ]);
    const english = await upload([`${HEADER};Large non-residential building`, `${row('K-1', 'Domblick')};No`].join('\r\n'), { query: '?dryRun=false' });
    expect(english.json()).toMatchObject({ updated: 1, failed: 0 });
    const without = await upload([HEADER, row('K-1', 'Domblick', '1200'), row('K-2', 'Rheinauhafen', '1300')].join('\r\n'), { query: '?dryRun=false' });
    expect(without.json()).toMatchObject({ updated: 2 });
    expect(await flags()).toEqual([
      { name: 'Domblick', large_non_residential: false, energy_monitoring: false },
      { name: 'Rheinauhafen', large_non_residential: false, energy_monitoring: true },
    ]);
  });

  it('refuses a value that is no yes or no as a row error in both languages, storing nothing but the failed entry of the history', async () => {
    const file = [`${HEADER};Energiemonitoring`, `${row('K-1', 'Domblick')};vielleicht`].join('\r\n');
    const { body: german } = await h.expectFailedImport(() => upload(file, { query: '?dryRun=false' }), { kind: 'assets', fileName: 'objekte.csv', failed: 1 });
    expect((german as unknown as { rows: { errors: unknown[] }[] }).rows[0]!.errors).toEqual([
      { column: 'Energiemonitoring', key: 'import-unknown-option', message: '„vielleicht“ ist kein Wert dieser Spalte. Erlaubt: Ja, Nein.' },
    ]);
    const { body: english } = await h.expectFailedImport(() => upload(file, { query: '?dryRun=false', language: 'en' }), { kind: 'assets', fileName: 'objekte.csv', failed: 1 });
    expect((english as unknown as { rows: { errors: { message: string }[] }[] }).rows[0]!.errors[0]!.message).toBe('"vielleicht" is not a value of this column. Allowed: Yes, No.');
  });
});
