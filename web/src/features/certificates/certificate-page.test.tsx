// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import type { CertificateData } from './certificates-api.ts';

/*
 * The certificate view (spec 02 §2, §3 "Certificate"; docs/certificates.md): the current certificate laid out as its
 * document in either language, the download button only for those the server lets download, "no certificate yet"
 * for a 404, the "try again later" text when the PDF cannot be made, and the route's own role rule.
 */

const certificate: CertificateData = {
  code: 'ABCDE0123456789FGHJK',
  verificationUrl: 'https://portal.example/certificate/verify/ABCDE0123456789FGHJK',
  status: 'valid',
  labelName: 'ECORE Label 2025_01',
  questionnaireName: '2025_01',
  ownerName: 'Musterimmobilien AG',
  subjectName: 'Wohn- und Geschäftshaus Bockenheim',
  address: 'Leipziger Straße 12, 60487 Frankfurt am Main, Deutschland',
  ecoreScore: 72.46,
  financeScore: 61.2,
  clusters: [
    { clusterIdentifier: 'I', ratio: 0.9, classification: 'Positive' },
    { clusterIdentifier: 'II', ratio: 0.5, classification: 'Intermediate' },
    { clusterIdentifier: 'III', ratio: 0.2, classification: 'Negative' },
    { clusterIdentifier: 'IV', ratio: null, classification: 'Neutral' },
  ],
  taxonomy: { share: 0.75, conforms: false },
  evaluatedAt: '2026-11-24',
  validUntil: '2027-11-23',
  evaluatorName: 'Eva Gutachter',
  testerName: 'Tom Tester',
  testerOrganisation: 'Prüfgesellschaft mbH',
  issuedAt: '2026-11-24T09:00:00Z',
  mayDownload: true,
};

const api = vi.hoisted(() => ({ fetchCertificateData: vi.fn(), downloadCertificate: vi.fn() }));
vi.mock(import('./certificates-api.ts'), async (original) => ({ ...(await original()), ...api }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));

const sessionOf = (roles: Role[], org: { orgId?: number; orgFinance?: boolean } = {}): Session => ({
  token: 'token',
  claims: { sub: '3', userName: 'user', role: roles.join(','), external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId: 3, userName: 'user', roles, external: false, orgId: org.orgId ?? 1, orgTest: false, orgFinance: org.orgFinance ?? false, orgBuyer: false },
});
const current = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => current.session, getToken: () => 'token' }));

const renderAt = async (path: string, language: 'de' | 'en' = 'de') => {
  const { CertificatePage } = await import('./certificate-page.tsx');
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Startseite</p> },
      { path: '/asset-management/download/:assetId/group/:isGroup', element: <CertificatePage /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...(await renderUi(<RouterProvider router={router} />, { language })) };
};

const term = (name: string) => screen.getAllByRole('term').find((dt) => dt.textContent === name);
const valueOf = (name: string): string | null => term(name)?.nextElementSibling?.textContent ?? null;

beforeEach(() => {
  api.fetchCertificateData.mockReset();
  api.downloadCertificate.mockReset();
  toasts.notifySuccess.mockReset();
  toasts.notifyError.mockReset();
  current.session = sessionOf([Role.ObjectAdministrator]);
});

describe('the certificate view', { timeout: 30_000 }, () => {
  it("lays out the object's certificate as its document, in German", async () => {
    api.fetchCertificateData.mockResolvedValue(certificate);
    await renderAt('/asset-management/download/41/group/false');
    const document = await screen.findByRole('article', { name: 'Zertifikat ECORE Label 2025' });
    expect(api.fetchCertificateData).toHaveBeenCalledWith('asset', 41);
    // The title names the year; the version code stays in small print.
    expect(within(document).getByRole('heading', { name: 'ECORE Label 2025' })).toBeTruthy();
    expect(within(document).getByText('Fragebogenversion 2025_01')).toBeTruthy();
    expect(valueOf('Objekt')).toBe('Wohn- und Geschäftshaus Bockenheim');
    expect(valueOf('Adresse')).toBe('Leipziger Straße 12, 60487 Frankfurt am Main, Deutschland');
    expect(within(document).getByText('Gültig')).toBeTruthy();
    // Points with one decimal and decimal comma, as every screen shows the score, in the colour of its classification.
    const score = within(document).getByRole('group', { name: 'ECORE-Score' });
    expect(within(score).getByText('72,5 von 100 Punkten').getAttribute('data-classification')).toBe('Positive');
    const clusters = within(within(document).getByRole('list', { name: 'Teilergebnisse der Cluster' })).getAllByRole('listitem');
    expect(clusters.map((c) => [c.textContent, c.getAttribute('data-classification')])).toEqual([
      ['I Governance90,0 %Positiv', 'Positive'],
      ['II Verbrauch und Emissionen50,0 %Mittel', 'Intermediate'],
      ['III Objektcheck20,0 %Negativ', 'Negative'],
      ['IV Taxonomie-Check–Neutral (nicht bewertet)', 'Neutral'],
    ]);
    expect(within(within(document).getByRole('group', { name: 'EU-Taxonomie-Konformität' })).getByText('nicht konform (75,0 %)')).toBeTruthy();
    expect(valueOf('Eigentümer')).toBe('Musterimmobilien AG');
    expect(valueOf('Bewertungsdatum')).toBe('24.11.2026');
    expect(valueOf('Gültig bis')).toBe('23.11.2027');
    expect(valueOf('Gutachter')).toBe('Eva Gutachter');
    expect(valueOf('Prüfer')).toBe('Tom Tester');
    expect(valueOf('Prüforganisation')).toBe('Prüfgesellschaft mbH');
    expect(valueOf('Prüfcode')).toBe('ABCDE-01234-56789-FGHJK');
    expect(within(document).getByRole('link', { name: certificate.verificationUrl }).getAttribute('href')).toBe(certificate.verificationUrl);
    expect(screen.getByRole('button', { name: 'Label herunterladen' })).toBeTruthy();
  });

  it('reads in English with the English number and date formats', async () => {
    api.fetchCertificateData.mockResolvedValue({ ...certificate, taxonomy: { share: 1, conforms: true } });
    await renderAt('/asset-management/download/41/group/false', 'en');
    const document = await screen.findByRole('article', { name: 'Certificate ECORE Label 2025' });
    expect(within(within(document).getByRole('group', { name: 'ECORE score' })).getByText('72.5 of 100 points')).toBeTruthy();
    expect(within(document).getByText('Questionnaire version 2025_01')).toBeTruthy();
    expect(within(document).getAllByRole('listitem').map((c) => c.querySelector('p')?.textContent)).toEqual(['I Governance', 'II Consumption and emissions', 'III Asset check', 'IV Taxonomy check']);
    expect(within(document).getByText('conforming (100.0 %)')).toBeTruthy();
    expect(within(document).getByText('Valid')).toBeTruthy();
    expect(valueOf('Valid until')).toBe('23 November 2027');
    expect(valueOf('Evaluation date')).toBe('24 November 2026');
    expect(screen.getByRole('button', { name: 'Download label' })).toBeTruthy();
  });

  it("shows a group's certificate from the group's call", async () => {
    // The code as the server may answer it, grouped as printed.
    api.fetchCertificateData.mockResolvedValue({ ...certificate, code: 'ABCDE-01234-56789-FGHJK', subjectName: 'Portfolio Rhein-Main', status: 'superseded' });
    await renderAt('/asset-management/download/3/group/true');
    const document = await screen.findByRole('article', { name: 'Zertifikat ECORE Label 2025' });
    expect(api.fetchCertificateData).toHaveBeenCalledWith('group', 3);
    expect(valueOf('Portfolio')).toBe('Portfolio Rhein-Main');
    expect(valueOf('Prüfcode')).toBe('ABCDE-01234-56789-FGHJK');
    expect(within(document).getByText('Ersetzt')).toBeTruthy();
  });

  it('hides the download button from a user the server does not let download', async () => {
    api.fetchCertificateData.mockResolvedValue({ ...certificate, mayDownload: false });
    await renderAt('/asset-management/download/41/group/false');
    await screen.findByRole('article', { name: 'Zertifikat ECORE Label 2025' });
    expect(screen.queryByRole('button', { name: 'Label herunterladen' })).toBeNull();
  });

  it('says that no certificate was issued yet when there is none (404)', async () => {
    api.fetchCertificateData.mockRejectedValue(new ApiError(404, 'not-found', 'Nicht gefunden'));
    await renderAt('/asset-management/download/41/group/false');
    expect((await screen.findByRole('status')).textContent).toBe('Für dieses Objekt wurde noch kein Label ausgestellt.');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Label herunterladen' })).toBeNull();
  });

  it('downloads the PDF of the subject shown and confirms it', async () => {
    api.fetchCertificateData.mockResolvedValue(certificate);
    api.downloadCertificate.mockResolvedValue('ECORE-Label-2025_01-Bockenheim.pdf');
    const { user } = await renderAt('/asset-management/download/41/group/false');
    await user.click(await screen.findByRole('button', { name: 'Label herunterladen' }));
    await waitFor(() => expect(toasts.notifySuccess).toHaveBeenCalledWith('Das Label ECORE-Label-2025_01-Bockenheim.pdf wurde heruntergeladen.'));
    expect(api.downloadCertificate).toHaveBeenCalledWith('asset', 41);
  });

  it('asks to try again later when the PDF cannot be made (503)', async () => {
    api.fetchCertificateData.mockResolvedValue(certificate);
    api.downloadCertificate.mockRejectedValue(new ApiError(503, 'certificate-renderer-unavailable', ''));
    const { user } = await renderAt('/asset-management/download/41/group/false');
    await user.click(await screen.findByRole('button', { name: 'Label herunterladen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Das Zertifikat kann gerade nicht als PDF erstellt werden. Bitte versuchen Sie es später erneut.');
    expect(toasts.notifyError).toHaveBeenCalledWith(alert.textContent);
  });

  it('lets in whom the route names (core canAccessArea) and sends others home', async () => {
    api.fetchCertificateData.mockResolvedValue(certificate);
    const cases: [Session, string, boolean][] = [
      [sessionOf([Role.Evaluator]), '/asset-management/download/3/group/true', true],
      [sessionOf([Role.AccountManager], { orgId: 2, orgFinance: true }), '/asset-management/download/41/group/false', true],
      [sessionOf([Role.AccountManager], { orgId: 2, orgFinance: true }), '/asset-management/download/3/group/true', false],
      [sessionOf([Role.ObjectDataCollector]), '/asset-management/download/41/group/false', false],
      [sessionOf([Role.ObjectAdministrator]), '/asset-management/download/41/group/maybe', false],
    ];
    for (const [session, path, allowed] of cases) {
      current.session = session;
      const { router, unmount } = await renderAt(path);
      if (allowed) await screen.findByRole('article');
      else await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      unmount();
    }
  });
});
