// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { worklist, type WorklistRow } from '@ecore/core/worklist/worklist.ts';
import { renderUi } from '../../testing/render.tsx';
import { WorklistSection } from './worklist-section.tsx';

/* The home page's first section: the worklist as core ranked it, each item linking to its screen; "Nichts offen" when empty. */
const api = vi.hoisted(() => ({ fetchWorklist: vi.fn() }));
vi.mock(import('../../lib/api-client.ts'), async (original) => {
  const real = await original();
  return { ...real, api: { ...real.api, get: ((path: string) => (path === 'user/me/worklist' ? api.fetchWorklist() : Promise.reject(new Error(path)))) as typeof real.api.get } };
});
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => ({ token: 't' }) as never }));

const row = (r: Partial<WorklistRow>): WorklistRow => ({
  kind: 'answersToFinish',
  subjectType: 'asset',
  subjectId: 1,
  subjectName: 'Quartier Prenzlauer Berg',
  questionnaireId: 5,
  isBuyerAsset: false,
  state: 'Active',
  since: '2026-11-20T10:00:00Z',
  dueOn: null,
  note: null,
  answered: 3,
  total: 10,
  openFlags: null,
  ...r,
});

beforeEach(() => api.fetchWorklist.mockReset());

const show = (language: 'de' | 'en') => renderUi(<MemoryRouter><WorklistSection /></MemoryRouter>, { language });

describe('the worklist on the home page', () => {
  it('shows the declined questionnaire first, with the tester’s reason and a link to answer it', async () => {
    api.fetchWorklist.mockResolvedValue(worklist([row({}), row({ kind: 'questionnaireDeclined', subjectId: 2, subjectName: 'Bürohaus Mainzer Landstraße', state: 'Declined', note: 'Der Zählerstand fehlt.' })], 'de'));
    await show('de');
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Fragebogen abgelehnt')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Bürohaus Mainzer Landstraße' }).getAttribute('href')).toBe('/asset-management/objects/2/false/questionnaire/5/data');
    expect(within(items[0]!).getByText('Begründung: „Der Zählerstand fehlt.“')).toBeTruthy();
    expect(within(items[1]!).getByText('3 von 10 Fragen beantwortet.')).toBeTruthy();
    expect(screen.getByText('1 × Fragebogen abgelehnt · 1 × Antworten offen')).toBeTruthy();
  });

  it('shows the dated items in English, an expiring document named once in why', async () => {
    api.fetchWorklist.mockResolvedValue(
      worklist(
        [
          row({ kind: 'evidenceExpiring', subjectId: 3, state: 'Active', dueOn: '2027-01-10', note: 'Wartungsvertrag Heizung 2026' }),
          row({ kind: 'epcExpiring', subjectId: 4, subjectName: 'Praxis- und Bürohaus Heidelberg', questionnaireId: null, state: 'Valid', dueOn: '2027-02-01' }),
        ],
        'en',
      ),
    );
    await show('en');
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Energy certificate expiring')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Praxis- und Bürohaus Heidelberg' }).getAttribute('href')).toBe('/asset-management/objects/4/false/edit/data');
    expect(within(items[1]!).getByText('Evidence expiring')).toBeTruthy();
    expect(within(items[1]!).getByText('The evidence “Wartungsvertrag Heizung 2026” is valid only until 2027-01-10: upload a valid one.')).toBeTruthy();
    expect(within(items[1]!).queryByText(/^Reason:/)).toBeNull();
  });

  it('shows open plausibility flags with their number, in German and English, linked to the answering screen', async () => {
    api.fetchWorklist.mockResolvedValue(worklist([row({ kind: 'plausibilityFlags', subjectId: 7, openFlags: 2 }), row({})], 'de'));
    const { unmount } = await show('de');
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Auffällige Werte')).toBeTruthy();
    expect(within(items[0]!).getByText('2 Werte sind auffällig: prüfen und korrigieren oder begründen.')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Quartier Prenzlauer Berg' }).getAttribute('href')).toBe('/asset-management/objects/7/false/questionnaire/5/data');
    expect(screen.getByText('1 × Auffällige Werte · 1 × Antworten offen')).toBeTruthy();
    unmount();
    api.fetchWorklist.mockResolvedValue(worklist([row({ kind: 'plausibilityFlags', subjectId: 7, openFlags: 1 })], 'en'));
    await show('en');
    expect(await screen.findByText('Implausible figures')).toBeTruthy();
    expect(screen.getByText('One figure is implausible: check it, then correct or explain it.')).toBeTruthy();
  });

  it('says "Nichts offen" / "Nothing waiting" when nothing waits', async () => {
    api.fetchWorklist.mockResolvedValue(worklist([], 'de'));
    await show('de');
    await screen.findByText('Nichts offen');
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('speaks English', async () => {
    api.fetchWorklist.mockResolvedValue(worklist([], 'en'));
    await show('en');
    await screen.findByText('Nothing waiting');
    expect(screen.getByRole('heading', { name: 'What waits for you' })).toBeTruthy();
  });
});
