import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { openContext, type RunningPortal } from '../support/portal.ts';
import { personAt, signIn, useJourney, watchProblems } from '../support/journey.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { portalApi, questionsOf, type FilledTree } from '../support/api.ts';

/*
 * The evidence library in the browser (docs/evidence.md), at 1024 px: the collector uploads a maintenance contract
 * into the library and links it from the answering screen ("Aus Bibliothek wählen") to the same answer of two
 * offices; both are submitted; the tester accepts the answer on the first and sees "Bereits geprüft" under the
 * document on the second, in German and English; the public verification page of the demo's label shows the audit
 * chain hash recorded at its issue.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
let watched: string[][] = [];
beforeEach(() => {
  ({ portal, page } = journey);
  watched = [watchProblems(journey.context).problems];
});

const { apiCall } = portalApi(() => portal.url);

/** A new office of its own group, started and answered in full by the collector: its questionnaire and the first question for review. */
const answeredOffice = async (name: string, groupId: number, n: number) => {
  const object = await apiCall<{ id: number }>('objectadmin', 'POST', 'asset', {
    objectName: name, assetGroupId: groupId, country: 'DE', city: 'Frankfurt am Main', zip: '60314', street: 'Hanauer Landstraße',
    streetNumber: String(300 + n), constructionYear: 2015, assetTotalArea: 4200, assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
  });
  const filled = await apiCall<FilledTree>('collector', 'POST', `asset/${object.id}/questionnaire`);
  const questions = questionsOf(filled).filter((q) => q.type !== 'VirtualQuestion');
  await apiCall('collector', 'PUT', 'asset/answer', questions.map((q) =>
    q.type === 'ValueQuestion' ? { assetId: object.id, questionId: q.id, inputAnswer: 20 } : { assetId: object.id, questionId: q.id, multipleChoiceOption: [q.options.find((o) => !o.isExclusive)!.id] }));
  const place = filled.clusters.flatMap((cluster, ci) =>
    cluster.categories.flatMap((category) =>
      category.sections.flatMap((section) =>
        section.questions
          .filter((q) => q.type !== 'VirtualQuestion' && q.relevantForReview)
          .map((q) => ({
            path: `cluster/${ci + 1}/category/${category.id}/section/${section.id}/question/${q.id}`,
            title: q.translations.find((t) => t.language === 'de')?.title ?? '',
            titleEn: q.translations.find((t) => t.language === 'en')?.title ?? '',
          })),
      ),
    ),
  )[0]!;
  return { id: object.id, qid: filled.id, name, ...place };
};

const toast = (p: Page, text: string | RegExp) => p.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
const card = (p: Page, title: string): Locator => p.getByRole('region', { name: title, exact: true });

const TITLE = 'Wartungsvertrag Lüftungsanlage';

describe('the evidence library in the browser', () => {
  it('a collector links a library document to answers of two objects; the tester sees "bereits geprüft" on the second; the verification page shows the chain hash', async () => {
    const group = await apiCall<{ id: number }>('objectadmin', 'POST', 'assetGroup', { name: 'Nachweis-Portfolio' });
    const first = await answeredOffice('Nachweisbüro Ost', group.id, 1);
    const second = await answeredOffice('Nachweisbüro West', group.id, 2);

    // --- the collector uploads the contract into the library
    await page.goto(`${portal.url}/evidence`);
    await signIn(page, 'collector');
    await page.getByRole('heading', { name: 'Nachweisbibliothek' }).waitFor();
    await page.getByRole('table', { name: 'Dokumente der Bibliothek' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the library screen');
    await page.getByRole('button', { name: 'Dokument hochladen' }).click();
    const upload = page.getByRole('dialog', { name: 'Dokument hochladen' });
    await upload.getByRole('textbox', { name: /Titel/ }).fill(TITLE);
    await upload.getByLabel('Art').click();
    await page.getByRole('option', { name: 'Vertrag' }).click();
    await upload.locator('input[type="file"]').setInputFiles({ name: 'wartung-lueftung.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await upload.getByRole('button', { name: 'Hochladen' }).click();
    await toast(page, `${TITLE} wurde in die Bibliothek hochgeladen.`);

    // --- and links it from the answering screen to the same answer of both offices
    for (const office of [first, second]) {
      await page.goto(`${portal.url}/asset-management/objects/${office.id}/false/questionnaire/${office.qid}/${office.path}`);
      await card(page, office.title).getByRole('button', { name: 'Nachweise (0)' }).click();
      const drawer = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Nachweise' }) });
      await drawer.getByRole('button', { name: 'Aus Bibliothek wählen' }).click();
      const picker = page.getByRole('dialog', { name: 'Aus Bibliothek wählen' });
      await picker.getByRole('textbox', { name: 'Suche in Titel und Dateiname' }).fill('Lüftung');
      await picker.getByRole('button', { name: `${TITLE} mit der Antwort verknüpfen` }).click();
      await toast(page, `${TITLE} ist mit der Antwort verknüpft.`);
      await picker.getByRole('button', { name: `${TITLE} von der Antwort lösen` }).waitFor();
      if (office === first) await expectNoSeriousA11yViolations(page, 'choosing from the library');
      await picker.getByRole('button', { name: 'Schließen' }).click();
      await drawer.getByText('wartung-lueftung.pdf').waitFor();
    }
    // The library names both links.
    await page.goto(`${portal.url}/evidence`);
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.getByText(/^Nachweisbüro Ost · Fragebogen \d{4} · Frage \d+$/).waitFor();
    await row.getByText(/^Nachweisbüro West · Fragebogen \d{4} · Frage \d+$/).waitFor();

    // --- both are submitted and the tester assigned (as the review journey does in the browser)
    const [tester] = (await apiCall<{ id: number; firstName: string }[]>('admin', 'GET', 'user/testers')).filter((t) => t.firstName === 'Tom');
    for (const office of [first, second]) {
      await apiCall('collector', 'PUT', `asset/state?assetId=${office.id}&state=Review&isBuyerAsset=false`);
      await apiCall('admin', 'PUT', `asset/tester?assetId=${office.id}&testerId=${tester!.id}`);
    }

    // --- the tester accepts the answer on the first office; on the second the document was already checked
    const checker = await personAt(journey.browser, VIEWPORT, watched, 'tester', `${portal.url}/job-management/check/${first.id}/false/${first.path}`);
    const decisions = card(checker, first.title).getByRole('group', { name: 'Prüfentscheidung' });
    await decisions.getByRole('button', { name: 'Akzeptieren' }).click();
    await decisions.getByText('Akzeptiert', { exact: true }).waitFor();
    await checker.goto(`${portal.url}/job-management/check/${second.id}/false/${second.path}`);
    const secondCard = card(checker, second.title);
    await secondCard.getByText('wartung-lueftung.pdf').waitFor();
    await secondCard.getByText('Bereits geprüft').waitFor();
    await secondCard.getByText(/^Nachweisbüro Ost · Fragebogen \d{4} · vom Prüfer akzeptiert · von Tom Tester am /).waitFor();
    // The check itself stays per answer: the second answer is still to be decided.
    expect(await card(checker, second.title).getByRole('group', { name: 'Prüfentscheidung' }).getByRole('button', { name: 'Akzeptieren' }).isDisabled()).toBe(false);
    await expectNoSeriousA11yViolations(checker, 'the check screen with a document already checked');
    // The same in English.
    await checker.evaluate(() => localStorage.setItem('ecore.locale', 'en'));
    await checker.reload();
    await card(checker, second.titleEn).getByText('Already checked').waitFor();
    await card(checker, second.titleEn).getByText(/^Nachweisbüro Ost · questionnaire \d{4} · accepted by the tester · by Tom Tester on /).waitFor();
    await checker.context().close();

    // --- the public verification page of the demo's label shows the chain hash at its issue
    const closed = (await apiCall<{ items: { id: number; name: string }[] }>('objectadmin', 'GET', `asset?page=1&pageSize=5&search=${encodeURIComponent('Wohn- und Geschäftshaus Bockenheim')}`)).items[0]!;
    const { code } = await apiCall<{ code: string }>('objectadmin', 'GET', `asset/certificate/data?id=${closed.id}`);
    const visitor = await (await openContext(journey.browser, { viewport: VIEWPORT })).newPage();
    await visitor.goto(`${portal.url}/certificate/verify/${code}`);
    await visitor.getByRole('status', { name: 'Gültig' }).waitFor();
    const chain = visitor.getByTestId('chain-hash');
    await chain.getByText('Prüfsumme des Prüfpfads bei Ausstellung').waitFor();
    await chain.getByText(/^[0-9a-f]{64}$/).waitFor();
    await visitor.context().close();

    expect(watched.flat()).toEqual([]);
  });
});
