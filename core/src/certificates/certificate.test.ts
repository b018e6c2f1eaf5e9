// Certificates (DOMAIN.md §6, spec 02 §2, §4, §6; docs/certificates.md): label name, validity, status, who sees and
// who downloads, the snapshot of the figures, and the verification answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssetActor } from '../assets/asset-access.ts';
import { Role } from '../identity/roles.ts';
import { validUntil as reviewValidUntil } from '../review/transitions.ts';
import {
  certificateFigures,
  certificateFileName,
  certificateStatus,
  labelName,
  mayDownloadCertificate,
  mayViewCertificate,
  newCertificate,
  validUntil,
  verificationOf,
  type Certificate,
  type CertificateSubject,
  type IssueFacts,
  portfolioVersion,
} from './certificate.ts';

const actor = (roles: Role[], over: Partial<AssetActor> = {}): AssetActor => ({ userId: 1, roles, orgId: 1, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [], ...over });

const calendarDates = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

const FACTS: IssueFacts = {
  code: 'ABCDEFGHJKMNPQRSTVWX',
  subject: { kind: 'asset', assetId: 7, assetQuestionnaireId: 70 },
  questionnaireName: '2025_01',
  ownerName: 'Musterimmobilien AG',
  subjectName: 'Wohnhaus',
  address: 'Hauptstraße 1, 60311 Frankfurt am Main, DE',
  result: {
    ecore: 72.25,
    finance: 61,
    clusters: [
      { clusterIdentifier: 'I', ratio: 0.8, classification: 'Positive' },
      { clusterIdentifier: 'II', ratio: null, classification: 'Neutral' },
    ],
    taxonomy: { share: 1, conforms: true },
  },
  evaluatedAt: '2026-03-15',
  evaluatorName: 'Eva Gutachter',
  testerName: 'Tom Tester',
  testerOrganisation: 'Prüfgesellschaft',
};

const issued = (over: Partial<Certificate> = {}): Certificate => ({ ...newCertificate(FACTS), id: 1, issuedAt: '2026-03-15T10:00:00.000Z', supersededBy: null, ...over });

describe('the label name', () => {
  it('is "ECORE Label" and the questionnaire version', () => {
    expect(labelName('2025_01')).toBe('ECORE Label 2025_01');
    expect(labelName(' 2024_01 ')).toBe('ECORE Label 2024_01');
  });
});

describe('validity (DOMAIN.md §6)', () => {
  it('is the evaluation date + 1 year − 1 day, the one rule of the review module', () => {
    expect(validUntil('2026-03-15')).toBe('2027-03-14');
    expect(validUntil('2028-02-29')).toBe('2029-02-28');
    fc.assert(fc.property(calendarDates, (d) => validUntil(d) === reviewValidUntil(d)));
  });

  it('a certificate is valid through its last day and expired from the day after', () => {
    fc.assert(
      fc.property(calendarDates, calendarDates, (evaluated, today) => {
        const cert = { validUntil: validUntil(evaluated), supersededBy: null };
        expect(certificateStatus(cert, today)).toBe(today > cert.validUntil ? 'expired' : 'valid');
      }),
    );
    expect(certificateStatus({ validUntil: '2027-03-14', supersededBy: null }, '2027-03-14')).toBe('valid');
    expect(certificateStatus({ validUntil: '2027-03-14', supersededBy: null }, '2027-03-15')).toBe('expired');
  });

  it('a superseded certificate is superseded whatever the day', () => {
    fc.assert(fc.property(calendarDates, fc.integer({ min: 1 }), (today, by) => certificateStatus({ validUntil: '2027-03-14', supersededBy: by }, today) === 'superseded'));
  });

  it('refuses a day that is no calendar date', () => {
    expect(() => certificateStatus({ validUntil: '2027-03-14', supersededBy: null }, '2027-02-30')).toThrow(RangeError);
  });
});

describe('issuing', () => {
  it('copies the figures of the score unrounded and derives label name and validity', () => {
    const cert = newCertificate(FACTS);
    expect(cert).toMatchObject({
      labelName: 'ECORE Label 2025_01',
      validUntil: '2027-03-14',
      ecoreScore: 72.25,
      financeScore: 61,
      assetId: 7,
      assetGroupId: null,
      assetQuestionnaireId: 70,
      subjectKind: 'asset',
      taxonomy: { share: 1, conforms: true },
    });
    expect(cert.clusters).toEqual(FACTS.result.clusters);
  });

  it('a group certificate names the group and no object', () => {
    expect(newCertificate({ ...FACTS, subject: { kind: 'group', assetGroupId: 3 } })).toMatchObject({ subjectKind: 'group', assetGroupId: 3, assetId: null, assetQuestionnaireId: null });
  });

  it('keeps only the cluster figures a certificate shows, never the score tree', () => {
    const figures = certificateFigures({ ...FACTS.result, clusters: [{ clusterIdentifier: 'I', ratio: 0.5, classification: 'Intermediate', categories: [] } as never] });
    expect(figures.clusters).toEqual([{ clusterIdentifier: 'I', ratio: 0.5, classification: 'Intermediate' }]);
  });

  it('refuses an evaluation date that is no calendar date', () => {
    expect(() => newCertificate({ ...FACTS, evaluatedAt: '15.03.2026' })).toThrow(RangeError);
  });
});

describe('verification', () => {
  it('an unknown code answers only that it is unknown', () => {
    expect(verificationOf(null, '2026-04-01')).toEqual({ status: 'unknown' });
  });

  it('a known code answers status, label, owner, subject, score and validity, nothing else', () => {
    expect(verificationOf(issued(), '2026-04-01')).toEqual({
      status: 'valid',
      labelName: 'ECORE Label 2025_01',
      ownerName: 'Musterimmobilien AG',
      subjectName: 'Wohnhaus',
      ecoreScore: 72.25,
      evaluatedAt: '2026-03-15',
      validUntil: '2027-03-14',
      chainHash: null,
    });
    expect(verificationOf(issued({ chainHash: 'ab'.repeat(32) }), '2026-04-01')).toMatchObject({ chainHash: 'ab'.repeat(32) });
    expect(verificationOf(issued(), '2027-03-15').status).toBe('expired');
    expect(verificationOf(issued({ supersededBy: 2 }), '2026-04-01').status).toBe('superseded');
  });
});

describe('who sees and who downloads a certificate (spec 02 §2, §4, §6)', () => {
  const asset = (over: Partial<CertificateSubject> = {}): CertificateSubject => ({ kind: 'asset', organisationId: 1, visible: true, ...over });
  const group = (state: string, over: Partial<CertificateSubject> = {}): CertificateSubject => ({ kind: 'group', organisationId: 1, groupState: state, visible: true, ...over });

  // role × may download the object's label (visible, own organisation) × the Closed group's label
  const TABLE: [keyof typeof Role, boolean, boolean][] = [
    ['AccountAdministrator', false, false],
    ['BillingManager', false, false],
    ['Evaluator', true, true],
    ['ScoringModelManager', false, false],
    ['ObjectAdministrator', true, true],
    ['ObjectDataCollector', false, false],
    ['ObjectAnalyst', false, false],
    ['InternalTester', false, false],
    ['ExternalAccreditedTester', false, false],
    ['ImportAdmin', false, false],
    ['AccountManager', false, false],
    ['ProspectiveBuyer', false, false],
  ];
  it.each(TABLE)('%s: object label %s, group label %s', (role, objectLabel, groupLabel) => {
    expect(mayDownloadCertificate(actor([Role[role]]), asset())).toBe(objectLabel);
    expect(mayDownloadCertificate(actor([Role[role]]), group('Closed'))).toBe(groupLabel);
  });

  it('a group label needs the group Closed', () => {
    for (const state of ['Active', 'Review', 'ReviewPassed', 'ReviewFailed', null]) {
      expect(mayDownloadCertificate(actor([Role.Evaluator]), group(state as string))).toBe(false);
      expect(mayDownloadCertificate(actor([Role.ObjectAdministrator]), group(state as string))).toBe(false);
    }
  });

  it('prospective buyers never download, whatever else they hold', () => {
    fc.assert(
      fc.property(fc.subarray(Object.values(Role)), fc.boolean(), (roles, isGroup) => {
        const subject = isGroup ? group('Closed') : asset();
        return !mayDownloadCertificate(actor([...roles, Role.ProspectiveBuyer]), subject);
      }),
    );
  });

  it('nobody downloads what they may not see', () => {
    fc.assert(
      fc.property(fc.subarray(Object.values(Role)), fc.boolean(), fc.boolean(), (roles, isGroup, finance) => {
        const a = actor(roles, { orgFinance: finance, orgId: 2 });
        const subject = isGroup ? group('Closed', { visible: false }) : asset({ visible: false });
        return mayViewCertificate(a, subject) || !mayDownloadCertificate(a, subject);
      }),
    );
  });

  it("an object administrator of another organisation does not download the owner's label", () => {
    expect(mayDownloadCertificate(actor([Role.ObjectAdministrator], { orgId: 2 }), asset())).toBe(false);
    expect(mayDownloadCertificate(actor([Role.ObjectAdministrator], { orgId: 2 }), group('Closed'))).toBe(false);
  });

  it('evaluators see and download labels across organisations', () => {
    const evaluator = actor([Role.Evaluator], { orgId: 99 });
    expect(mayViewCertificate(evaluator, asset({ visible: false }))).toBe(true);
    expect(mayDownloadCertificate(evaluator, asset({ visible: false }))).toBe(true);
    expect(mayDownloadCertificate(evaluator, group('Closed', { visible: false }))).toBe(true);
  });

  it("a finance partner's user sees and downloads the label of an object its buyers own or were granted, never a group's", () => {
    const bank = actor([Role.AccountManager], { orgId: 3, orgFinance: true });
    expect(mayViewCertificate(bank, asset({ visible: false, financePartnerIds: [3] }))).toBe(true);
    expect(mayDownloadCertificate(bank, asset({ visible: false, financePartnerIds: [3] }))).toBe(true);
    expect(mayViewCertificate(bank, asset({ visible: false, financePartnerIds: [4] }))).toBe(false);
    expect(mayViewCertificate(bank, group('Closed', { visible: false, financePartnerIds: [3] }))).toBe(false);
    expect(mayDownloadCertificate(actor([Role.ObjectAdministrator, Role.AccountManager], { orgId: 3, orgFinance: true }), group('Closed'))).toBe(false);
  });
});

describe('the file name', () => {
  it('names the label and the subject', () => {
    expect(certificateFileName({ labelName: 'ECORE Label 2025_01', subjectName: 'Bürohaus Mainzer Landstraße' })).toBe('ECORE-Label-2025_01-Bürohaus Mainzer Landstraße.pdf');
    expect(certificateFileName({ labelName: 'ECORE Label 2025_01', subjectName: 'A/B: "C"' })).toBe('ECORE-Label-2025_01-A_B_ _C_.pdf');
  });

  it('a validity the review recorded is kept as recorded', () => {
    expect(newCertificate({ ...FACTS, validUntil: '2027-03-14' }).validUntil).toBe('2027-03-14');
  });
});

describe('the version that names a portfolio label', () => {
  it('is the version most of the objects use, the first by name on a tie, empty for none', () => {
    expect(portfolioVersion(['2024_02', '2025_01', '2025_01'])).toBe('2025_01');
    expect(portfolioVersion(['2025_01', '2024_02'])).toBe('2024_02');
    expect(portfolioVersion([])).toBe('');
  });
  it('does not depend on the order of the objects', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('2023_03', '2024_02', '2025_01'), { maxLength: 12 }), (versions) => {
        expect(portfolioVersion([...versions].reverse())).toBe(portfolioVersion(versions));
        if (versions.length > 0) expect(versions.filter((v) => v === portfolioVersion(versions)).length).toBe(Math.max(...versions.map((v) => versions.filter((w) => w === v).length)));
      }),
    );
  });
});
