// Reading the reference data (DOMAIN.md §5): which figure a KPI key names, blends for mixed use, and naming
// what is missing in words.
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { KPI_KEY_LIST } from '../questionnaires/template.ts';
import { blendedReference, carrierFactor, describeMissing, describeMissingReference, gridFactor, mergeMissing, metricOfKpi, referenceValue, type MissingReference, type ReferenceData } from './reference-lookup.ts';

const DATA: ReferenceData = {
  values: [
    { kind: 'average', metric: 'energy', country: 'de', assetClass: 'OFF', year: 2024, value: 180 },
    { kind: 'average', metric: 'energy', country: 'DE', assetClass: 'HOT', year: 2024, value: 260 },
    { kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'OFF', year: 2024, value: 150 },
  ],
  emissionFactors: [
    { carrier: 'gridElectricity', country: 'DE', year: 2024, value: 0.4 },
    { carrier: 'gas', country: '', year: 0, value: 0.2 },
    { carrier: 'gas', country: 'AT', year: 0, value: 0.19 },
    // A yearly gas factor is not a constant factor and is not read as one.
    { carrier: 'oil', country: '', year: 2024, value: 0.3 },
  ],
};

describe('the figure a KPI key names', () => {
  it('co2 is carbon, water and waste are themselves, every final-energy key is energy', () => {
    expect(metricOfKpi('co2')).toBe('carbon');
    expect(metricOfKpi('water')).toBe('water');
    expect(metricOfKpi('waste')).toBe('waste');
    for (const key of KPI_KEY_LIST.filter((k) => k.startsWith('finalEnergy'))) expect(metricOfKpi(key)).toBe('energy');
    expect(metricOfKpi(null)).toBeNull();
  });
});

describe('reading reference data', () => {
  it('finds values and factors whatever the case of the country code', () => {
    expect(referenceValue(DATA, 'average', 'energy', 'DE', 'OFF', 2024)).toBe(180);
    expect(referenceValue(DATA, 'average', 'energy', 'de', 'HOT', 2024)).toBe(260);
    expect(referenceValue(DATA, 'pathway', 'energy', 'DE', 'HOT', 2024)).toBeUndefined();
    expect(gridFactor(DATA, 'de', 2024)).toBe(0.4);
    expect(gridFactor(DATA, 'DE', 2025)).toBeUndefined();
  });

  it('a constant factor is the country’s own where there is one, else the general one; yearly rows are not constant factors', () => {
    expect(carrierFactor(DATA, 'gas', 'AT')).toBe(0.19);
    expect(carrierFactor(DATA, 'gas', 'DE')).toBe(0.2);
    expect(carrierFactor(DATA, 'oil', 'DE')).toBeUndefined();
  });

  it('blends by share, and refuses naming each class and year it lacks', () => {
    const shares = [
      { assetClass: 'OFF' as const, share: 0.25 },
      { assetClass: 'HOT' as const, share: 0.75 },
    ];
    expect(blendedReference(DATA, 'average', 'energy', 'DE', shares, [2024])).toEqual(E.right([0.25 * 180 + 0.75 * 260]));
    expect(blendedReference(DATA, 'average', 'energy', 'DE', shares, [2024, 2025, 2026])).toEqual(
      E.left({
        _tag: 'scoring-reference-missing',
        missing: [
          { kind: 'average', metric: 'energy', country: 'DE', assetClass: 'OFF', years: [2025, 2026] },
          { kind: 'average', metric: 'energy', country: 'DE', assetClass: 'HOT', years: [2025, 2026] },
        ],
      }),
    );
    expect(blendedReference(DATA, 'average', 'energy', 'DE', [], [2024])).toEqual(E.left({ _tag: 'scoring-reference-missing', missing: [{ kind: 'assetClass' }] }));
  });
});

describe('mixed use where some classes lack reference data', () => {
  const share = (assetClass: 'OFF' | 'HOT' | 'MIX', value: number) => ({ assetClass, share: value });

  it('blends the classes that have data, their shares scaled to 100 %, while they cover at least half of the area', () => {
    expect(blendedReference(DATA, 'average', 'energy', 'DE', [share('OFF', 0.9), share('MIX', 0.1)], [2024])).toEqual(E.right([180]));
    expect(blendedReference(DATA, 'average', 'energy', 'DE', [share('OFF', 0.5), share('MIX', 0.5)], [2024])).toEqual(E.right([180]));
    expect(blendedReference(DATA, 'average', 'energy', 'DE', [share('OFF', 0.3), share('HOT', 0.3), share('MIX', 0.4)], [2024])).toEqual(E.right([0.5 * 180 + 0.5 * 260]));
  });

  it('below half it refuses, naming the classes without data; a class lacking one year of several lacks them all for the blend', () => {
    expect(blendedReference(DATA, 'average', 'energy', 'DE', [share('OFF', 0.49), share('MIX', 0.51)], [2024])).toEqual(
      E.left({ _tag: 'scoring-reference-missing', missing: [{ kind: 'average', metric: 'energy', country: 'DE', assetClass: 'MIX', years: [2024, 2024] }] }),
    );
    // The OFF pathway has 2024 only: asked for 2024–2025 it drops out, and nothing covers half.
    expect(E.isLeft(blendedReference(DATA, 'pathway', 'energy', 'DE', [share('OFF', 1)], [2024, 2025]))).toBe(true);
  });
});

describe('naming what is missing', () => {
  it('joins adjacent and overlapping years of the same subject, and keeps others apart', () => {
    const m = (years: [number, number], assetClass: 'OFF' | 'HOT' = 'OFF'): MissingReference => ({ kind: 'pathway', metric: 'carbon', country: 'DE', assetClass, years });
    expect(mergeMissing([m([2024, 2024]), m([2025, 2025]), m([2030, 2031]), m([2031, 2040]), m([2024, 2024], 'HOT')])).toEqual([m([2024, 2025]), m([2030, 2040]), m([2024, 2024], 'HOT')]);
    expect(mergeMissing([{ kind: 'carrierFactor', carrier: 'gas', country: '' }, { kind: 'carrierFactor', carrier: 'gas', country: '' }, { kind: 'carrierFactor', carrier: 'oil', country: '' }])).toEqual([
      { kind: 'carrierFactor', carrier: 'gas', country: '' },
      { kind: 'carrierFactor', carrier: 'oil', country: '' },
    ]);
  });

  it.each<[MissingReference, string, string]>([
    [{ kind: 'average', metric: 'water', country: 'DE', assetClass: 'OFF', years: [2024, 2024] }, 'average water DE OFF 2024', 'Durchschnitt Wasser DE OFF 2024'],
    [{ kind: 'pathway', metric: 'energy', country: 'AT', assetClass: 'RESI', years: [2030, 2050] }, 'decarbonisation pathway final energy AT RESI 2030–2050', 'Dekarbonisierungspfad Endenergie AT RESI 2030–2050'],
    [{ kind: 'gridFactor', country: 'FR', years: [2024, 2050] }, 'emission factor grid electricity FR 2024–2050', 'Emissionsfaktor Netzstrom FR 2024–2050'],
    [{ kind: 'carrierFactor', carrier: 'districtHeating', country: '' }, 'emission factor district heating', 'Emissionsfaktor Fernwärme'],
    [{ kind: 'carrierFactor', carrier: 'oil', country: 'AT' }, 'emission factor oil AT', 'Emissionsfaktor Heizöl AT'],
    [{ kind: 'assetClass' }, 'an asset class of the object', 'eine Objektklasse des Objekts'],
    [{ kind: 'kpiKey', question: 'E-1.1' }, 'the KPI key of question E-1.1', 'die Kennzahl der Frage E-1.1'],
  ])('%o reads "%s" and "%s"', (missing, en, de) => {
    expect(describeMissingReference(missing, 'en')).toBe(en);
    expect(describeMissingReference(missing, 'de')).toBe(de);
  });

  it('several pieces are joined by semicolons', () => {
    expect(describeMissing([{ kind: 'assetClass' }, { kind: 'gridFactor', country: 'FR', years: [2024, 2024] }], 'en')).toBe('an asset class of the object; emission factor grid electricity FR 2024');
  });
});
