import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benchmarkOf, consumptionMeans, distribution, distributions, esgPath, mainAssetClass, PEER_GROUP_MIN, structure, taxonomyCheck, weightedMean } from './dashboard.ts';
import { peers, portfolio, verifiedQuestionnaires } from './arbitraries/portfolio-objects.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const present = (rows: readonly { area: number; value: number | null }[]) => rows.filter((r) => r.value !== null && r.area > 0).map((r) => r.value!);

describe('BGF-weighted means', () => {
  it('lie between the smallest and the largest value of the objects that report one, and are null where none does', () => {
    fc.assert(
      fc.property(portfolio(), (objects) => {
        const rows = objects.map((o) => ({ area: o.area, value: o.ecore }));
        const values = present(rows);
        const mean = weightedMean(rows);
        if (values.length === 0) return mean === null;
        return mean !== null && mean >= Math.min(...values) && mean <= Math.max(...values);
      }),
    );
  });

  it('weigh by gross floor area: 1 000 m² at 80 and 3 000 m² at 40 mean 50', () => {
    expect(weightedMean([{ area: 1000, value: 80 }, { area: 3000, value: 40 }])).toBeCloseTo(50, 10);
  });

  it('of consumption take each figure over the objects that report it', () => {
    const means = consumptionMeans([
      { area: 1000, consumption: { finalEnergy: 100, co2: null, water: 1, waste: null } },
      { area: 1000, consumption: { finalEnergy: 200, co2: 30, water: null, waste: null } },
    ]);
    expect(means).toEqual({ finalEnergy: 150, co2: 30, water: 1, waste: null });
  });
});

describe('distributions by asset class, quality and country', () => {
  it('have shares that sum to 1 whenever the portfolio has objects, and areas that sum to its total area', () => {
    fc.assert(
      fc.property(portfolio(), (objects) => {
        const total = structure(objects).totalArea;
        return Object.values(distributions(objects)).every((entries) => {
          if (objects.length === 0) return entries.length === 0;
          const sharesOk = Math.abs(sum(entries.map((e) => e.share)) - 1) < 1e-9 && entries.every((e) => e.share >= 0 && e.share <= 1 + 1e-12);
          return sharesOk && Math.abs(sum(entries.map((e) => e.area)) - total) <= 1e-6 * Math.max(1, total);
        });
      }),
    );
  });

  it('count each object once per key, so that quality and country counts add up to the number of objects', () => {
    fc.assert(
      fc.property(portfolio(), (objects) => {
        const d = distributions(objects);
        return sum(d.quality.map((e) => e.count)) === objects.length && sum(d.country.map((e) => e.count)) === objects.length;
      }),
    );
  });

  it('split a mixed-use object’s area by its shares: 1 000 m² of 60 % office and 40 % residential', () => {
    const [office, resi] = distribution([{ area: 1000, shares: [{ key: 'OFF', fraction: 60 }, { key: 'RESI', fraction: 40 }] }], (o) => o.shares);
    expect(office).toEqual({ key: 'OFF', area: 600, share: 0.6, count: 1 });
    expect(resi).toEqual({ key: 'RESI', area: 400, share: 0.4, count: 1 });
  });

  it('share by count where no object has an area', () => {
    const entries = distribution([{ area: 0, k: 'DE' }, { area: 0, k: 'DE' }, { area: 0, k: 'AT' }], (o) => [{ key: o.k, fraction: 1 }]);
    expect(entries.map((e) => [e.key, e.share])).toEqual([
      ['DE', 2 / 3],
      ['AT', 1 / 3],
    ]);
  });
});

describe('the ESG path', () => {
  it('has one point per reporting year in year order, each the weighted score of that year between its min and max', () => {
    fc.assert(
      fc.property(verifiedQuestionnaires(), (questionnaires) => {
        const path = esgPath(questionnaires);
        const years = [...new Set(questionnaires.map((q) => q.reportingYear))].sort((a, b) => a - b);
        if (JSON.stringify(path.map((p) => p.year)) !== JSON.stringify(years)) return false;
        return path.every((point) => {
          const values = present(questionnaires.filter((q) => q.reportingYear === point.year).map((q) => ({ area: q.area, value: q.ecore })));
          const objects = new Set(questionnaires.filter((q) => q.reportingYear === point.year).map((q) => q.assetId)).size;
          if (point.objectCount !== objects) return false;
          return point.ecore === null || (point.ecore >= Math.min(...values) && point.ecore <= Math.max(...values));
        });
      }),
    );
  });

  it('counts an object once a year, with its latest questionnaire of that year', () => {
    const path = esgPath([
      { assetQuestionnaireId: 1, assetId: 7, reportingYear: 2023, ecore: 40, area: 100 },
      { assetQuestionnaireId: 2, assetId: 7, reportingYear: 2023, ecore: 60, area: 100 },
    ]);
    expect(path).toEqual([{ year: 2023, ecore: 60, objectCount: 1 }]);
  });
});

describe('structure and taxonomy check', () => {
  it('count every object once by state and once by construction decade', () => {
    fc.assert(
      fc.property(portfolio(), (objects) => {
        const s = structure(objects);
        return sum(s.byState.map((e) => e.count)) === objects.length && sum(s.byConstructionDecade.map((e) => e.count)) === objects.length;
      }),
    );
  });

  it('puts 1999 in the 1990s and an object without a construction year under unknown, last', () => {
    const s = structure([
      { state: null, constructionYear: null, area: 1 },
      { state: 'Closed', constructionYear: 1999, area: 1 },
    ]);
    expect(s.byConstructionDecade).toEqual([
      { key: '1990', count: 1 },
      { key: 'unknown', count: 1 },
    ]);
    expect(s.byState.map((e) => e.key).sort()).toEqual(['Closed', 'NotStarted']);
  });

  it('counts conforming objects among the relevant ones only', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), conforms: fc.boolean() })), (rows) => {
        const check = taxonomyCheck(rows.map((taxonomy) => ({ taxonomy })));
        const relevant = rows.filter((r) => r.share !== null).length;
        return check.relevantObjects === relevant && check.conformingObjects <= relevant && (relevant === 0 ? check.share === null : check.share! >= 0 && check.share! <= 1);
      }),
    );
  });
});

describe('the peer benchmark', () => {
  const office = [{ assetTypeId: 1, percentage: 100 }];
  const object = { assetId: 1, country: 'DE', assetAssetTypes: office, ecore: 50 };

  it(`is never shown for a peer group below ${PEER_GROUP_MIN} objects`, () => {
    fc.assert(
      fc.property(peers(), fc.constantFrom('DE', 'AT'), fc.double({ min: 0, max: 100, noNaN: true }), (list, country, ecore) => {
        const result = benchmarkOf({ ...object, country, ecore }, list);
        const sameClass = list.filter((p) => mainAssetClass(p.assetAssetTypes) === 'OFF');
        if (sameClass.length < PEER_GROUP_MIN) return result === null;
        return result !== null && result.peerGroup.size >= PEER_GROUP_MIN;
      }),
    );
  });

  it('uses the same country where that group reaches the minimum, else every country', () => {
    fc.assert(
      fc.property(peers(), (list) => {
        const result = benchmarkOf(object, list);
        if (result === null) return true;
        const sameCountry = list.filter((p) => mainAssetClass(p.assetAssetTypes) === 'OFF' && p.country === 'DE');
        return sameCountry.length >= PEER_GROUP_MIN ? result.peerGroup.country === 'DE' && result.peerGroup.size === sameCountry.length : result.peerGroup.country === null;
      }),
    );
  });

  it('ranks within the peer group and keeps the mean between the lowest and the highest peer', () => {
    fc.assert(
      fc.property(peers(), fc.double({ min: 0, max: 100, noNaN: true }), (list, ecore) => {
        const result = benchmarkOf({ ...object, ecore }, list);
        if (result === null) return true;
        return result.rank >= 1 && result.rank <= result.peerGroup.size + 1 && result.peerMin <= result.peerMean + 1e-9 && result.peerMean <= result.peerMax + 1e-9;
      }),
    );
  });

  it('gives nothing to an object without a score of its own', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ assetId: 10 + i, country: 'DE', assetAssetTypes: office, ecore: 10 * i }));
    expect(benchmarkOf({ ...object, ecore: null }, six)).toBeNull();
    expect(benchmarkOf(object, six)).toMatchObject({ peerGroup: { assetClass: 'OFF', country: 'DE', size: 6 }, peerMin: 0, peerMax: 50, rank: 1 });
    expect(benchmarkOf(object, six.slice(1))).toBeNull();
  });
});
