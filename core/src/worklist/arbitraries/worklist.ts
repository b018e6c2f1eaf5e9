import fc from 'fast-check';
import { ASSET_QUESTIONNAIRE_STATES, type AssetQuestionnaireState } from '../../answering/answers.ts';
import type { AssetActor, AssetFacts } from '../../assets/asset-access.ts';
import { roleSet } from '../../identity/arbitraries/users.ts';
import { WORKLIST_KINDS, type WorklistRow } from '../worklist.ts';

/** A signed-in person of organisation 1 or 2, user 1 to 3, any roles, with or without an access list. */
export const worklistActor = (): fc.Arbitrary<AssetActor> =>
  fc.record({
    userId: fc.integer({ min: 1, max: 3 }),
    roles: roleSet(),
    orgId: fc.integer({ min: 1, max: 2 }),
    orgBuyer: fc.boolean(),
    orgFinance: fc.boolean(),
    accessGroups: fc.constantFrom([], [10], [11]),
    accessAssets: fc.constantFrom([], [100], [101]),
  });

/** An object with its latest filled questionnaire in some state, of organisation 1 or 2, perhaps assigned to a tester. */
export const objectInState = (): fc.Arbitrary<AssetFacts & { status: AssetQuestionnaireState }> =>
  fc.record({
    id: fc.constantFrom(100, 101),
    organisationId: fc.integer({ min: 1, max: 2 }),
    assetGroupId: fc.constantFrom(10, 11),
    isBuyerAsset: fc.boolean(),
    testerUserId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    grantedOrganisationIds: fc.constant([]),
    status: fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES),
  });

/** A row of the database's answer, of any kind. */
export const worklistRow = (): fc.Arbitrary<WorklistRow> =>
  fc.record({
    kind: fc.constantFrom(...WORKLIST_KINDS),
    subjectType: fc.constantFrom('asset' as const, 'group' as const),
    subjectId: fc.integer({ min: 1, max: 50 }),
    subjectName: fc.constant('Objekt'),
    questionnaireId: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
    isBuyerAsset: fc.boolean(),
    state: fc.constantFrom('Active', 'Review', 'Declined', 'Evaluation', 'Closed'),
    since: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }).map((t) => new Date(t).toISOString()),
    dueOn: fc.option(fc.constantFrom('2027-01-10', '2027-02-01', '2027-03-15'), { nil: null }),
    note: fc.constant(null),
    answered: fc.constant(3),
    total: fc.constant(10),
    openFlags: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  });
