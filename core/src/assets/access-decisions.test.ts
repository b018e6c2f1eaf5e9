import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyActor, anyAsset } from '../answering/arbitraries/actors.ts';
import { Role } from '../identity/roles.ts';
import { worklistPlan } from '../worklist/worklist.ts';
import {
  compareReceivedRequests,
  decisionOutcome,
  isOpenRequest,
  mayDecideAccessRequest,
  mayDecideAccessRequests,
  portalDecisionOutcome,
  requestState,
} from './access-requests.ts';
import { grantCovers, mayViewAsset, type AssetActor, type AssetFacts } from './asset-access.ts';

/** An object an access request can be about: never a buyer organisation's (accessRequestProblem refuses those). */
const anyOwnedObject = (): fc.Arbitrary<AssetFacts> => anyAsset().map((o) => ({ ...o, isBuyerAsset: false }));
/** A request as stored: asked at some time, valid 14 days, perhaps decided; and the moment it is looked at. */
const anyRequest = () =>
  fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    requestedAt: fc.integer({ min: 0, max: 100 }),
    expiresAt: fc.integer({ min: 1, max: 200 }),
    decidedAt: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  });
const now = () => fc.integer({ min: 0, max: 200 });

const actor = (roles: Role[], more: Partial<AssetActor> = {}): AssetActor => ({ userId: 1, roles, orgId: 1, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [], ...more });
const object = (more: Partial<AssetFacts> = {}): AssetFacts => ({ id: 10, organisationId: 1, assetGroupId: 5, isBuyerAsset: false, testerUserId: null, grantedOrganisationIds: [], ...more });

describe('who decides access requests in the portal (DOMAIN.md §1, spec 02 §4, §6)', () => {
  it('the owner organisation’s object administrator within its access list, and the account administrator for any organisation', () => {
    fc.assert(
      fc.property(anyActor(), anyOwnedObject(), (a, o) => {
        const operator = a.roles.includes(Role.AccountAdministrator);
        const owner =
          a.roles.includes(Role.ObjectAdministrator) &&
          !a.orgBuyer &&
          !a.orgFinance &&
          o.organisationId === a.orgId &&
          (a.accessGroups.length === 0 || a.accessGroups.includes(o.assetGroupId)) &&
          (a.accessAssets.length === 0 || a.accessAssets.includes(o.id));
        expect(mayDecideAccessRequest(a, o)).toBe(operator || owner);
      }),
    );
  });

  it('nobody but the account administrator decides for another organisation’s object', () => {
    fc.assert(
      fc.property(anyActor(), anyOwnedObject(), (a, o) => {
        fc.pre(o.organisationId !== a.orgId && !a.roles.includes(Role.AccountAdministrator));
        expect(mayDecideAccessRequest(a, o)).toBe(false);
      }),
    );
  });

  it('whoever decides for an object sees it; the screen is open exactly to those who decide for some object', () => {
    fc.assert(
      fc.property(anyActor(), anyOwnedObject(), (a, o) => {
        if (mayDecideAccessRequest(a, o)) {
          expect(mayViewAsset(a, o)).toBe(true);
          expect(mayDecideAccessRequests(a)).toBe(true);
        }
      }),
    );
  });

  it('examples: collectors, analysts, testers and buyers never decide; a restricted administrator only within its list', () => {
    for (const role of [Role.ObjectDataCollector, Role.ObjectAnalyst, Role.AccountManager, Role.InternalTester, Role.Evaluator, Role.ProspectiveBuyer]) {
      expect(mayDecideAccessRequests(actor([role]))).toBe(false);
    }
    expect(mayDecideAccessRequest(actor([Role.ObjectAdministrator]), object())).toBe(true);
    expect(mayDecideAccessRequest(actor([Role.ObjectAdministrator], { accessGroups: [6] }), object())).toBe(false);
    expect(mayDecideAccessRequest(actor([Role.ObjectAdministrator], { accessAssets: [10] }), object())).toBe(true);
    expect(mayDecideAccessRequests(actor([Role.ObjectAdministrator], { orgFinance: true }))).toBe(false);
    expect(mayDecideAccessRequest(actor([Role.AccountAdministrator], { orgId: 9 }), object())).toBe(true);
  });
});

describe('the outcome of a decision', () => {
  it('a request is open while undecided and unexpired; decided stays decided however late', () => {
    fc.assert(
      fc.property(anyRequest(), now(), (r, t) => {
        expect(isOpenRequest(r, t)).toBe(r.decidedAt === null && t < r.expiresAt);
        if (r.decidedAt !== null) expect(requestState(r, t)).toBe('decided');
        else expect(requestState(r, t)).toBe(t < r.expiresAt ? 'open' : 'expired');
      }),
    );
  });

  it('in the portal: decided exactly when open and the caller decides for the object; otherwise unknown, already decided or expired', () => {
    fc.assert(
      fc.property(anyRequest(), fc.boolean(), now(), (r, may, t) => {
        const outcome = portalDecisionOutcome(r, may, t);
        expect(outcome === 'decided').toBe(may && isOpenRequest(r, t));
        if (!may) expect(outcome).toBe('notFound');
        else expect(outcome).toBe({ open: 'decided', decided: 'alreadyDecided', expired: 'expired' }[requestState(r, t)]);
      }),
    );
    expect(portalDecisionOutcome(null, true, 0)).toBe('notFound');
  });

  it('says nothing about a request the caller does not decide: the same answer as for an unknown id', () => {
    fc.assert(
      fc.property(anyRequest(), now(), (r, t) => {
        expect(portalDecisionOutcome(r, false, t)).toBe(portalDecisionOutcome(null, true, t));
      }),
    );
  });

  it('the portal and the mailed link agree: whichever decides first, the other finds the request decided', () => {
    fc.assert(
      fc.property(anyRequest(), now(), (r, t) => {
        const link = decisionOutcome({ ...r, tokenHash: 'h' }, 'h', t);
        const portal = portalDecisionOutcome(r, true, t);
        expect(link === 'decided').toBe(portal === 'decided');
        expect(link === 'alreadyDecided').toBe(portal === 'alreadyDecided');
        // After either decision, both see it decided.
        const decided = { ...r, decidedAt: t };
        expect(decisionOutcome({ ...decided, tokenHash: 'h' }, 'h', t + 1)).toBe('alreadyDecided');
        expect(portalDecisionOutcome(decided, true, t + 1)).toBe('alreadyDecided');
      }),
    );
  });
});

describe('the received requests and the worklist', () => {
  it('lists open requests first, then the others, each the newest first', () => {
    fc.assert(
      fc.property(fc.uniqueArray(anyRequest(), { selector: (r) => r.id, maxLength: 12 }), now(), (requests, t) => {
        const sorted = [...requests].sort((a, b) => compareReceivedRequests(a, b, t));
        const open = sorted.map((r) => isOpenRequest(r, t));
        expect(open).toEqual([...open].sort((a, b) => Number(b) - Number(a)));
        for (let i = 1; i < sorted.length; i++) {
          if (open[i] === open[i - 1]) expect(sorted[i - 1]!.requestedAt).toBeGreaterThanOrEqual(sorted[i]!.requestedAt);
        }
      }),
    );
  });

  it('puts a request on the worklist of exactly those who decide it for their own organisation, open at the moment asked', () => {
    fc.assert(
      fc.property(anyActor(), anyOwnedObject(), now(), (a, o, t) => {
        const plan = worklistPlan(a, '2027-01-01', t).accessRequests;
        // The account administrator decides any organisation's on the screen; they wait for the owners, not for it.
        const owners = mayDecideAccessRequest(a, o) && !a.roles.includes(Role.AccountAdministrator);
        expect(plan !== null && plan.grants.some((g) => grantCovers(g, o))).toBe(owners);
        if (plan) expect(plan.now).toBe(t);
      }),
    );
  });
});
