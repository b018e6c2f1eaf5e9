import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Role } from '../identity/roles.ts';
import { chosenAssets, exportReach, financePartnerScope, mayExportAsset, mayExportGroup, type ExportAssetFacts, type ExportOrganisationFacts } from './finance-partner-scope.ts';

const BANK = 10;
const scope = { financePartnerId: BANK };
const org = (id: number, over: Partial<ExportOrganisationFacts> = {}): ExportOrganisationFacts => ({ id, isBuyer: false, financePartnerId: null, ...over });
const buyerOf = (id: number, bank: number) => org(id, { isBuyer: true, financePartnerId: bank });
const asset = (over: Partial<ExportAssetFacts> = {}): ExportAssetFacts => ({ owner: org(1), isBuyerAsset: false, grantedTo: [], ...over });

describe('who may export (spec 02 §2: /export is for finance-partner users only)', () => {
  it('a finance-partner user exports in the name of its organisation; every other user has no export scope, whatever the roles', () => {
    fc.assert(
      fc.property(fc.subarray(Object.values(Role)), fc.boolean(), fc.integer({ min: 1, max: 1000 }), (roles, finance, orgId) => {
        const s = financePartnerScope({ roles, orgId, orgFinance: finance });
        expect(s).toEqual(finance ? { financePartnerId: orgId } : null);
      }),
    );
  });
});

describe("a finance partner's scope (DOMAIN.md §1)", () => {
  it("takes the buyer assets of its own buyers", () => {
    expect(exportReach(scope, asset({ owner: buyerOf(2, BANK), isBuyerAsset: true }))).toBe('buyerAsset');
  });

  it("never the objects of another finance partner's buyers", () => {
    expect(exportReach(scope, asset({ owner: buyerOf(2, 11), isBuyerAsset: true }))).toBeNull();
  });

  it('takes objects whose owner granted access to one of its buyers, or to the finance partner itself', () => {
    expect(exportReach(scope, asset({ grantedTo: [buyerOf(2, BANK)] }))).toBe('granted');
    expect(exportReach(scope, asset({ grantedTo: [org(BANK)] }))).toBe('granted');
  });

  it("never an object granted only to someone else's buyer, nor an owner's object without a grant", () => {
    expect(exportReach(scope, asset({ grantedTo: [buyerOf(3, 11), org(4)] }))).toBeNull();
    expect(exportReach(scope, asset())).toBeNull();
    // An organisation that names the bank as finance partner but is no buyer gives nothing.
    expect(exportReach(scope, asset({ owner: org(2, { financePartnerId: BANK }), isBuyerAsset: true }))).toBeNull();
  });

  it('covers an object exactly when its buyer-owner or a grantee belongs to the bank (against a model)', () => {
    const orgArb = fc.record({ id: fc.integer({ min: 1, max: 12 }), isBuyer: fc.boolean(), financePartnerId: fc.option(fc.constantFrom(BANK, 11), { nil: null }) });
    fc.assert(
      fc.property(orgArb, fc.boolean(), fc.array(orgArb, { maxLength: 4 }), (owner, isBuyerAsset, grantedTo) => {
        const facts = { owner, isBuyerAsset, grantedTo };
        const ours = (o: ExportOrganisationFacts) => o.isBuyer && o.financePartnerId === BANK;
        const expected = (isBuyerAsset && ours(owner)) || grantedTo.some((o) => o.id === BANK || ours(o));
        expect(mayExportAsset(scope, facts)).toBe(expected);
        expect(mayExportAsset(null, facts)).toBe(false);
      }),
    );
  });

  it('a group is exportable when one of its objects is', () => {
    expect(mayExportGroup(scope, [asset(), asset({ grantedTo: [buyerOf(2, BANK)] })])).toBe(true);
    expect(mayExportGroup(scope, [asset(), asset({ owner: buyerOf(2, 11), isBuyerAsset: true })])).toBe(false);
    expect(mayExportGroup(scope, [])).toBe(false);
    expect(mayExportGroup(null, [asset({ grantedTo: [org(BANK)] })])).toBe(false);
  });
});

describe('a chosen subset of a group (Assets repeated)', () => {
  it('no choice exports every exportable object of the group', () => {
    expect(chosenAssets([3, 5], undefined)).toEqual({ ok: true, ids: [3, 5] });
    expect(chosenAssets([3, 5], [])).toEqual({ ok: true, ids: [3, 5] });
  });

  it('a choice inside the group exports just those, once each', () => {
    expect(chosenAssets([3, 5, 8], [8, 3, 8])).toEqual({ ok: true, ids: [3, 8] });
  });

  it('refuses a choice naming anything outside the exportable objects of the group, and names it', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 50 })), fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1 }), (exportable, chosen) => {
        const result = chosenAssets(exportable, chosen);
        const outside = chosen.filter((id) => !exportable.includes(id));
        if (outside.length === 0) expect(result).toEqual({ ok: true, ids: [...new Set(chosen)].sort((a, b) => a - b) });
        else expect(result).toEqual({ ok: false, foreign: [...new Set(outside)] });
      }),
    );
  });
});
