import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSET_CLASSES } from '../assets/asset-classes.ts';
import type { Cell } from '../imports/import-table.ts';
import type { KpiKey } from '../questionnaires/template.ts';
import type { YearFactors } from '../scoring/stranding.ts';
import {
  addressParts,
  classOfPropertyType,
  GRESB_COLUMNS,
  GRESB_PROPERTY_TYPES,
  gresbAddress,
  gresbRow,
  gresbSourceRows,
  noteText,
  portalCountry,
  type GresbRow,
  type GresbSubject,
} from './gresb.ts';
import { gresbIntensities, isGresbHeader, readGresbRow } from './gresb-read.ts';

const FACTORS: YearFactors = { gridElectricity: 0.4, gas: 0.2, oil: 0.27, districtHeating: 0.18, districtCooling: 0.1 };

/** An office of 2 000 m² in Munich with every consumption answered (per m² and year). */
const OFFICE: GresbSubject = {
  id: 17,
  name: 'Bürohaus Isartor',
  country: 'DE',
  city: 'München',
  zip: '80331',
  street: 'Tal',
  streetNumber: '12',
  constructionYear: 1998,
  area: 2000,
  assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
  reportingYear: 2024,
  figures: {
    finalEnergyGridElectricity: 50,
    finalEnergyGas: 60,
    finalEnergyOil: 10,
    finalEnergyDistrictHeating: 20,
    finalEnergyDistrictCooling: 5,
    finalEnergyRenewablesConsumed: 3,
    finalEnergyRenewablesExported: 1,
    water: 0.4,
    waste: 6,
  },
  factors: FACTORS,
};

describe('GRESB export (issue 41)', () => {
  it('writes every column of a known answer set as worked out by hand', () => {
    const { row, notes } = gresbRow(OFFICE);
    // By hand: intensity × 2 000 m²; fuels 60 + 10, district 20 + 5; scope 1 (60 × 0.2 + 10 × 0.27) × 2 000 / 1 000;
    // scope 2 (50 × 0.4 + 20 × 0.18 + 5 × 0.1) × 2 000 / 1 000; waste 6 kg × 2 000 / 1 000 t.
    const expected: GresbRow = {
      partners_id: 17,
      name: 'Bürohaus Isartor',
      country: 'DE',
      state_province: null,
      city: 'München',
      address: 'Tal 12, 80331 München',
      construction_year: 1998,
      property_type_code: 'OFF',
      size: 2000,
      year: 2024,
      whole_building: true,
      en_abs_we: 100_000,
      en_abs_wf: 140_000,
      en_abs_wd: 50_000,
      en_ren_ons_con: 6_000,
      en_ren_ons_exp: 2_000,
      ghg_abs_s1_w: 29.4,
      ghg_abs_s2_lb_w: 48.2,
      wat_abs_w: 800,
      was_abs_nhaz: 12,
    };
    expect(Object.keys(row)).toEqual([...GRESB_COLUMNS]);
    for (const column of GRESB_COLUMNS) {
      const want = expected[column];
      if (typeof want === 'number') expect(row[column], column).toBeCloseTo(want, 9);
      else expect(row[column], column).toEqual(want);
    }
    expect(notes).toEqual([]);
  });

  it('leaves a figure empty where nothing of it is answered, and counts an unanswered carrier of an answered group as 0', () => {
    const { row } = gresbRow({ ...OFFICE, figures: { finalEnergyGas: 10 } });
    expect(row.en_abs_wf).toBe(20_000);
    expect(row.ghg_abs_s1_w).toBeCloseTo(4, 9);
    expect([row.en_abs_we, row.en_abs_wd, row.ghg_abs_s2_lb_w, row.wat_abs_w, row.was_abs_nhaz]).toEqual([null, null, null, null, null]);
  });

  it('leaves the property type empty for mixed use and says so in a note', () => {
    const { row, notes } = gresbRow({ ...OFFICE, assetAssetTypes: [{ assetTypeId: 11, percentage: 100 }] });
    expect(row.property_type_code).toBeNull();
    expect(notes).toEqual([{ kind: 'unmappedClass', partnersId: 17, assetClass: 'MIX' }]);
    expect(noteText(notes[0]!, 'en')).toContain('MIX');
  });

  it('leaves a scope empty where a used carrier has no factor, and says which', () => {
    const { row, notes } = gresbRow({ ...OFFICE, factors: { ...FACTORS, oil: null } });
    expect(row.ghg_abs_s1_w).toBeNull();
    expect(row.ghg_abs_s2_lb_w).not.toBeNull();
    expect(notes).toEqual([{ kind: 'missingFactor', partnersId: 17, column: 'ghg_abs_s1_w', carrier: 'oil' }]);
  });

  it('writes ISO codes for the portal countries UK and USA, and no figures without a questionnaire', () => {
    const { row } = gresbRow({ ...OFFICE, country: 'UK', reportingYear: null });
    expect(row.country).toBe('GB');
    expect(row.year).toBeNull();
    expect(row.en_abs_we).toBeNull();
  });

  it('maps every asset class but mixed use to a code that reads back to a class of the same code', () => {
    for (const c of ASSET_CLASSES) {
      const code = GRESB_PROPERTY_TYPES[c];
      if (c === 'MIX') expect(code).toBeNull();
      else expect(GRESB_PROPERTY_TYPES[classOfPropertyType(code!)!]).toBe(code);
    }
  });
});

const cellsOf = (row: GresbRow): Map<string, Cell> =>
  new Map(Object.entries(row).map(([k, v]) => [k, v === null ? null : typeof v === 'boolean' ? String(v) : v] as [string, Cell]));

const same = (a: number | null | undefined, b: number | null | undefined) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));

describe('GRESB import (issue 41)', () => {
  const headerOf = (key: string) => key;

  it('names row and column of a size of 0, a negative consumption, a country not in ISO 3166 and a year outside 2015–2050', () => {
    const cells = cellsOf({ ...gresbRow(OFFICE).row, size: 0, en_abs_we: -5, country: 'Germany', year: 2051 });
    const read = readGresbRow(4, cells, headerOf, 'en');
    expect(read.row).toBe(4);
    expect(read.problems.map((p) => [p.column, p.key])).toEqual([
      ['country', 'gresb-country'],
      ['size', 'gresb-size'],
      ['year', 'gresb-year'],
      ['en_abs_we', 'gresb-negative'],
    ]);
    expect(readGresbRow(1, cellsOf({ ...gresbRow(OFFICE).row, year: 2014 }), headerOf, 'en').problems.map((p) => p.key)).toEqual(['gresb-year']);
    expect(readGresbRow(1, cellsOf({ ...gresbRow(OFFICE).row, country: 'UK' }), headerOf, 'en').problems.map((p) => p.key)).toEqual(['gresb-country']);
  });

  it('reads ISO codes as the portal writes its countries', () => {
    expect(portalCountry('gb')).toBe('UK');
    expect(portalCountry('US')).toBe('USA');
    expect(portalCountry('DE')).toBe('DE');
    expect(portalCountry('XX')).toBeNull();
    expect(portalCountry('DEU')).toBeNull();
  });

  it('reads the address the export writes', () => {
    expect(addressParts(gresbAddress({ street: 'Am Alten Hafen', streetNumber: '3a', zip: '20457', city: 'Hamburg' }))).toEqual({
      street: 'Am Alten Hafen',
      streetNumber: '3a',
      zip: '20457',
      city: 'Hamburg',
    });
    expect(addressParts('Hamburg')).toBeNull();
  });

  it('knows a GRESB file by its header', () => {
    expect(isGresbHeader([...GRESB_COLUMNS])).toBe(true);
    expect(isGresbHeader(['objectName', 'size'])).toBe(false);
    expect(isGresbHeader(['name'])).toBe(false);
  });

  const figure = fc.option(fc.double({ min: 0, max: 1000, noNaN: true }), { nil: undefined });
  // Factors as the reference data gives them: kg CO2e per kWh in hundredths.
  const factor = fc.integer({ min: 1, max: 100 }).map((n) => n / 100);
  const subject = fc.record({
    area: fc.double({ min: 1, max: 500_000, noNaN: true }),
    grid: figure,
    gas: figure,
    oil: figure,
    heating: figure,
    cooling: figure,
    consumed: figure,
    exported: figure,
    water: figure,
    waste: figure,
    factors: fc.record({ gridElectricity: factor, gas: factor, oil: factor, districtHeating: factor, districtCooling: factor }),
  });

  it('gives back the same GRESB figures and intensities after export and import into a new organisation (to 1e-9)', () => {
    fc.assert(
      fc.property(subject, (s) => {
        const figures: Partial<Record<KpiKey, number>> = {};
        const set = (k: KpiKey, v: number | undefined) => {
          if (v !== undefined) figures[k] = v;
        };
        set('finalEnergyGridElectricity', s.grid);
        set('finalEnergyGas', s.gas);
        set('finalEnergyOil', s.oil);
        set('finalEnergyDistrictHeating', s.heating);
        set('finalEnergyDistrictCooling', s.cooling);
        set('finalEnergyRenewablesConsumed', s.consumed);
        set('finalEnergyRenewablesExported', s.exported);
        set('water', s.water);
        set('waste', s.waste);
        const exported = gresbRow({ ...OFFICE, area: s.area, figures, factors: s.factors }).row;
        const read = readGresbRow(1, cellsOf(exported), headerOf, 'en');
        expect(read.problems).toEqual([]);
        const imported = gresbIntensities(read, s.factors, {});
        const again = gresbRow({ ...OFFICE, area: read.size!, figures: imported, factors: s.factors }).row;
        for (const column of GRESB_COLUMNS) expect(same(again[column] as number, exported[column] as number), `${column}: ${String(again[column])} ≠ ${String(exported[column])}`).toBe(true);
        // The intensities themselves, where the factors tell gas from oil and heating from cooling (else only their sums are known).
        const f = s.factors;
        if (f.gas !== f.oil && f.districtHeating !== f.districtCooling)
          for (const [key, value] of Object.entries(figures) as [KpiKey, number][]) expect(same(imported[key], value), key).toBe(true);
      }),
    );
  });

  it('splits fuels in the stored proportion where the emissions cannot tell gas and oil apart', () => {
    const row = readGresbRow(1, cellsOf({ ...gresbRow(OFFICE).row, ghg_abs_s1_w: null }), headerOf, 'en');
    const imported = gresbIntensities(row, FACTORS, { finalEnergyGas: 30, finalEnergyOil: 10 });
    expect(imported.finalEnergyGas).toBeCloseTo(52.5, 9);
    expect(imported.finalEnergyOil).toBeCloseTo(17.5, 9);
    const fresh = gresbIntensities(row, FACTORS, {});
    expect([fresh.finalEnergyGas, fresh.finalEnergyOil]).toEqual([70, 0]);
  });
});

describe('GRESB import of a row without figures', () => {
  it('needs no year where the row has no figures, and a year where it has', () => {
    const row = { ...gresbRow({ ...OFFICE, reportingYear: null }).row };
    expect(readGresbRow(1, cellsOf(row), (k) => k, 'en').problems).toEqual([]);
    expect(readGresbRow(1, cellsOf({ ...row, wat_abs_w: 10 }), (k) => k, 'en').problems.map((p) => [p.column, p.key])).toEqual([['year', 'validation-required']]);
  });
});

describe('the sources sheet says where the figures come from', () => {
  it('counts each column’s figures by provenance in the language of the file; a column without figures says "–"', () => {
    const questions = [
      { kpiKey: 'finalEnergyGridElectricity' as const, questionId: 11, title: 'Netzstrom', provenance: { measured: 3, estimated: 1 } },
      { kpiKey: 'finalEnergyDistrictHeating' as const, questionId: 12, title: 'Fernwärme', provenance: { calculated: 2 } },
      { kpiKey: 'water' as const, questionId: 13, title: 'Wasser', provenance: { measured: 4 } },
    ];
    const de = gresbSourceRows(questions, 'de');
    const en = gresbSourceRows(questions, 'en');
    const row = (rows: string[][], column: string) => rows.find((r) => r[0] === column)!;
    expect(row(de, 'ghg_abs_s2_lb_w')[3]).toBe('gemessen 3, geschätzt 1, berechnet 2');
    expect(row(en, 'wat_abs_w')[3]).toBe('measured 4');
    expect(row(de, 'was_abs_nhaz')[3]).toBe('–');
  });
});
