import fc from 'fast-check';
import { acceptedShares } from '../../assets/arbitraries/asset-class-shares.ts';
import { FEATURE_QUALITIES } from '../../assets/object.ts';
import type { AnalysisObject, PeerScore, VerifiedQuestionnaire } from '../dashboard.ts';

const COUNTRIES = ['DE', 'AT', 'CH', 'FR'] as const;
const score = () => fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null });

/** An object of a portfolio: accepted class shares, any area (including none), scores or none. */
export const portfolioObject = (): fc.Arbitrary<AnalysisObject> =>
  fc.record({
    assetId: fc.integer({ min: 1, max: 1_000_000 }),
    name: fc.constant('Objekt'),
    city: fc.constant('Berlin'),
    country: fc.constantFrom(...COUNTRIES),
    assetAssetTypes: acceptedShares(),
    quality: fc.constantFrom(...FEATURE_QUALITIES),
    constructionYear: fc.option(fc.integer({ min: 1850, max: 2030 }), { nil: null }),
    area: fc.oneof(fc.constant(0), fc.double({ min: 1, max: 1e6, noNaN: true })),
    state: fc.constantFrom(null, 'Active', 'Review', 'Closed', 'Expired'),
    ecore: score(),
    finance: score(),
  });

/** A portfolio of objects with distinct ids. */
export const portfolio = (maxLength = 30): fc.Arbitrary<AnalysisObject[]> => fc.uniqueArray(portfolioObject(), { maxLength, selector: (o) => o.assetId });

/** Verified questionnaires of a few objects over a few reporting years. */
export const verifiedQuestionnaires = (): fc.Arbitrary<VerifiedQuestionnaire[]> =>
  fc.uniqueArray(
    fc.record({
      assetQuestionnaireId: fc.integer({ min: 1, max: 1_000_000 }),
      assetId: fc.integer({ min: 1, max: 8 }),
      reportingYear: fc.integer({ min: 2018, max: 2025 }),
      ecore: score(),
      area: fc.double({ min: 1, max: 1e5, noNaN: true }),
    }),
    { maxLength: 40, selector: (q) => q.assetQuestionnaireId },
  );

/** Peers of any organisation: a single class (1 office, 12 residential) in one of two countries, with a score. */
export const peers = (): fc.Arbitrary<PeerScore[]> =>
  fc.array(
    fc.record({
      assetId: fc.integer({ min: 1, max: 1_000_000 }),
      country: fc.constantFrom('DE', 'AT'),
      assetAssetTypes: fc.constantFrom(1, 12).map((assetTypeId) => [{ assetTypeId, percentage: 100 }]),
      ecore: fc.double({ min: 0, max: 100, noNaN: true }),
    }),
    { maxLength: 20 },
  );
