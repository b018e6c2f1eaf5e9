import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { openContext, type RunningPortal } from '../support/portal.ts';
import { signIn, useJourney } from '../support/journey.ts';
import { portalApi } from '../support/api.ts';

/*
 * Certificates in the browser (issue 16, docs/certificates.md): the demo object administrator opens the label of the
 * demo's closed object from its page at the narrowest supported width, downloads the PDF, reads the verification code
 * off the certificate view, and someone signed out checks the code on the public page on a phone.
 */

const VIEWPORT = { width: 1024, height: 900 };
const PHONE = { width: 390, height: 844 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

/** The demo object closed by the evaluator (server/src/demo/demo-review.ts), whose closing issued its certificate. */
const CLOSED = 'Wohn- und Geschäftshaus Bockenheim';

const { apiCall } = portalApi(() => portal.url);

const objectIdOf = async (name: string): Promise<number> => {
  const { items } = await apiCall<{ items: { id: number; name: string }[] }>('objectadmin', 'GET', `asset?page=1&pageSize=5&search=${encodeURIComponent(name)}`);
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`no object ${name}`);
  return found.id;
};

interface Question {
  id: number;
  type: string;
  relevantForReview: boolean;
  options: { id: number; isExclusive: boolean }[];
}
interface Filled {
  clusters: { categories: { sections: { questions: Question[] }[] }[] }[];
  answers: { id: number; questionId: number; state: string | null }[];
}
const questionsOf = (f: Filled) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));

/**
 * A group of three fully and identically answered offices taken through review and evaluation by the API, as the
 * review journey does in the browser (test/e2e/review.test.ts): accepting it issues the group's certificate.
 */
const closedGroup = async (name: string): Promise<number> => {
  const group = await apiCall<{ id: number }>('objectadmin', 'POST', 'assetGroup', { name });
  for (const [i, objectName] of [`${name} Nord`, `${name} Mitte`, `${name} Süd`].entries()) {
    const object = await apiCall<{ id: number }>('objectadmin', 'POST', 'asset', {
      objectName,
      assetGroupId: group.id,
      country: 'DE',
      city: 'Frankfurt am Main',
      zip: '60314',
      street: 'Hanauer Landstraße',
      streetNumber: String(200 + i),
      constructionYear: 2015,
      assetTotalArea: 4200,
      assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
    });
    const filled = await apiCall<Filled>('collector', 'POST', `asset/${object.id}/questionnaire`);
    const answers = questionsOf(filled)
      .filter((q) => q.type !== 'VirtualQuestion')
      .map((q) =>
        q.type === 'ValueQuestion'
          ? { assetId: object.id, questionId: q.id, inputAnswer: 20 }
          : { assetId: object.id, questionId: q.id, multipleChoiceOption: [q.options.find((o) => !o.isExclusive)!.id] },
      );
    await apiCall('collector', 'PUT', 'asset/answer', answers);
  }
  await apiCall('objectadmin', 'PUT', `assetGroup/${group.id}/assetState/Review?completenessConfirmed=true`);
  const testers = await apiCall<{ id: number; firstName: string; lastName: string }[]>('admin', 'GET', 'user/testers');
  const tester = testers.find((t) => t.firstName === 'Tom' && t.lastName === 'Tester')!;
  await apiCall('admin', 'PUT', `assetGroup/tester?assetGroupId=${group.id}&testerId=${tester.id}`);
  const { sample } = await apiCall<{ sample: { sampledAssetIds: number[] } }>('tester', 'GET', `assetGroup/${group.id}/review`);
  for (const id of sample.sampledAssetIds) {
    const filled = await apiCall<Filled>('tester', 'GET', `asset/${id}/questionnaire/latest?isBuyerAsset=false`);
    const relevant = new Set(questionsOf(filled).filter((q) => q.relevantForReview && q.type !== 'VirtualQuestion').map((q) => q.id));
    for (const answer of filled.answers.filter((a) => relevant.has(a.questionId) && a.state !== null).slice(0, 16)) {
      await apiCall('tester', 'PUT', `asset/answer/${answer.id}/review`, { decision: 'accept' });
    }
    await apiCall('tester', 'PUT', `asset/state?assetId=${id}&state=Evaluation&isBuyerAsset=false`);
  }
  await apiCall('tester', 'PUT', `assetGroup/${group.id}/assetState/ReviewPassed`);
  await apiCall('evaluator', 'PUT', `assetGroup/${group.id}/evaluate/?decision=true`);
  return group.id;
};

const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('certificates in the browser', () => {
  it('the object administrator opens the closed object\'s label, downloads the PDF and reads the code; signed out, the code verifies as valid on a phone', async () => {
    const id = await objectIdOf(CLOSED);

    // --- from the object page to the certificate view
    await page.goto(`${portal.url}/asset-management/objects/${id}/false/edit/data`);
    await signIn(page, 'objectadmin');
    await page.getByRole('link', { name: 'Label herunterladen' }).click();
    await page.waitForURL(new RegExp(`/asset-management/download/${id}/group/false$`));
    const certificate = page.getByRole('article', { name: /^Zertifikat ECORE Label \d{4}$/ });
    await certificate.waitFor();
    // The title names the year; the version code stays in small print.
    await certificate.getByRole('heading', { name: /^ECORE Label \d{4}$/ }).waitFor();
    await certificate.getByText(/^Fragebogenversion \d{4}_\d{2}$/).waitFor();
    const fact = (term: string) => certificate.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    expect(await fact('Objekt').textContent()).toBe(CLOSED);
    expect(await fact('Eigentümer').textContent()).toBe('Musterimmobilien AG');
    expect(await fact('Gutachter').textContent()).toBe('Eva Gutachter');
    expect(await fact('Prüfer').textContent()).toBe('Tom Tester');
    expect(await certificate.getByText('Gültig', { exact: true }).count()).toBe(1);
    // The score as points with one decimal and decimal comma, as every screen shows it; the clusters with their names.
    expect(await certificate.getByRole('group', { name: 'ECORE-Score' }).getByText(/^\d{1,3},\d von 100 Punkten$/).count()).toBe(1);
    await certificate.getByRole('listitem').filter({ hasText: /^I Governance/ }).waitFor();
    const code = ((await fact('Prüfcode').textContent()) ?? '').trim();
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(await fitsWidth(page)).toBe(true);

    // --- the PDF: fetched with the session, saved under the server's name
    const [response, download] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/asset/certificate?id=${id}`)),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Label herunterladen' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(download.suggestedFilename()).toMatch(/^ECORE-Label-\d{4}_\d{2}-.+\.pdf$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.locator('.mantine-Notification-root').filter({ hasText: /^Das Label .+\.pdf wurde heruntergeladen\.$/ }).first().waitFor();

    // --- signed out, on a phone: the public page says the code is valid
    const phone = await openContext(journey.browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    const visitor = await phone.newPage();
    await visitor.goto(`${portal.url}/certificate/verify/${code}`);
    const status = visitor.getByRole('status', { name: 'Gültig' });
    await status.waitFor();
    expect(await status.getAttribute('data-status')).toBe('valid');
    await status.getByText('Dieses Label ist gültig.').waitFor();
    await visitor.getByText(CLOSED, { exact: true }).waitFor();
    await visitor.getByText('Musterimmobilien AG', { exact: true }).waitFor();
    // Nothing more than the label, its owner and subject, the score and the validity; no sign-in needed.
    expect(await visitor.locator('dt').allTextContents()).toEqual(['Label', 'ECORE-Score', 'Objekt oder Objektgruppe', 'Eigentümer', 'Gültigkeit']);
    expect(visitor.url()).toContain('/certificate/verify/');
    expect(await visitor.getByText('Bitte nutzen Sie einen größeren Bildschirm').isVisible()).toBe(false);
    expect(await fitsWidth(visitor)).toBe(true);

    // A code typed by hand that nobody issued is unknown.
    await visitor.getByRole('textbox', { name: 'Prüfcode' }).fill('abcde-fghjk-mnpqr-stvwx');
    await visitor.getByRole('button', { name: 'Prüfen' }).click();
    await visitor.getByRole('status', { name: 'Unbekannt' }).waitFor();
    expect(await visitor.locator('dt').count()).toBe(0);
    await phone.close();
  });

  it("the object administrator downloads a closed group's label from its row in the group list", async () => {
    const GROUP = 'Portfolio Zertifikat';
    const id = await closedGroup(GROUP);
    await page.goto(`${portal.url}/asset-management/object-groups?search=${encodeURIComponent(GROUP)}`);
    await signIn(page, 'objectadmin');
    await page.getByRole('button', { name: `Label von ${GROUP} herunterladen` }).click();
    await page.waitForURL(new RegExp(`/asset-management/download/${id}/group/true$`));
    const certificate = page.getByRole('article', { name: /^Zertifikat ECORE Label \d{4}$/ });
    await certificate.waitFor();
    expect(await certificate.locator('dt', { hasText: /^Portfolio$/ }).locator('xpath=following-sibling::dd[1]').textContent()).toBe(GROUP);
    await certificate.getByText('Gültig', { exact: true }).waitFor();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/api/assetGroup/certificate?id=${id}`)),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Label herunterladen' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    // An open group has no label to download: its row offers none.
    await apiCall('objectadmin', 'POST', 'assetGroup', { name: 'Portfolio ohne Label' });
    await page.goto(`${portal.url}/asset-management/object-groups?search=${encodeURIComponent('Portfolio ohne Label')}`);
    await page.getByRole('row').filter({ hasText: 'Portfolio ohne Label' }).waitFor();
    expect(await page.getByRole('button', { name: 'Label von Portfolio ohne Label herunterladen' }).count()).toBe(0);
  });
});
