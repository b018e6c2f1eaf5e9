// What the certificate document shows (DOMAIN.md §6, §5 "one decimal"): formatted per language, every text in both.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { newCertificate, type Certificate } from './certificate.ts';
import { certificateDocument, formatCertificateDate } from './document.ts';
import { CERTIFICATE_MESSAGES } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const cert: Certificate = {
  ...newCertificate({
    code: 'ABCDEFGHJKMNPQRSTVWX',
    subject: { kind: 'asset', assetId: 7, assetQuestionnaireId: 70 },
    questionnaireName: '2025_01',
    ownerName: 'Musterimmobilien AG',
    subjectName: 'Wohnhaus',
    address: 'Hauptstraße 1, 60311 Frankfurt am Main',
    result: {
      ecore: 72.25,
      finance: null,
      clusters: [
        { clusterIdentifier: 'I', ratio: 0.8049, classification: 'Positive' },
        { clusterIdentifier: 'II', ratio: null, classification: 'Neutral' },
      ],
      taxonomy: { share: 0.5, conforms: false },
    },
    evaluatedAt: '2026-03-15',
    evaluatorName: 'Eva Gutachter',
    testerName: 'Tom Tester',
    testerOrganisation: 'Prüfgesellschaft',
  }),
  id: 1,
  issuedAt: '2026-03-14T23:30:00.000Z',
  supersededBy: null,
};

describe('the certificate document', () => {
  it('shows the score as points with one decimal, half away from zero, in the language’s format', () => {
    expect(certificateDocument(cert, 'de', 'http://p/certificate/verify/X').score).toBe('72,3 von 100 Punkten');
    expect(certificateDocument(cert, 'en', 'http://p/certificate/verify/X').score).toBe('72.3 of 100 points');
    expect(certificateDocument(cert, 'de', 'http://p/certificate/verify/X').scoreFigure).toBe('72,3');
    expect(certificateDocument(cert, 'en', 'http://p/certificate/verify/X').financeScore).toBe('–');
  });

  it('titles the label with its year and prints the version code small; the label name keeps the code', () => {
    const de = certificateDocument(cert, 'de', 'u/x');
    expect([de.labelName, de.title, de.versionNote]).toEqual(['ECORE Label 2025_01', 'ECORE Label 2025', 'Fragebogenversion 2025_01']);
    expect(certificateDocument(cert, 'en', 'u/x').versionNote).toBe('Questionnaire version 2025_01');
    expect(certificateDocument({ ...cert, labelName: 'ECORE Label Sonderprüfung' }, 'de', 'u/x').title).toBe('ECORE Label Sonderprüfung');
  });

  it('shows each cluster with its number and name, as a percentage with its classification, a cluster that counts nothing as a dash', () => {
    const doc = certificateDocument(cert, 'de', 'http://p/certificate/verify/X');
    expect(doc.clusters).toEqual([
      { clusterIdentifier: 'I', name: 'I Governance', percent: '80,5 %', width: 80.5, classification: 'Positiv', tone: 'positive' },
      { clusterIdentifier: 'II', name: 'II Verbrauch und Emissionen', percent: '–', width: 0, classification: 'Neutral (nicht bewertet)', tone: 'neutral' },
    ]);
    expect(certificateDocument(cert, 'en', 'u/x').clusters.map((c) => c.name)).toEqual(['I Governance', 'II Consumption and emissions']);
  });

  it('localises dates: 15.03.2026 in German, 15 March 2026 in English; the issue day in Germany', () => {
    expect(formatCertificateDate('2026-03-15', 'de')).toBe('15.03.2026');
    expect(formatCertificateDate('2026-03-15', 'en')).toBe('15 March 2026');
    const doc = certificateDocument(cert, 'de', 'http://p/certificate/verify/X');
    expect([doc.evaluatedAt, doc.validUntil, doc.issuedAt]).toEqual(['15.03.2026', '14.03.2027', '15.03.2026']);
  });

  it('says whether the taxonomy conforms, with the share; groups the code; names the verification address', () => {
    const de = certificateDocument(cert, 'de', 'http://p/certificate/verify/ABCDEFGHJKMNPQRSTVWX');
    expect(de.taxonomy).toBe('nicht konform (50,0 %)');
    expect(de.code).toBe('ABCDE-FGHJK-MNPQR-STVWX');
    expect(de.verifyHint).toContain('http://p/certificate/verify');
    expect(certificateDocument({ ...cert, taxonomy: { share: 1, conforms: true } }, 'en', 'u/x').taxonomy).toBe('conforming (100.0 %)');
    expect(certificateDocument({ ...cert, taxonomy: { share: null, conforms: false } }, 'en', 'u/x').taxonomy).toBe('not assessed');
  });

  it('a group certificate calls its subject a portfolio', () => {
    expect(certificateDocument({ ...cert, subjectKind: 'group' }, 'de', 'u/x').subjectLabel).toBe('Portfolio');
    expect(certificateDocument(cert, 'en', 'u/x').subjectLabel).toBe('Object');
  });

  it('every certificate text exists in German and English with the same placeholders, and is in the catalogue', () => {
    for (const [key, text] of Object.entries(CERTIFICATE_MESSAGES)) {
      expect(text.de.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
      expect(MESSAGES[key as keyof typeof MESSAGES], key).toEqual(text);
    }
  });
});
