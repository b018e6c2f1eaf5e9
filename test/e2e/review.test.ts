import type { Browser, Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { personAt, signIn, useJourney, watchProblems } from '../support/journey.ts';
import { portalApi } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { expectNoBrokenWords } from '../support/words.ts';

/*
 * Review, verification and evaluation in the browser (issue 14), at the narrowest supported width (1024 px), each
 * person in their own browser: the collector submits the fully answered demo office, the account administrator
 * assigns the tester, the tester reviews 16 answers and asks for evidence for one, the collector uploads it and
 * resubmits, the tester accepts all and submits to evaluation, the evaluator closes; the object shows Accepted
 * (Closed) and the audit log lists each step.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
  watched = [watchProblems(journey.context).problems];
});

const OFFICE = 'Bürohaus Mainzer Landstraße';

const { apiCall } = portalApi(() => portal.url);
const apiGet = <T>(userName: string, path: string): Promise<T> => apiCall<T>(userName, 'GET', path);

interface Question {
  id: number;
  type: string;
  relevantForReview: boolean;
  translations: { language: string; title: string }[];
  options: { id: number; isExclusive: boolean }[];
}
interface Filled {
  id: number;
  clusters: { categories: { id: number; sections: { id: number; questions: Question[] }[] }[] }[];
  answers: { id: number; questionId: number; state: string | null }[];
}
const questionsOf = (f: Filled) => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));

/** Where an answer eligible for review stands in the tree: its route below the check screen and its title. */
interface Place {
  path: string;
  title: string;
}

/** The eligible answers of the office (answered and relevant for review), in tree order, as the check screen's routes. */
const eligiblePlaces = async (assetId: number): Promise<Place[]> => {
  const filled = await apiGet<Filled>('collector', `asset/${assetId}/questionnaire/latest?isBuyerAsset=false`);
  const answered = new Set(filled.answers.filter((a) => a.state !== null).map((a) => a.questionId));
  return filled.clusters.flatMap((cluster, ci) =>
    cluster.categories.flatMap((category) =>
      category.sections.flatMap((section) =>
        section.questions
          .filter((q) => q.type !== 'VirtualQuestion' && q.relevantForReview && answered.has(q.id))
          .map((q) => ({
            path: `cluster/${ci + 1}/category/${category.id}/section/${section.id}/question/${q.id}`,
            title: q.translations.find((t) => t.language === 'de')?.title ?? '',
          })),
      ),
    ),
  );
};

const objectIdOf = async (name: string): Promise<number> => {
  const { items } = await apiGet<{ items: { id: number; name: string }[] }>('objectadmin', `asset?page=1&pageSize=5&search=${encodeURIComponent(name)}`);
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`no object ${name}`);
  return found.id;
};

const toast = (p: Page, text: string | RegExp) => p.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

type Box = { x: number; y: number; width: number; height: number };
/** Whether two boxes on screen overlap. */
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** The box of the newest toast with `text` once it shows. */
const toastBox = async (p: Page, text: string | RegExp): Promise<Box> => {
  const shown = p.locator('.mantine-Notification-root').filter({ hasText: text }).last();
  await shown.waitFor();
  return (await shown.boundingBox())!;
};

/** Console errors and failed requests of every browser of the journey that runs (normal use has none). */
let watched: string[][] = [];
const problems = (): string[] => watched.flat();

/** A person in their own browser, signed in on the page they open first. */
const personIn = (browser: Browser, userName: string, url: string): Promise<Page> => personAt(browser, VIEWPORT, watched, userName, url);

const count = (p: Page) => p.getByRole('status', { name: 'Geprüfte Antworten' });
const reviewedCount = async (p: Page): Promise<string> => ((await count(p).getByText(/^\d+ \/ \d+ geprüft$/).textContent()) ?? '').trim();
const card = (p: Page, title: string): Locator => p.getByRole('region', { name: title, exact: true });
const decisions = (p: Page, title: string): Locator => card(p, title).getByRole('group', { name: 'Prüfentscheidung' });

describe('review, verification and evaluation in the browser', () => {
  it('collector submits, admin assigns the tester, tester reviews 16 and asks for evidence, collector uploads and resubmits, tester submits to evaluation, evaluator closes', async () => {
    const office = await objectIdOf(OFFICE);
    const places = await eligiblePlaces(office);
    expect(places.length).toBeGreaterThanOrEqual(16);
    const questionnaireOf = `${portal.url}/asset-management/objects/${office}/false/edit/data`;
    const check = `${portal.url}/job-management/check/${office}/false`;

    // --- the collector submits the fully answered office
    await page.goto(questionnaireOf);
    await signIn(page, 'collector');
    await page.getByRole('tablist', { name: 'Bereiche des Objekts' }).getByRole('tab', { name: 'Fragebogen' }).click();
    await page.waitForURL(/\/questionnaire\/\d+\/data$/);
    const dataPage = page.url();
    await page.getByRole('button', { name: 'Zur Prüfung einreichen' }).click();
    await page.getByRole('dialog', { name: 'Zur Prüfung einreichen' }).getByRole('button', { name: 'Einreichen' }).click();
    await toast(page, 'Der Fragebogen wurde zur Prüfung eingereicht.');

    // --- the account administrator assigns the tester in job management
    // The administrator sees every object: the list is searched for the office.
    const admin = await personIn(journey.browser, 'admin', `${portal.url}/job-management/objects?search=${encodeURIComponent(OFFICE)}`);
    await admin.getByRole('tab', { name: 'Objekte', selected: true }).waitFor();
    await admin.getByRole('button', { name: `Prüfer für ${OFFICE} zuweisen` }).click();
    const assign = admin.getByRole('dialog', { name: 'Prüfer zuweisen' });
    await assign.getByText(`Wählen Sie den Prüfer für das Objekt „${OFFICE}“.`).waitFor();
    expect(await assign.getByRole('button', { name: 'Zuweisen' }).isDisabled()).toBe(true);
    await assign.getByLabel('Prüfer').click();
    await admin.getByRole('option', { name: /^Tom Tester \(/ }).click();
    await assign.getByRole('button', { name: 'Zuweisen' }).click();
    await toast(admin, `Tom Tester prüft jetzt „${OFFICE}“.`);
    await admin.context().close();

    // --- the tester finds the job and reviews 16 answers: 15 accepted, documents asked for one
    const tester = await personIn(journey.browser, 'tester', `${portal.url}/job-management/objects`);
    await tester.getByRole('button', { name: `${OFFICE} prüfen` }).click();
    await tester.waitForURL(/\/job-management\/check\/\d+\/false\/data$/);
    await tester.getByRole('table', { name: 'Angaben zur Prüfung' }).getByText('Tom Tester').waitFor();
    expect(await reviewedCount(tester)).toBe('0 / 16 geprüft');
    await expectNoSeriousA11yViolations(tester, 'the check screen');
    const sixteen = places.slice(0, 16);
    for (const [i, place] of sixteen.entries()) {
      await tester.goto(`${check}/${place.path}`);
      const controls = decisions(tester, place.title);
      if (i < 15) {
        await controls.getByRole('button', { name: 'Akzeptieren' }).click();
        await controls.getByText('Akzeptiert', { exact: true }).waitFor();
        if (i === 0) {
          // The toast of the decision covers neither the bar with the count and the state changes nor the tree.
          const saved = await toastBox(tester, /^Entscheidung zu .+ gespeichert: Akzeptiert$/);
          expect(overlap(saved, (await tester.getByTestId('review-bar').boundingBox())!)).toBe(false);
          expect(overlap(saved, (await tester.getByRole('navigation', { name: 'Fragebogen-Navigation' }).boundingBox())!)).toBe(false);
        }
      } else {
        await controls.getByRole('textbox', { name: 'Kommentar oder Begründung' }).fill('Bitte den Beleg zu dieser Angabe hochladen.');
        await controls.getByRole('button', { name: 'Nachweis anfordern' }).click();
        await controls.getByText('Nachweis angefordert', { exact: true }).waitFor();
      }
      await expect.poll(() => reviewedCount(tester)).toBe(`${i + 1} / 16 geprüft`);
    }
    // At 1024 px the check screen with its review controls and the state changes fits without scrolling sideways.
    expect(await tester.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    // Scrolled down, the question tree stays in view below the bar (no empty column where it was).
    await tester.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => tester.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1)).toBe(true);
    expect(await tester.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const { tree, bar } = await tester.evaluate(() => ({
      tree: document.querySelector('nav[aria-label="Fragebogen-Navigation"]')!.getBoundingClientRect().toJSON() as DOMRect,
      bar: document.querySelector('[data-testid="review-bar"]')!.getBoundingClientRect().toJSON() as DOMRect,
    }));
    expect(tree.top).toBeGreaterThanOrEqual(bar.bottom);
    expect(tree.bottom).toBeLessThanOrEqual(VIEWPORT.height);
    // The 17th answer cannot be decided on: the count is never overshot.
    const seventeenth = places[16];
    if (seventeenth) {
      await tester.goto(`${check}/${seventeenth.path}`);
      expect(await decisions(tester, seventeenth.title).getByRole('button', { name: 'Akzeptieren' }).isDisabled()).toBe(true);
    }
    // Evaluation waits while an answer waits for documents; requesting documents does not.
    expect(await tester.getByRole('button', { name: 'Zur Begutachtung einreichen' }).isDisabled()).toBe(true);
    await tester.getByRole('button', { name: 'Nachweise anfordern' }).click();
    const toVerification = tester.getByRole('dialog', { name: 'Nachweise anfordern' });
    await toVerification.getByText(/^Möchten Sie Nachweise anfordern\?/).waitFor();
    await toVerification.getByRole('button', { name: 'Nachweise anfordern' }).click();
    await toast(tester, `Für „${OFFICE}“ wurden Nachweise angefordert.`);
    await tester.waitForURL(/\/job-management\/objects$/);

    // --- the collector sees the answer marked, uploads the document there and resubmits
    const evidence = sixteen[15]!;
    await page.goto(dataPage);
    const asked = page.getByRole('list', { name: 'Antworten, für die Nachweise angefordert wurden' });
    await asked.getByText('Nachweis fehlt').waitFor();
    await asked.getByRole('link').first().click();
    const evidenceCard = card(page, evidence.title);
    await evidenceCard.getByText('Nachweis erforderlich').waitFor();
    await evidenceCard.getByRole('button', { name: 'Nachweise (0)' }).click();
    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Nachweise' }) });
    await drawer.locator('input[type="file"]').setInputFiles({ name: 'beleg.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    // The toast leaves the drawer's tabs free.
    const uploaded = await toastBox(page, 'Der Nachweis beleg.pdf wurde hochgeladen.');
    expect(overlap(uploaded, (await drawer.getByRole('tablist').boundingBox())!)).toBe(false);
    await drawer.getByRole('button', { name: 'Schließen' }).click();
    await page.goto(dataPage);
    await page.getByRole('list', { name: 'Antworten, für die Nachweise angefordert wurden' }).getByText('1 Dokument hochgeladen').waitFor();
    await page.getByRole('button', { name: 'Erneut einreichen' }).click();
    await page.getByRole('dialog', { name: 'Zur Prüfung einreichen' }).getByRole('button', { name: 'Einreichen' }).click();
    await toast(page, 'Der Fragebogen wurde zur Prüfung eingereicht.');

    // --- the tester accepts the documented answer, seeing the document inline, and submits to evaluation
    await tester.goto(`${check}/${evidence.path}`);
    await card(tester, evidence.title).getByText('beleg.pdf', { exact: true }).waitFor();
    expect(await reviewedCount(tester)).toBe('15 / 16 geprüft');
    await decisions(tester, evidence.title).getByRole('button', { name: 'Akzeptieren' }).click();
    await expect.poll(() => reviewedCount(tester)).toBe('16 / 16 geprüft');
    await tester.getByRole('button', { name: 'Zur Begutachtung einreichen' }).click();
    const toEvaluation = tester.getByRole('dialog', { name: 'Zur Begutachtung einreichen' });
    await toEvaluation.getByText(/^Möchten Sie den Fragebogen zur Begutachtung einreichen\?/).waitFor();
    await toEvaluation.getByRole('button', { name: 'Einreichen' }).click();
    await toast(tester, `„${OFFICE}“ wurde zur Begutachtung eingereicht.`);
    await tester.context().close();

    // --- the evaluator finds it in job management and closes it
    const evaluator = await personIn(journey.browser, 'evaluator', `${portal.url}/job-management/objects`);
    // The row shows the object's stored score, and no control the evaluator may not use (no tester assignment).
    const jobRow = evaluator.getByRole('row').filter({ hasText: OFFICE });
    await jobRow.getByRole('button', { name: `${OFFICE} prüfen` }).waitFor();
    expect(await jobRow.getByRole('cell').nth(5).textContent()).toMatch(/^\d+,\d$/);
    expect(await evaluator.getByRole('button', { name: /^Prüfer für .+ zuweisen$/ }).count()).toBe(0);
    await expectNoBrokenWords(evaluator);
    await evaluator.getByRole('button', { name: `${OFFICE} prüfen` }).click();
    await evaluator.waitForURL(/\/job-management\/check\/\d+\/false\/data$/);
    await evaluator.getByRole('button', { name: 'Abschließen (akzeptieren)' }).click();
    const toClosed = evaluator.getByRole('dialog', { name: 'Fragebogen abschließen' });
    await toClosed.getByText(/^Möchten Sie den Fragebogen abschließen\?/).waitFor();
    await toClosed.getByRole('button', { name: 'Abschließen' }).click();
    await toast(evaluator, `„${OFFICE}“ wurde abgeschlossen und akzeptiert.`);

    // --- gone from its jobs, the object waits under "closed by me", read only, with its label
    await evaluator.goto(`${portal.url}/job-management/objects`);
    await evaluator.getByRole('table', { name: 'Objekte zur Prüfung und Begutachtung' }).waitFor();
    await evaluator.getByRole('tab', { name: 'Von mir abgeschlossen' }).click();
    await evaluator.waitForURL(/\/job-management\/closed$/);
    const closedRow = evaluator.getByRole('table', { name: 'Von mir abgeschlossene Objekte mit ihren Labels' }).getByRole('row').filter({ hasText: OFFICE });
    await closedRow.getByText('Akzeptiert').waitFor();
    const closedScore = ((await closedRow.getByRole('cell').nth(4).textContent()) ?? '').trim();
    expect(closedScore).toMatch(/^\d+,\d$/);
    expect(await closedRow.getByRole('button', { name: `${OFFICE} prüfen` }).count()).toBe(0);
    await expectNoBrokenWords(evaluator);
    await closedRow.getByRole('button', { name: `Label von ${OFFICE} anzeigen` }).click();
    await evaluator.waitForURL(/\/asset-management\/download\/\d+\/group\/false$/);
    await evaluator.getByRole('article', { name: /^Zertifikat / }).waitFor();
    await evaluator.context().close();

    // --- the object shows Accepted (Closed), and the audit log lists each step
    await page.goto(dataPage);
    await page.getByRole('table', { name: 'Angaben zum Fragebogen' }).getByText('Akzeptiert').waitFor();
    // One figure each: the accepted questionnaire counts its 16 accepted answers as evaluated, and its score is the
    // one the evaluator's list shows.
    await page.getByText('Begutachtete Antworten: 16').waitFor();
    await expect.poll(async () => (await page.getByTestId('live-score').textContent())?.trim()).toBe(closedScore);
    const log = page.getByRole('table', { name: 'Protokoll der Statusänderungen' });
    await log.waitFor();
    const rows = log.getByRole('row');
    await expect.poll(() => rows.count()).toBe(6);
    const steps = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
    expect(steps.map(([, who, from, to, reason]) => [who, from, to, reason])).toEqual([
      ['Carl CollectorDatenerfasser', 'Aktiv', 'In Prüfung', expect.stringMatching(/^Zur Prüfung eingereicht/)],
      ['Tom Testerexterner akkreditierter Prüfer', 'In Prüfung', 'Nachweise hochladen', expect.stringMatching(/^Nachweise angefordert/)],
      ['Carl CollectorDatenerfasser', 'Nachweise hochladen', 'In Prüfung', expect.stringMatching(/^Mit Nachweisen erneut eingereicht/)],
      ['Tom Testerexterner akkreditierter Prüfer', 'In Prüfung', 'In Begutachtung', expect.stringMatching(/^Zur Begutachtung eingereicht/)],
      ['Eva GutachterGutachter', 'In Begutachtung', 'Akzeptiert', expect.stringMatching(/^Abgeschlossen \(akzeptiert\)/)],
    ]);
    // No page of the collector, the administrator, the tester or the evaluator logged an error or failed a request:
    // the check screen never asks for the review of a group it may not read, and the evaluator's check screen, as it
    // leaves for the job list after closing, reads what the evaluator just closed (DOMAIN.md §1).
    expect(problems()).toEqual([]);
  });

  it('a rejection and a decline need their reasons; the collector reads the reason beside the answer and in its change log; taking a rejection back is its own logged decision', async () => {
    // A fully answered object of its own (the file's other journeys close the demo office).
    const NAME = 'Bürohaus Begründung';
    const group = await apiCall<{ id: number }>('objectadmin', 'POST', 'assetGroup', { name: 'Portfolio Begründung' });
    const { id: office } = await apiCall<{ id: number }>('objectadmin', 'POST', 'asset', {
      objectName: NAME,
      assetGroupId: group.id,
      country: 'DE',
      city: 'Frankfurt am Main',
      zip: '60314',
      street: 'Hanauer Landstraße',
      streetNumber: '200',
      constructionYear: 2015,
      assetTotalArea: 4200,
      assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
    });
    const filled = await apiCall<Filled>('collector', 'POST', `asset/${office}/questionnaire`);
    await apiCall(
      'collector',
      'PUT',
      'asset/answer',
      questionsOf(filled)
        .filter((q) => q.type !== 'VirtualQuestion')
        .map((q) => (q.type === 'ValueQuestion' ? { assetId: office, questionId: q.id, inputAnswer: 20 } : { assetId: office, questionId: q.id, multipleChoiceOption: [q.options.find((o) => !o.isExclusive)!.id] })),
    );
    const [first, second] = await eligiblePlaces(office);
    await apiCall('collector', 'PUT', `asset/state?assetId=${office}&state=Review&isBuyerAsset=false`);
    const testers = await apiGet<{ id: number; lastName: string }[]>('admin', 'user/testers');
    await apiCall('admin', 'PUT', `asset/tester?assetId=${office}&testerId=${testers.find((t) => t.lastName === 'Tester')!.id}`);
    const check = `${portal.url}/job-management/check/${office}/false`;
    const REASON = 'Der Zählerstand im Beleg weicht um 20 % ab.';

    // --- the tester: "Ablehnen" without a reason sends nothing and says why; with one, the answer is rejected
    await page.goto(`${check}/${first!.path}`);
    await signIn(page, 'tester');
    const controls = decisions(page, first!.title);
    await controls.getByRole('button', { name: 'Ablehnen' }).click();
    await controls.getByText('Bitte geben Sie eine Begründung an.').waitFor();
    await controls.getByRole('textbox', { name: 'Kommentar oder Begründung' }).fill('zu kurz');
    await controls.getByRole('button', { name: 'Ablehnen' }).click();
    await controls.getByText('Die Begründung muss mindestens 10 Zeichen lang sein.').waitFor();
    expect(await reviewedCount(page)).toBe('0 / 16 geprüft');
    await controls.getByRole('textbox', { name: 'Kommentar oder Begründung' }).fill(REASON);
    await controls.getByRole('button', { name: 'Ablehnen' }).click();
    await controls.getByText('Abgelehnt', { exact: true }).waitFor();
    await controls.getByText(`Begründung der Ablehnung: ${REASON}`).waitFor();
    // Accepting it again is a new decision that needs its own reason: one click does not do it.
    await controls.getByRole('button', { name: 'Akzeptieren' }).click();
    await controls.getByText('Bitte geben Sie eine Begründung an.').waitFor();
    expect(await controls.getByText('Abgelehnt', { exact: true }).count()).toBe(1);
    // A second answer is rejected and stays so; the first one's rejection is taken back with a reason.
    await page.goto(`${check}/${second!.path}`);
    const secondControls = decisions(page, second!.title);
    await secondControls.getByRole('textbox', { name: 'Kommentar oder Begründung' }).fill(REASON);
    await secondControls.getByRole('button', { name: 'Ablehnen' }).click();
    await secondControls.getByText('Abgelehnt', { exact: true }).waitFor();
    await page.goto(`${check}/${first!.path}`);
    await controls.getByRole('textbox', { name: 'Kommentar oder Begründung' }).fill('Beleg nachgerechnet, der Wert stimmt.');
    await controls.getByRole('button', { name: 'Akzeptieren' }).click();
    await controls.getByText('Akzeptiert', { exact: true }).waitFor();

    // --- the tester declines the questionnaire: the dialog asks for the reason
    await page.getByRole('button', { name: 'Fragebogen ablehnen' }).click();
    const decline = page.getByRole('dialog', { name: 'Fragebogen ablehnen' });
    await decline.getByRole('button', { name: 'Ablehnen' }).click();
    await decline.getByText('Bitte geben Sie eine Begründung an.').waitFor();
    await decline.getByRole('textbox', { name: /Begründung/ }).fill('Eine Angabe passt nicht zum Beleg.');
    await decline.getByRole('button', { name: 'Ablehnen' }).click();
    await toast(page, `Der Fragebogen von „${NAME}“ wurde abgelehnt.`);
    await page.context().close();

    // --- the collector reads the reason beside the answer, in the change log and in the audit log
    const collector = await personIn(journey.browser, 'collector', `${portal.url}/asset-management/objects/${office}/false/edit/data`);
    await collector.getByRole('tablist', { name: 'Bereiche des Objekts' }).getByRole('tab', { name: 'Fragebogen' }).click();
    await collector.waitForURL(/\/questionnaire\/\d+\/data$/);
    const dataPage = collector.url();
    await collector.getByRole('table', { name: 'Protokoll der Statusänderungen' }).getByText('Begründung: Eine Angabe passt nicht zum Beleg.').waitFor();
    await collector.goto(dataPage.replace(/\/data$/, `/${second!.path}`));
    const rejectedCard = card(collector, second!.title);
    await rejectedCard.getByRole('note').getByText(`Abgelehnt – Begründung des Prüfers: ${REASON}`).waitFor();
    await rejectedCard.getByRole('button', { name: 'Änderungsprotokoll' }).click();
    const log = collector.getByRole('table', { name: 'Änderungsprotokoll der Frage' });
    await log.getByText(`Begründung: ${REASON}`).waitFor();
    await collector.keyboard.press('Escape');
    // The answer whose rejection was taken back shows no reason; its log has both decisions.
    await collector.goto(dataPage.replace(/\/data$/, `/${first!.path}`));
    const withdrawnCard = card(collector, first!.title);
    await withdrawnCard.getByRole('button', { name: 'Änderungsprotokoll' }).click();
    await collector.getByRole('table', { name: 'Änderungsprotokoll der Frage' }).getByText('Ablehnung zurückgenommen').waitFor();
    expect(await withdrawnCard.getByRole('note').count()).toBe(0);

    // --- English: the same texts in the second language
    await collector.goto(dataPage.replace(/\/data$/, `/${second!.path}`));
    await collector.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await collector.getByRole('note').getByText(`Rejected – the tester's reason: ${REASON}`).waitFor();
    await collector.context().close();
  });

  it('a group of three: the owner submits with the completeness box and sees the recorded sample, the tester submits it for evaluation, the evaluator accepts; the group log lists each step', async () => {
    // --- set up by the API: a group of three fully and identically answered offices
    const group = await apiCall<{ id: number }>('objectadmin', 'POST', 'assetGroup', { name: 'Portfolio Stichprobe' });
    const ids: number[] = [];
    for (const [i, name] of ['Stichprobe Nord', 'Stichprobe Mitte', 'Stichprobe Süd'].entries()) {
      const object = await apiCall<{ id: number }>('objectadmin', 'POST', 'asset', {
        objectName: name,
        assetGroupId: group.id,
        country: 'DE',
        city: 'Frankfurt am Main',
        zip: '60314',
        street: 'Hanauer Landstraße',
        streetNumber: String(100 + i),
        constructionYear: 2015,
        assetTotalArea: 4200,
        assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
      });
      ids.push(object.id);
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
    const GROUP = 'Portfolio Stichprobe';

    // --- the object administrator submits the group: the button waits for the completeness box
    await page.goto(`${portal.url}/asset-management/object-groups?search=${encodeURIComponent(GROUP)}`);
    await signIn(page, 'objectadmin');
    await page.getByRole('button', { name: `Objektgruppe ${GROUP} zur Prüfung einreichen` }).click();
    const submit = page.getByRole('dialog', { name: 'Objektgruppe zur Prüfung einreichen' });
    await submit.getByText(`Die Objektgruppe „${GROUP}“ mit 3 Objekten zur Prüfung einreichen?`, { exact: false }).waitFor();
    expect(await submit.getByRole('button', { name: 'Einreichen' }).isDisabled()).toBe(true);
    await submit.getByRole('checkbox', { name: /Stichtag 31\.12\.2021/ }).check();
    await submit.getByRole('button', { name: 'Einreichen' }).click();
    await toast(page, `Die Objektgruppe „${GROUP}“ wurde zur Prüfung eingereicht.`);
    await page.getByRole('button', { name: `Objekte von ${GROUP} ein- oder ausblenden` }).click();
    const sample = page.getByRole('group', { name: `Stichprobe von ${GROUP}` });
    await sample.getByText(/^2 Bögen: Stichprobe /).waitFor();
    const drawn = (await sample.getByText(/Startwert \(Seed\) \d+/).textContent()) ?? '';
    expect(drawn).toMatch(/von Olga Objekt/);
    const sampleNames = ((await sample.getByText(/^2 Bögen: /).textContent()) ?? '').replace(/^2 Bögen: /, '').split(', ');
    expect(sampleNames).toHaveLength(2);

    // --- the administrator assigns the tester to the group (its objects get the tester too)
    const admin = await personIn(journey.browser, 'admin', `${portal.url}/job-management/object-groups?search=${encodeURIComponent(GROUP)}`);
    await admin.getByRole('button', { name: `Prüfer für ${GROUP} zuweisen` }).click();
    const assign = admin.getByRole('dialog', { name: 'Prüfer zuweisen' });
    await assign.getByLabel('Prüfer').click();
    await admin.getByRole('option', { name: /^Tom Tester \(/ }).click();
    await assign.getByRole('button', { name: 'Zuweisen' }).click();
    await toast(admin, `Tom Tester prüft jetzt „${GROUP}“.`);
    await admin.context().close();

    // --- the sampled sheets are reviewed and go to evaluation (the check screen's decisions are the first journey's)
    const sampledIds = ids.filter((_, i) => sampleNames.includes(['Stichprobe Nord', 'Stichprobe Mitte', 'Stichprobe Süd'][i]!));
    for (const id of sampledIds) {
      const filled = await apiGet<Filled>('tester', `asset/${id}/questionnaire/latest?isBuyerAsset=false`);
      const relevant = new Set(questionsOf(filled).filter((q) => q.relevantForReview && q.type !== 'VirtualQuestion').map((q) => q.id));
      for (const answer of filled.answers.filter((a) => relevant.has(a.questionId) && a.state !== null).slice(0, 16)) {
        await apiCall('tester', 'PUT', `asset/answer/${answer.id}/review`, { decision: 'accept' });
      }
      await apiCall('tester', 'PUT', `asset/state?assetId=${id}&state=Evaluation&isBuyerAsset=false`);
    }

    // --- the tester sees the group's job and submits it for evaluation
    const tester = await personIn(journey.browser, 'tester', `${portal.url}/job-management/object-groups`);
    await tester.getByRole('button', { name: `Objekte von ${GROUP} anzeigen` }).click();
    const objects = tester.getByRole('table', { name: `Objekte der Objektgruppe ${GROUP}` });
    await expect.poll(() => objects.getByText('In Begutachtung').count()).toBe(2);
    await tester.getByRole('button', { name: `Objektgruppe ${GROUP} zur Begutachtung einreichen` }).click();
    const finish = tester.getByRole('dialog', { name: 'Objektgruppe zur Begutachtung einreichen' });
    await finish.getByText(/haben die Prüfung bestanden/).waitFor();
    await finish.getByRole('button', { name: 'Einreichen' }).click();
    await toast(tester, `Die Prüfung der Objektgruppe „${GROUP}“ ist abgeschlossen.`);
    await tester.context().close();

    // --- the evaluator accepts the group in its row
    const evaluator = await personIn(journey.browser, 'evaluator', `${portal.url}/job-management/object-groups`);
    await evaluator.getByRole('row').filter({ hasText: GROUP }).getByText('Prüfung bestanden').waitFor();
    await evaluator.getByRole('button', { name: `Objektgruppe ${GROUP} akzeptieren` }).click();
    const accept = evaluator.getByRole('dialog', { name: 'Begutachtung der Objektgruppe akzeptieren' });
    await accept.getByRole('button', { name: 'Akzeptieren' }).click();
    await toast(evaluator, `Die Objektgruppe „${GROUP}“ wurde akzeptiert.`);
    await evaluator.context().close();

    // --- the owner sees the group closed, its objects accepted, the sample kept and each step in the log
    await page.reload();
    await page.getByRole('row').filter({ hasText: GROUP }).getByText('Abgeschlossen').waitFor();
    await page.getByRole('button', { name: `Objekte von ${GROUP} ein- oder ausblenden` }).click();
    await page.getByRole('group', { name: `Stichprobe von ${GROUP}` }).getByText(drawn, { exact: true }).waitFor();
    const log = page.getByRole('table', { name: `Protokoll der Statusänderungen von ${GROUP}` });
    await expect.poll(() => log.getByRole('row').count()).toBe(4);
    const steps = await log.getByRole('row').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
    expect(steps.map(([, who, from, to, reason]) => [who, from, to, reason])).toEqual([
      ['Olga ObjektObjektadministrator', 'Aktiv', 'In Prüfung', expect.stringMatching(/^Gruppe zur Prüfung eingereicht, Stichprobe gezogen/)],
      ['Tom Testerexterner akkreditierter Prüfer', 'In Prüfung', 'Prüfung bestanden', expect.stringMatching(/^Prüfung der Stichprobe bestanden/)],
      ['Eva GutachterGutachter', 'Prüfung bestanden', 'Abgeschlossen', expect.stringMatching(/^Gruppe vom Gutachter akzeptiert/)],
    ]);
    // Every sheet closed with the group.
    await page.goto(`${portal.url}/asset-management/objects?search=Stichprobe`);
    await expect.poll(() => page.getByRole('table', { name: 'Liste der Objekte' }).getByText('Akzeptiert').count(), { timeout: 15_000 }).toBe(3);
  });

  it("the internal tester checks the demo job in Review with a note and a mark; the tester sees it beside the answer", async () => {
    const JOB = 'Büro Campus Adlershof';
    const job = await objectIdOf(JOB);
    // The demo's two internal marks lie on the first two eligible answers; this one is the third.
    const place = (await eligiblePlaces(job))[2]!;
    const NOTE = 'Flächenangabe mit dem Mietvertrag abgeglichen.';

    // --- the internal tester finds the job in its list (German, 1024 px) and opens the check screen
    await page.goto(`${portal.url}/job-management/objects`);
    await signIn(page, 'internaltester');
    const list = page.getByRole('table', { name: 'Objekte zur Prüfung und Begutachtung' });
    await list.getByText(JOB, { exact: true }).waitFor();
    await expectNoBrokenWords(page, 'the internal tester’s job list');
    await page.getByRole('button', { name: `${JOB} prüfen` }).click();
    await page.waitForURL(/\/job-management\/check\/\d+\/false\/data$/);
    await page.getByRole('status', { name: 'Interne Prüfung' }).getByText('1 Antwort intern geprüft').waitFor();
    // No decision on an answer, no state change: the internal check only.
    expect(await page.getByRole('button', { name: 'Zur Begutachtung einreichen' }).count()).toBe(0);

    // --- it writes a note and the mark on an answer; both are there after a reload
    await page.goto(`${portal.url}/job-management/check/${job}/false/${place.path}`);
    const internal = card(page, place.title).getByRole('group', { name: 'Interne Prüfung' });
    expect(await card(page, place.title).getByRole('button', { name: 'Akzeptieren' }).count()).toBe(0);
    await internal.getByRole('textbox', { name: 'Notiz zur internen Prüfung' }).fill(NOTE);
    await internal.getByRole('checkbox', { name: 'Intern geprüft' }).check();
    await internal.getByText(/^Gespeichert am /).waitFor();
    await page.getByRole('status', { name: 'Interne Prüfung' }).getByText('2 Antworten intern geprüft').waitFor();
    await page.reload();
    const reloaded = card(page, place.title).getByRole('group', { name: 'Interne Prüfung' });
    await expect.poll(() => reloaded.getByRole('textbox', { name: 'Notiz zur internen Prüfung' }).inputValue()).toBe(NOTE);
    expect(await reloaded.getByRole('checkbox', { name: 'Intern geprüft' }).isChecked()).toBe(true);

    // --- the English labels of the check screen
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    // The question's title turns English too: any answer's internal check carries the labels.
    const english = page.getByRole('group', { name: 'Internal check' }).first();
    await english.getByRole('checkbox', { name: 'Internally checked' }).waitFor();
    await english.getByRole('textbox', { name: 'Internal check note' }).waitFor();
    await page.getByRole('status', { name: 'Internal check' }).getByText('2 answers internally checked').waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });

    // --- the assigned tester sees the owner's internal check beside the answer, read only
    const tester = await personIn(journey.browser, 'tester', `${portal.url}/job-management/check/${job}/false/${place.path}`);
    const note = card(tester, place.title).getByRole('note', { name: 'Interne Prüfung des Eigentümers' });
    await note.getByText(NOTE).waitFor();
    await note.getByText('Intern geprüft', { exact: true }).waitFor();
    expect(await note.getByRole('checkbox').count()).toBe(0);
    await decisions(tester, place.title).getByRole('button', { name: 'Akzeptieren' }).waitFor();
    await tester.context().close();
    expect(problems()).toEqual([]);
  });
});
