import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import type { TemplateContent } from '../questionnaires/template.ts';
import type { ReferenceData } from './reference-lookup.ts';
import { valueQuestion } from './arbitraries/scoring.ts';
import {
  acceptOutlier,
  AREA_QUESTION_ID,
  checkedOutliers,
  consumptionFigureCount,
  INTENSITY_HIGH,
  INTENSITY_LOW,
  openFlagCount,
  openOutliers,
  outlierQuality,
  outliers,
  type OutlierAcceptance,
  type OutlierObject,
} from './outliers.ts';

// Questions: 1 energy total, 2 grid electricity, 3 gas, 4 co2, 5 water, 6 waste.
const structure: Pick<TemplateContent, 'clusters'> = {
  clusters: [
    {
      id: 1,
      translations: [],
      weight: 1,
      financeWeight: 1,
      order: 1,
      categories: [
        {
          id: 1,
          translations: [],
          order: 1,
          sections: [
            {
              id: 1,
              translations: [],
              weight: 1,
              financeWeight: 1,
              order: 1,
              questions: [
                valueQuestion(1, 'finalEnergyTotal'),
                valueQuestion(2, 'finalEnergyGridElectricity'),
                valueQuestion(3, 'finalEnergyGas'),
                valueQuestion(4, 'co2'),
                valueQuestion(5, 'water'),
                valueQuestion(6, 'waste'),
              ],
            },
          ],
        },
      ],
    },
  ],
} as never;

/** An office in Germany (class id 1 = OFF), reporting 2024. */
const office: OutlierObject = { country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1000, reportingYear: 2024 };

const data: ReferenceData = {
  values: [
    { kind: 'average', metric: 'energy', country: 'DE', assetClass: 'OFF', year: 2024, value: 150 },
    { kind: 'average', metric: 'carbon', country: 'DE', assetClass: 'OFF', year: 2024, value: 40 },
    { kind: 'average', metric: 'water', country: 'DE', assetClass: 'OFF', year: 2024, value: 0.5 },
  ],
  emissionFactors: [],
};

const answer = (questionId: number, inputAnswer: number | null) => ({ questionId, inputAnswer });
const figure = fc.double({ min: 0, max: 10_000, noNaN: true, noDefaultInfinity: true });
const answersArb = fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.option(figure, { nil: null })), { maxLength: 8 }).map((rows) => rows.map(([q, v]) => answer(q, v)));
const lastYearArb = fc.option(fc.record({ answers: answersArb, area: fc.double({ min: 1, max: 5000, noNaN: true }) }), { nil: null });

const keyOf = (o: { questionId: number; type: string }) => `${o.questionId}|${o.type}`;

describe('outliers', () => {
  it('flags 5 000 kWh/m² of an office against the average of offices in Germany', () => {
    const flags = outliers(structure, office, [answer(1, 5000)], null, data);
    expect(flags).toEqual([
      { questionId: 1, kpi: 'energy', type: 'intensity', value: 5000, reference: 150, deviation: (5000 - 150) / 150, peers: { country: 'DE', assetClasses: ['OFF'] } },
    ]);
  });

  it('flags below a third and above three times the average, not at the bounds', () => {
    expect(outliers(structure, office, [answer(1, 150 * INTENSITY_HIGH)], null, data)).toEqual([]);
    expect(outliers(structure, office, [answer(1, 150 * INTENSITY_LOW)], null, data)).toEqual([]);
    expect(outliers(structure, office, [answer(1, 451)], null, data).map((o) => o.type)).toEqual(['intensity']);
    expect(outliers(structure, office, [answer(1, 49)], null, data).map((o) => o.type)).toEqual(['intensity']);
  });

  it('raises no intensity flag where the reference data has no average of the metric (waste)', () => {
    expect(outliers(structure, office, [answer(6, 9999)], null, data)).toEqual([]);
  });

  it('flags a change of more than 30 % against last year, either way, on carriers too', () => {
    const lastYear = { answers: [answer(1, 100), answer(2, 100), answer(3, 100)], area: 1000 };
    const flags = outliers(structure, office, [answer(1, 131), answer(2, 58), answer(3, 130)], lastYear, data);
    const lfl = flags.filter((o) => o.type === 'lfl');
    expect(lfl.map((o) => [o.questionId, o.reference, Math.round(o.deviation! * 100)])).toEqual([
      [1, 100, 31],
      [2, 100, -42],
    ]);
  });

  it('flags a total that differs from its carriers by more than 2 %', () => {
    const flags = outliers(structure, office, [answer(1, 160), answer(2, 100), answer(3, 50)], null, data);
    expect(flags).toEqual([{ questionId: 1, kpi: 'energy', type: 'total', value: 160, reference: 150, deviation: 10 / 150 }]);
    expect(outliers(structure, office, [answer(1, 153), answer(2, 100), answer(3, 50)], null, data)).toEqual([]);
  });

  it('flags a gross floor area changed by more than 10 % on question 0', () => {
    expect(outliers(structure, { ...office, area: 1101 }, [], { answers: [], area: 1000 }, data)).toEqual([
      { questionId: AREA_QUESTION_ID, kpi: 'area', type: 'area', value: 1101, reference: 1000, deviation: expect.closeTo(0.101, 5) as never },
    ]);
    expect(outliers(structure, { ...office, area: 1100 }, [], { answers: [], area: 1000 }, data)).toEqual([]);
  });

  it('never flags intensity for a figure at the reference average (blended over the classes)', () => {
    const shares = fc.array(fc.tuple(fc.constantFrom(1, 2, 12), fc.integer({ min: 1, max: 100 })), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(shares, fc.double({ min: 0.01, max: 1000, noNaN: true }), fc.double({ min: 0.01, max: 1000, noNaN: true }), fc.constantFrom(1, 4, 5), (rows, a, b, questionId) => {
        const object = { ...office, assetAssetTypes: rows.map(([assetTypeId, percentage]) => ({ assetTypeId, percentage })) };
        const metric = questionId === 1 ? 'energy' : questionId === 4 ? 'carbon' : 'water';
        const reference: ReferenceData = {
          values: [
            { kind: 'average', metric, country: 'DE', assetClass: 'OFF', year: 2024, value: a },
            { kind: 'average', metric, country: 'DE', assetClass: 'HOT', year: 2024, value: b },
            { kind: 'average', metric, country: 'DE', assetClass: 'RESI', year: 2024, value: (a + b) / 2 },
          ],
          emissionFactors: [],
        };
        const total = rows.reduce((s, [, p]) => s + p, 0);
        const avg = rows.reduce((s, [id, p]) => s + (p / total) * (id === 1 ? a : id === 2 ? b : (a + b) / 2), 0);
        expect(outliers(structure, object, [answer(questionId, avg)], null, reference).filter((o) => o.type === 'intensity')).toEqual([]);
      }),
    );
  });

  it('a flag depends only on the figures it compares: changing another answer neither opens nor closes it', () => {
    fc.assert(
      fc.property(answersArb, lastYearArb, fc.integer({ min: 1, max: 6 }), fc.option(figure, { nil: null }), (answers, lastYear, other, value) => {
        const before = outliers(structure, office, answers, lastYear, data);
        const after = outliers(structure, office, [...answers.filter((a) => a.questionId !== other), answer(other, value)], lastYear, data);
        // A total (energy 1, carbon 4) compares itself with the carriers (2, 3); every other flag only its own question.
        const compared = (o: { questionId: number; type: string }) => (o.type === 'total' ? [o.questionId, 2, 3] : [o.questionId]);
        const untouched = (list: typeof before) => list.filter((o) => !compared(o).includes(other)).map(keyOf);
        expect(untouched(after)).toEqual(untouched(before));
      }),
    );
  });

  it('an accepted flag re-opens exactly when its figure changes', () => {
    fc.assert(
      fc.property(fc.double({ min: 451, max: 100_000, noNaN: true }), fc.double({ min: 451, max: 100_000, noNaN: true }), (accepted, now) => {
        const acceptance: OutlierAcceptance = { questionId: 1, type: 'intensity', value: accepted, explanation: 'A data centre.', acceptedBy: 'Collector', acceptedAt: '2025-01-01' };
        const flags = outliers(structure, office, [answer(1, now)], null, data);
        expect(flags).toHaveLength(1);
        expect(openOutliers(flags, [acceptance])).toHaveLength(now === accepted ? 0 : 1);
        expect(checkedOutliers(flags, [acceptance])[0]!.accepted).toBe(now === accepted);
      }),
    );
  });

  it('lists open flags first with the acceptances that hold', () => {
    const flags = outliers(structure, office, [answer(1, 5000), answer(4, 1)], null, data);
    const acceptance: OutlierAcceptance = { questionId: 1, type: 'intensity', value: 5000, explanation: 'A data centre.', acceptedBy: 'Collector', acceptedAt: '2025-01-01' };
    const checked = checkedOutliers(flags, [acceptance]);
    expect(checked.map((o) => [o.questionId, o.accepted, o.acceptance?.explanation ?? null])).toEqual([
      [4, false, null],
      [1, true, 'A data centre.'],
    ]);
    expect(outlierQuality(flags, [acceptance], consumptionFigureCount(structure, [answer(1, 5000), answer(4, 1)]))).toEqual({ openFlags: 1, flags: 2, openShare: 0.5 });
  });
});

describe('acceptOutlier', () => {
  const flags = outliers(structure, office, [answer(1, 5000)], null, data);

  it('accepts a flag with an explanation of 10 to 1 000 characters, trimmed', () => {
    const accepted = acceptOutlier(flags, 1, 'intensity', '  Rechenzentrum im Haus  ');
    expect(E.isRight(accepted) && accepted.right.explanation).toBe('Rechenzentrum im Haus');
    expect(E.isRight(acceptOutlier(flags, 1, 'intensity', 'x'.repeat(1000)))).toBe(true);
  });

  it('names every field that refuses', () => {
    expect(acceptOutlier(flags, 1, 'intensity', ' kurz     ')).toEqual(E.left([{ path: 'explanation', key: 'outlier-explanation-too-short' }]));
    expect(acceptOutlier(flags, 1, 'intensity', 'x'.repeat(1001))).toEqual(E.left([{ path: 'explanation', key: 'outlier-explanation-too-long' }]));
    expect(acceptOutlier(flags, 1, 'intensity', '   ')).toEqual(E.left([{ path: 'explanation', key: 'outlier-explanation-required' }]));
    expect(acceptOutlier(flags, 1, 'odd', 'long enough text')).toEqual(E.left([{ path: 'type', key: 'outlier-type-unknown' }]));
    expect(acceptOutlier(flags, 1, 'lfl', 'long enough text')).toEqual(E.left([{ path: 'questionId', key: 'outlier-not-flagged' }]));
    expect(acceptOutlier(flags, 2, 'intensity', '')).toEqual(
      E.left([
        { path: 'explanation', key: 'outlier-explanation-required' },
        { path: 'questionId', key: 'outlier-not-flagged' },
      ]),
    );
  });
});

describe('openFlagCount (stored for the worklist)', () => {
  const lastYear = { answers: [answer(1, 100)], area: 1000 };
  // Each row: the answers, last year, the explanations given, and the open flags counted.
  const TABLE: [string, { questionId: number; inputAnswer: number | null }[], typeof lastYear | null, Pick<OutlierAcceptance, 'questionId' | 'type' | 'value'>[], number][] = [
    ['no figures', [], null, [], 0],
    ['a plausible figure', [answer(1, 150)], null, [], 0],
    ['5 000 kWh/m² against the average', [answer(1, 5000)], null, [], 1],
    ['the same, explained', [answer(1, 5000)], null, [{ questionId: 1, type: 'intensity', value: 5000 }], 0],
    ['explained, then changed', [answer(1, 6000)], null, [{ questionId: 1, type: 'intensity', value: 5000 }], 1],
    ['against the average and last year', [answer(1, 5000)], lastYear, [], 2],
    ['the same, one of the two explained', [answer(1, 5000)], lastYear, [{ questionId: 1, type: 'lfl', value: 5000 }], 1],
    ['a total beside its carriers', [answer(1, 160), answer(2, 100), answer(3, 50)], null, [], 1],
  ];
  for (const [name, answers, last, accepted, expected] of TABLE) {
    it(`counts ${expected} for ${name}`, () => expect(openFlagCount(structure, office, answers, last, data, accepted)).toBe(expected));
  }

  it('equals the open flags of outlierQuality', () => {
    fc.assert(
      fc.property(answersArb, lastYearArb, (answers, last) => {
        const flags = outliers(structure, office, answers, last, data);
        const accepted = flags.filter((_, i) => i % 2 === 0).map((o) => ({ ...o, explanation: 'explained enough', acceptedBy: 'A', acceptedAt: '' }));
        expect(openFlagCount(structure, office, answers, last, data, accepted)).toBe(outlierQuality(flags, accepted, 1).openFlags);
      }),
    );
  });
});
