import fc from 'fast-check';
import type { AssetActor, AssetFacts } from '../../assets/asset-access.ts';
import { roleSet } from '../../identity/arbitraries/users.ts';

/** Objects of three organisations, in five groups, some buyer assets, some assigned or granted. */
export const anyAsset = (): fc.Arbitrary<AssetFacts> =>
  fc.record({
    id: fc.integer({ min: 1, max: 20 }),
    organisationId: fc.integer({ min: 1, max: 3 }),
    assetGroupId: fc.integer({ min: 1, max: 5 }),
    isBuyerAsset: fc.boolean(),
    testerUserId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    grantedOrganisationIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 })),
  });

/** Users of any roles in one of those organisations, buyer or finance partner or neither, with or without an access list. */
export const anyActor = (): fc.Arbitrary<AssetActor> =>
  fc.record({
    userId: fc.integer({ min: 1, max: 3 }),
    roles: roleSet(),
    orgId: fc.integer({ min: 1, max: 3 }),
    orgBuyer: fc.boolean(),
    orgFinance: fc.boolean(),
    accessGroups: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }),
    accessAssets: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 2 }),
  });
