import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { openContext, type RunningPortal } from '../support/portal.ts';
import { mailedLink, signIn as signInAs, useJourney, watchProblems } from '../support/journey.ts';

const journey = useJourney({ width: 1400, height: 1000 });
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const signIn = (userName: string, password?: string) => signInAs(page, userName, password);

/** A field by the start of its label (labels carry a hidden asterisk or a KPI badge after the name). */
const field = (label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)).first();

/** Chooses an entry of a Mantine select: type to filter, then click the option. */
const choose = async (label: string, option: string, search?: string) => {
  const input = field(label);
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** The id of a demo object, asked of the API as its owner would see it. */
const objectIdOf = async (name: string): Promise<number> => {
  const login = await fetch(`${portal.url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: 'objectadmin', password: 'demo1234' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const list = await fetch(`${portal.url}/api/asset?page=1&pageSize=5&search=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  const { items } = (await list.json()) as { items: { id: number; name: string }[] };
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`no object ${name}`);
  return found.id;
};

/** The approve link of the newest access-request mail. */
const approvalLink = () => mailedLink(portal, /http:\/\/[^\s"<]+asset-access-permission\?[^\s"<]*decision=true[^\s"<]*/);

describe('asset management in the browser', () => {
  it('an object administrator creates a group and a mixed-use object with two classes; 60 % + 30 % is refused', async () => {
    const { problems } = watchProblems(journey.context);
    await page.goto(`${portal.url}/asset-management`);
    await page.waitForURL(/\/login/);
    await signIn('objectadmin');
    await page.waitForURL(/\/asset-management\/object-groups$/);
    const groups = page.getByRole('table', { name: 'Liste der Objektgruppen' });
    await groups.getByText('Portfolio Rhein-Main').waitFor();

    // A new group: the object administrator names it; the organisation is their own.
    await page.getByRole('button', { name: 'Objektgruppe anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Objektgruppe anlegen' });
    // Absence is checked once the dialog has rendered its fields.
    await dialog.getByLabel('Name der Objektgruppe').waitFor();
    expect(await dialog.getByLabel('Organisation').count()).toBe(0);
    await dialog.getByLabel('Name der Objektgruppe').fill('Portfolio Hamburg');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Objektgruppe wurde angelegt.').waitFor();
    const row = groups.getByRole('row', { name: /Portfolio Hamburg/ });
    await row.waitFor();

    // Add an object from the group's row: the group is chosen and the owner company is the group's organisation.
    await row.getByRole('button', { name: 'Objekt hinzufügen' }).click();
    await page.waitForURL(/\/asset-management\/objects\/new\?assetGroupId=\d+/);
    await page.getByRole('heading', { name: 'Objekt anlegen' }).waitFor();
    await expect.poll(() => page.getByLabel('Eigentümer').inputValue()).toBe('Musterimmobilien AG');
    expect(await field('Objektgruppe').inputValue()).toBe('Portfolio Hamburg');

    await page.getByLabel('Objektname').fill('Kontorhaus Speicherstadt');
    await page.getByLabel('Straße').fill('Am Sandtorkai');
    await page.getByLabel('Hausnummer').fill('40');
    await page.getByLabel('PLZ').fill('20457');
    await field('Ort').fill('Hamburg');
    await choose('Land', 'Deutschland', 'Deutsch');
    await choose('Baujahr', '1905', '1905');
    const area = page.getByLabel('Bruttogrundfläche (BGF) in m²');
    await area.fill('2500.5');
    await area.blur();
    // Numbers are written the German way on focus out.
    expect(await area.inputValue()).toBe('2.500,5');

    // Two classes: office 60 %, residential 30 %: the total is not 100.
    await page.getByLabel('Anteil in % (Zeile 1)').fill('60');
    await page.getByRole('button', { name: 'Objektklasse hinzufügen' }).click();
    await choose('Objektklasse (Zeile 2)', 'RESI – Wohnen', 'RESI');
    await page.getByLabel('Anteil in % (Zeile 2)').fill('30');
    await page.getByRole('button', { name: 'Objekt anlegen' }).click();
    await page.getByText('Die Anteile der Objektklassen müssen ganze Zahlen von 1 bis 100 sein und zusammen genau 100 % ergeben.').waitFor();
    expect(page.url()).toContain('/asset-management/objects/new');

    // Above 85 % the form offers the main usage at 100 %; shares are rounded on focus out.
    await page.getByLabel('Anteil in % (Zeile 1)').fill('90,4');
    await page.getByLabel('Anteil in % (Zeile 1)').blur();
    expect(await page.getByLabel('Anteil in % (Zeile 1)').inputValue()).toBe('90');
    await page.getByRole('button', { name: 'Als Hauptnutzung mit 100 % erfassen' }).waitFor();

    await page.getByLabel('Anteil in % (Zeile 1)').fill('60');
    await page.getByLabel('Anteil in % (Zeile 2)').fill('40');
    await page.getByRole('button', { name: 'Objekt anlegen' }).click();
    await page.getByText('Das Objekt wurde angelegt.').waitFor();
    await page.waitForURL(/\/asset-management\/objects\/\d+\/false\/edit\/data$/);
    await page.getByRole('heading', { name: 'Kontorhaus Speicherstadt' }).waitFor();
    expect(await page.getByLabel('Anteil in % (Zeile 1)').inputValue()).toBe('60');
    expect(await page.getByLabel('Anteil in % (Zeile 2)').inputValue()).toBe('40');
    expect(await page.getByRole('textbox', { name: 'Objektklasse (Zeile 2)' }).inputValue()).toBe('RESI – Wohnen');
    expect(await page.getByRole('button', { name: 'Zeile 1 entfernen' }).isEnabled()).toBe(true);

    // The group row opens in place to its objects; the name opens the object.
    // Editing saves a new version.
    await page.getByLabel('Objektname').fill('Kontorhaus am Sandtorkai');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Das Objekt wurde gespeichert.').waitFor();
    await page.getByRole('heading', { name: 'Kontorhaus am Sandtorkai' }).waitFor();

    // Leaving with unsaved changes asks first.
    await page.getByLabel('Objektname').fill('Kontorhaus (ungespeichert)');
    await page.getByRole('link', { name: 'Objektverwaltung' }).click();
    const leave = page.getByRole('dialog', { name: 'Seite ohne Speichern verlassen?' });
    await leave.getByRole('button', { name: 'Ohne Speichern verlassen' }).click();
    await page.waitForURL(/\/asset-management\/object-groups$/);
    await groups.getByRole('row', { name: /Portfolio Hamburg/ }).getByRole('button', { name: 'Objekte von Portfolio Hamburg ein- oder ausblenden' }).click();
    const objects = page.getByRole('table', { name: 'Objekte von Portfolio Hamburg' });
    await objects.getByRole('cell', { name: '1905' }).waitFor();
    await objects.getByRole('link', { name: 'Kontorhaus am Sandtorkai' }).click();
    await page.getByRole('heading', { name: 'Kontorhaus am Sandtorkai' }).waitFor();

    // The object administrator's main screen in English.
    await page.evaluate(() => localStorage.setItem('ecore.locale', 'en'));
    await page.goto(`${portal.url}/asset-management/object-groups`);
    const english = page.getByRole('table', { name: 'List of object groups' });
    await english.getByRole('row', { name: /Portfolio Hamburg/ }).getByRole('button', { name: 'Add object' }).waitFor();

    // No console error and no failed request on any page of the day but the one refusal it provokes on purpose
    // (the shares of 60 % and 30 %, should the form send them).
    expect(problems.filter((p) => !/^400 for POST .*\/api\/asset$/.test(p))).toEqual([]);
  });

  it('a buyer requests access to an object by its ID; the owner’s link approves it without login, a second click is already answered', async () => {
    const hotelId = await objectIdOf('Hotel am Rheinufer');
    await page.goto(`${portal.url}/asset-management/access-request`);
    await page.waitForURL(/\/login/);
    await signIn('buyer');
    await page.waitForURL(/\/asset-management\/access-request$/);
    await page.getByLabel('Objekt-ID').fill(String(hotelId));
    await page.getByRole('form', { name: 'Zugriff auf ein Objekt anfragen' }).getByText('English', { exact: true }).click();
    await page.getByRole('button', { name: 'Zugriff anfragen' }).click();
    await page.getByRole('status').getByText(`Die Anfrage für das Objekt ${hotelId} wurde gesendet.`, { exact: false }).waitFor();
    const requests = page.getByRole('table', { name: 'Zugriffsanfragen Ihrer Organisation' });
    // Before approval the buyer sees only the ID it typed and the state, not the object's name or owner.
    const open = requests.getByRole('row', { name: new RegExp(`^${hotelId}\\b`) });
    await open.getByText('Offen').waitFor();
    expect(await open.getByText('erst nach Freigabe sichtbar').count()).toBe(2);
    expect(await requests.getByText('Hotel am Rheinufer').count()).toBe(0);

    const link = await approvalLink();
    expect(link).toContain('decision=true');

    // The owner opens the link in a browser without a session.
    const owner = await openContext(journey.browser, { viewport: { width: 1280, height: 900 } });
    try {
      const ownerPage = await owner.newPage();
      await ownerPage.goto(link);
      await ownerPage.getByText('Zugriff freigegeben', { exact: true }).waitFor();
      await ownerPage.getByText('Sie haben Käufer Wohnbau GmbH den Zugriff auf das Objekt „Hotel am Rheinufer“ freigegeben.').waitFor();
      expect(ownerPage.url()).toContain('/asset-access-permission');

      // The second click: already answered.
      const again = await owner.newPage();
      await again.goto(link);
      await again.getByText('Bereits beantwortet', { exact: true }).waitFor();

      // A forged token and a broken decision.
      await again.goto(link.replace(/token=[^&]+/, 'token=forged'));
      await again.getByText('Freigabe nicht möglich', { exact: true }).waitFor();
      await again.getByText('Der Link ist ungültig. Bitte verwenden Sie den Link aus der E-Mail.').waitFor();
      await again.goto(link.replace('decision=true', 'decision=maybe'));
      await again.getByText('Die Entscheidung im Link ist ungültig.').waitFor();
      expect(again.url()).toContain('/asset-access-permission');
    } finally {
      await owner.close();
    }

    // The buyer's list shows the decision.
    await page.reload();
    await requests.getByRole('row', { name: /Hotel am Rheinufer/ }).getByText('Freigegeben').waitFor();
  });

  it('an account administrator chooses the organisation of a new group', async () => {
    await page.goto(`${portal.url}/asset-management/object-groups`);
    await page.waitForURL(/\/login/);
    await signIn('admin');
    await page.waitForURL(/\/asset-management\/object-groups$/);
    await page.getByRole('button', { name: 'Objektgruppe anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Objektgruppe anlegen' });
    await dialog.getByLabel('Name der Objektgruppe').fill('Portfolio Süd');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte füllen Sie dieses Feld aus').waitFor();
    await choose('Organisation', 'Musterimmobilien AG', 'Muster');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Objektgruppe wurde angelegt.').waitFor();
    // Found by its name: the administrator sees every organisation's groups, more than a page shows.
    await page.getByRole('searchbox', { name: 'Suche' }).fill('Portfolio Süd');
    const row = page.getByRole('table', { name: 'Liste der Objektgruppen' }).getByRole('row', { name: /Portfolio Süd/ });
    await row.getByText('Musterimmobilien AG').waitFor();

    // A group without objects can be deleted; the dialog names it.
    await row.getByRole('button', { name: 'Objektgruppe löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Objektgruppe löschen' });
    await confirm.getByText('Möchten Sie die Objektgruppe „Portfolio Süd“ wirklich löschen?').waitFor();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Die Objektgruppe „Portfolio Süd“ wurde gelöscht.').waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Liste der Objektgruppen' }).getByRole('row', { name: /Portfolio Süd/ }).count()).toBe(0);
  });

  it('a data collector sees objects read only and cannot request access', async () => {
    await page.goto(`${portal.url}/asset-management/objects`);
    await page.waitForURL(/\/login/);
    await signIn('collector');
    await page.waitForURL(/\/asset-management\/objects$/);
    // Absence is checked once the page has rendered its list and tabs.
    const list = page.getByRole('table', { name: 'Liste der Objekte' });
    const first = list.getByRole('link').first();
    await first.waitFor();
    await page.getByRole('tab', { name: 'Objekte' }).waitFor();
    expect(await page.getByRole('button', { name: 'Objekt anlegen' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Zugriffsanfrage' }).count()).toBe(0);
    // The group filter's groups load when it is opened, not with the list (issue 23); choosing one filters the list.
    await page.getByRole('textbox', { name: 'Nach Objektgruppe filtern' }).click();
    await page.getByRole('option', { name: 'Portfolio Rhein-Main' }).click();
    await list.getByRole('link', { name: 'Hotel am Rheinufer' }).waitFor();
    await expect.poll(() => list.getByRole('link', { name: 'Quartier Prenzlauer Berg' }).count()).toBe(0);
    await first.click();
    await page.getByText('Sie können dieses Objekt nur ansehen.').waitFor();
    expect(await page.getByLabel('Objektname').isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
  });
});
