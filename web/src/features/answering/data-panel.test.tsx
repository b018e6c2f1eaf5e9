// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';
import type { FilledQuestionnaire } from './answering-api.ts';
import { AnsweringContext, type AnsweringSession } from './answering-context.ts';
import { DataPanel } from './data-panel.tsx';
import { filledQuestionnaire } from './test-questionnaire.ts';
import { objectScore, testResult } from '../scoring/test-scores.ts';

/*
 * The actions of the questionnaire's data page (spec 02 §2 dialogs): each names what it acts on, a success
 * shows its toast, closes the dialog and refreshes; a refusal shows the server's text and keeps the dialog open.
 */

const api = vi.hoisted(() => ({ deleteQuestionnaire: vi.fn(), submitForReview: vi.fn(), updateToActive: vi.fn(), fillFromGroupDefaults: vi.fn(), startNextYear: vi.fn() }));
vi.mock(import('./answering-api.ts'), async (original) => ({ ...(await original()), ...api }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));
// The questionnaire's score comes from the results' call (one source for the figure).
const scores = vi.hoisted(() => ({ fetchObjectScore: vi.fn() }));
vi.mock(import('../scoring/scoring-api.ts'), async (original) => ({ ...(await original()), ...scores }));
// The audit log of a closed questionnaire loads from the server; it has tests of its own.
vi.mock(import('../review/audit-log.tsx'), async (original) => ({ ...(await original()), QuestionnaireAuditLog: () => <span hidden /> }));

const actor = (role: Role): Actor => ({ userId: 3, userName: 'user', roles: [role], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false });
const object = { id: 7, objectName: 'Hotel am Rheinufer', organisationId: 1, assetGroupId: 3, assetGroupName: 'Portfolio Rhein-Main', canEdit: true, isBuyerAsset: false };
const refresh = vi.fn(async () => undefined);

const render = async (filled: FilledQuestionnaire, role: Role = Role.ObjectAdministrator, latestId = 5) => {
  const session: AnsweringSession = {
    filled,
    route: { assetId: 7, isBuyerAsset: false, qid: 5 },
    ref: { assetId: 7, isBuyerAsset: false },
    actor: actor(role),
    language: 'de',
    object: { ...object, questionnaireId: latestId },
    mayAct: true,
    lockedByOther: false,
    readOnly: false,
    lockHolder: null,
    answerOf: () => undefined,
    nodeProgress: () => ({ answered: 0, total: 3 }),
    save: async () => undefined,
    statusOf: () => undefined,
    openDetails: () => undefined,
    refresh,
  };
  const router = createMemoryRouter(
    [
      { path: '/q', element: <AnsweringContext value={session}><DataPanel /></AnsweringContext> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/q'] },
  );
  return { router, ...(await renderUi(<RouterProvider router={router} />)) };
};

beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(toasts), ...Object.values(scores)]) fn.mockReset();
  scores.fetchObjectScore.mockResolvedValue(objectScore({ ...testResult(), ecore: 50.84 }, { assetId: 7, questionnaireId: 5 }));
  refresh.mockClear();
});

describe('the figures of the data page', () => {
  it('shows the questionnaire’s score as its results do (the same call), not a placeholder', async () => {
    await render(filledQuestionnaire());
    await waitFor(() => expect(screen.getByTestId('live-score').textContent).toBe('50,8'));
    expect(scores.fetchObjectScore).toHaveBeenCalledWith(7, 5);
    expect(screen.queryByText(/noch nicht verfügbar/)).toBeNull();
  });

  it('shows the analyst no score and asks for none', async () => {
    await render(filledQuestionnaire(), Role.ObjectAnalyst);
    expect(screen.getByRole('table', { name: 'Angaben zum Fragebogen' })).toBeTruthy();
    expect(screen.queryByTestId('live-score')).toBeNull();
    expect(scores.fetchObjectScore).not.toHaveBeenCalled();
  });

  it('shows the reviewed and evaluated counts the questionnaire carries', async () => {
    const filled = filledQuestionnaire({ assetQuestionnaireState: 'Closed' });
    await render({ ...filled, progress: { ...filled.progress, reviewed: 16, evaluated: 16 } });
    expect(screen.getByText('Begutachtete Antworten: 16')).toBeTruthy();
    expect(screen.getByText('Geprüfte Antworten: 16')).toBeTruthy();
  });
});

describe('the data page of a questionnaire', () => {
  it('deletes the questionnaire after a confirmation naming it, and goes back to the object', async () => {
    api.deleteQuestionnaire.mockResolvedValue(undefined);
    const { router, user } = await render(filledQuestionnaire());
    await user.click(screen.getByRole('button', { name: 'Fragebogen löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'Fragebogen löschen' });
    expect(within(dialog).getByText('Möchten Sie den Fragebogen „ECORE Fragebogen 2025“ (2025_01) mit allen Antworten wirklich löschen?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(toasts.notifySuccess).toHaveBeenCalledWith('Der Fragebogen wurde gelöscht.'));
    expect(api.deleteQuestionnaire).toHaveBeenCalledWith({ assetId: 7, isBuyerAsset: false }, 5);
    await waitFor(() => expect(router.state.location.pathname).toBe('/asset-management/objects/7/false/edit/data'));
  });

  it('offers no delete once the server says it may not (reviewed or submitted)', async () => {
    await render(filledQuestionnaire({ canDelete: false }));
    expect(screen.queryByRole('button', { name: 'Fragebogen löschen' })).toBeNull();
  });

  it('a refused submission shows the text of its code and keeps the dialog open', async () => {
    api.submitForReview.mockRejectedValue(new ApiError(400, 'questionnaire-change-4', 'x'));
    const { user } = await render(filledQuestionnaire());
    expect(screen.getByText('Sie haben nicht alle Fragen beantwortet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zur Prüfung einreichen' }));
    const dialog = screen.getByRole('dialog', { name: 'Zur Prüfung einreichen' });
    await user.click(within(dialog).getByRole('button', { name: 'Einreichen' }));
    await waitFor(() => expect(toasts.notifyError).toHaveBeenCalledWith('Eine Antwort muss nachgewiesen werden, hat aber kein Dokument.'));
    expect(screen.getByRole('dialog', { name: 'Zur Prüfung einreichen' })).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('takes over the cluster I answers after naming the group and the questionnaire title', async () => {
    api.fillFromGroupDefaults.mockResolvedValue(filledQuestionnaire());
    const { user } = await render(
      filledQuestionnaire({ groupDefaults: { groupName: 'Portfolio Rhein-Main', questionnaireTitle: 'ECORE Fragebogen 2025', savedAt: '2026-11-24T08:00:00Z' } }),
      Role.ObjectDataCollector,
    );
    await user.click(screen.getByRole('button', { name: 'Cluster-I-Antworten der Objektgruppe übernehmen' }));
    const dialog = screen.getByRole('dialog', { name: 'Cluster-I-Antworten übernehmen' });
    expect(within(dialog).getByText(/der Objektgruppe „Portfolio Rhein-Main“ aus dem Fragebogen „ECORE Fragebogen 2025“ übernehmen\? Vorhandene Antworten in Cluster I werden überschrieben\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(toasts.notifySuccess).toHaveBeenCalledWith('Die Cluster-I-Antworten der Objektgruppe wurden übernommen.'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cluster-I-Antworten übernehmen' })).toBeNull());
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('update to the active version: the administrator gets the action, a collector is told to ask the administrator', async () => {
    const newer = filledQuestionnaire({ canBeUpdatedToActiveQuestionnaire: true });
    const admin = await render(newer);
    expect(screen.getByRole('button', { name: 'Auf aktive Version aktualisieren' })).toBeTruthy();
    admin.unmount();
    await render(newer, Role.ObjectDataCollector);
    expect(screen.queryByRole('button', { name: 'Auf aktive Version aktualisieren' })).toBeNull();
    expect(screen.getByText('Eine neuere Version dieses Fragebogens ist aktiv. Bitten Sie Ihre Objektadministration, den Fragebogen zu aktualisieren.')).toBeTruthy();
  });
});

describe('starting next year (issue 22)', () => {
  const closed = () => filledQuestionnaire({ assetQuestionnaireState: 'Closed', canStartNextYear: true, canDelete: false, reportingYear: 2025 });

  it('starts next year after a confirmation that says what is carried, and opens the new questionnaire', async () => {
    api.startNextYear.mockResolvedValue(filledQuestionnaire({ id: 9, reportingYear: 2026 }));
    const { router, user } = await render(closed());
    await user.click(screen.getByRole('button', { name: 'Neues Jahr beginnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Neues Jahr beginnen' });
    expect(within(dialog).getByText(/Berichtsjahr 2026 beginnt mit den Antworten aus 2025/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Neues Jahr beginnen' }));
    await waitFor(() => expect(toasts.notifySuccess).toHaveBeenCalledWith('Der Fragebogen für das neue Jahr wurde angelegt.'));
    expect(api.startNextYear).toHaveBeenCalledWith({ assetId: 7, isBuyerAsset: false });
    await waitFor(() => expect(router.state.location.pathname).toContain('/questionnaire/9/data'));
  });

  it('a refusal shows the text of questionnaire-annual-invalid and keeps the dialog open', async () => {
    api.startNextYear.mockRejectedValue(new ApiError(400, 'questionnaire-annual-invalid', 'Das neue Jahr kann erst beginnen, wenn der letzte Fragebogen abgeschlossen (akzeptiert) oder abgelaufen ist.'));
    const { user } = await render(closed());
    await user.click(screen.getByRole('button', { name: 'Neues Jahr beginnen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Neues Jahr beginnen' })).getByRole('button', { name: 'Neues Jahr beginnen' }));
    await waitFor(() => expect(toasts.notifySuccess.mock.calls.length + toasts.notifyError.mock.calls.length).toBe(1));
    expect(toasts.notifyError.mock.calls[0]![0]).toMatch(/abgeschlossen \(akzeptiert\) oder abgelaufen/);
    expect(screen.getByRole('dialog', { name: 'Neues Jahr beginnen' })).toBeTruthy();
  });

  it('a collector is told to ask the object administrator instead', async () => {
    await render({ ...closed(), canStartNextYear: false }, Role.ObjectDataCollector);
    expect(screen.queryByRole('button', { name: 'Neues Jahr beginnen' })).toBeNull();
    expect(screen.getByText('Das neue Jahr kann nur der Objektadministrator beginnen. Bitte wenden Sie sich an Ihren Objektadministrator.')).toBeTruthy();
  });

  it('is not offered on an active questionnaire', async () => {
    await render(filledQuestionnaire());
    expect(screen.queryByRole('button', { name: 'Neues Jahr beginnen' })).toBeNull();
  });
});
