// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';
import { AssignTesterDialog } from './assign-tester-dialog.tsx';
import { ChangeStateDialog } from './change-state-dialog.tsx';
import { SubmitGroupDialog } from '../object-groups/group-review.tsx';

/*
 * The dialogs of spec 02 §2 for review: change state with its text per target, submit a group for review with the
 * completeness box (spec 02 §5, reference date 31.12.2021), assign a tester from the dropdown. Each shows the
 * text of the server's code on a refusal and stays open.
 */

const api = vi.hoisted(() => ({
  changeQuestionnaireState: vi.fn(),
  submitGroupForReview: vi.fn(),
  fetchGroupReview: vi.fn(),
  fetchTesters: vi.fn(),
  assignObjectTester: vi.fn(),
  assignGroupTester: vi.fn(),
}));
vi.mock(import('./review-api.ts'), async (original) => ({ ...(await original()), ...api }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));

const onDone = vi.fn();
const onClose = vi.fn();
const ref = { assetId: 7, isBuyerAsset: false };

beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(toasts), onDone, onClose]) fn.mockReset();
  api.fetchGroupReview.mockResolvedValue({ id: 3, status: 'Active', canBeSubmitted: true, submitProblem: null, sample: null });
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the change-state dialog', () => {
  it('asks with the text for evaluation and changes the state to Evaluation', async () => {
    api.changeQuestionnaireState.mockResolvedValue(undefined);
    const { user } = await renderUi(<ChangeStateDialog target="Evaluation" refOf={ref} name="Bürohaus Mainzer Landstraße" onDone={onDone} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Zur Begutachtung einreichen' });
    expect(within(dialog).getByText(/^Möchten Sie den Fragebogen zur Begutachtung einreichen\? Die geprüften Antworten gehen an den Gutachter\. Objekt: „Bürohaus Mainzer Landstraße“\.$/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Einreichen' }));
    expect(api.changeQuestionnaireState).toHaveBeenCalledWith(ref, 'Evaluation', undefined);
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(toasts.notifySuccess).toHaveBeenCalledWith('„Bürohaus Mainzer Landstraße“ wurde zur Begutachtung eingereicht.');
  });

  it.each([
    ['Closed', 'Fragebogen abschließen', /^Möchten Sie den Fragebogen abschließen\?/],
    ['Declined', 'Fragebogen ablehnen', /^Möchten Sie den Fragebogen ablehnen\? Jede abgelehnte Antwort/],
    ['Verification', 'Nachweise anfordern', /^Möchten Sie Nachweise anfordern\?/],
  ] as const)('for %s shows its own title and text', async (target, title, text) => {
    await renderUi(<ChangeStateDialog target={target} refOf={ref} name="Hotel" onDone={onDone} onClose={onClose} />);
    expect(within(screen.getByRole('dialog', { name: title })).getByText(text)).toBeTruthy();
  });

  it('declining asks for a reason of at least 10 characters (DOMAIN.md §1) and sends it', async () => {
    api.changeQuestionnaireState.mockResolvedValue(undefined);
    const { user } = await renderUi(<ChangeStateDialog target="Declined" refOf={ref} name="Hotel" onDone={onDone} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Fragebogen ablehnen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(within(dialog).getByText('Bitte geben Sie eine Begründung an.')).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: /Begründung/ });
    await user.type(reason, 'zu kurz');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(within(dialog).getByText('Die Begründung muss mindestens 10 Zeichen lang sein.')).toBeTruthy();
    expect(api.changeQuestionnaireState).not.toHaveBeenCalled();
    await user.type(reason, ': der Zählerstand fehlt');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(api.changeQuestionnaireState).toHaveBeenCalledWith(ref, 'Declined', 'zu kurz: der Zählerstand fehlt');
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });

  it('a refusal shows the text of its code (questionnaire-change-{code}) and keeps the dialog open', async () => {
    api.changeQuestionnaireState.mockRejectedValue(new ApiError(400, 'questionnaire-change-9', 'x'));
    const { user } = await renderUi(<ChangeStateDialog target="Closed" refOf={ref} name="Hotel" onDone={onDone} onClose={onClose} />);
    await user.click(button('Abschließen'));
    await waitFor(() => expect(toasts.notifyError).toHaveBeenCalledWith('Jede Antwort, für die ein Nachweis verlangt wurde, muss akzeptiert sein.'));
    expect(screen.getByRole('dialog', { name: 'Fragebogen abschließen' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a failure without a code shows the per-state error', async () => {
    api.changeQuestionnaireState.mockRejectedValue(new ApiError(500, 'server-error', 'x'));
    const { user } = await renderUi(<ChangeStateDialog target="Verification" refOf={ref} name="Hotel" onDone={onDone} onClose={onClose} />);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Nachweise anfordern' }));
    await waitFor(() => expect(toasts.notifyError).toHaveBeenCalledWith('Die Nachweise konnten nicht angefordert werden. Bitte versuchen Sie es später erneut.'));
  });
});

describe('submitting a group for review', () => {
  const group = { id: 3, name: 'Portfolio Rhein-Main', objectCount: 3 };

  it('needs the completeness box, whose text names the reference date 31.12.2021', async () => {
    api.submitGroupForReview.mockResolvedValue(undefined);
    const { user } = await renderUi(<SubmitGroupDialog group={group} onDone={onDone} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Objektgruppe zur Prüfung einreichen' });
    expect(within(dialog).getByText('Die Objektgruppe „Portfolio Rhein-Main“ mit 3 Objekten zur Prüfung einreichen? Aus ihren Objekten wird eine Stichprobe gezogen und festgehalten.')).toBeTruthy();
    const box = within(dialog).getByRole('checkbox', { name: /zum Stichtag 31\.12\.2021 Teil der Gruppe waren/ });
    expect(button('Einreichen').disabled).toBe(true);
    await user.click(box);
    expect(button('Einreichen').disabled).toBe(false);
    await user.click(box);
    expect(button('Einreichen').disabled).toBe(true);
    await user.click(box);
    await user.click(button('Einreichen'));
    expect(api.submitGroupForReview).toHaveBeenCalledWith(3);
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(toasts.notifySuccess).toHaveBeenCalledWith('Die Objektgruppe „Portfolio Rhein-Main“ wurde zur Prüfung eingereicht.');
  });

  it('a refusal shows the text of its group code and keeps the dialog open', async () => {
    api.submitGroupForReview.mockRejectedValue(new ApiError(400, 'objectGroups-change-5', 'x'));
    const { user } = await renderUi(<SubmitGroupDialog group={group} onDone={onDone} onClose={onClose} />);
    await user.click(screen.getByRole('checkbox'));
    await user.click(button('Einreichen'));
    await waitFor(() => expect(toasts.notifyError).toHaveBeenCalledWith('Bei mindestens einem Objekt fehlt die Bruttogrundfläche (BGF).'));
    expect(screen.getByRole('dialog', { name: 'Objektgruppe zur Prüfung einreichen' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('names what stands in the way before anyone ticks the box', async () => {
    api.fetchGroupReview.mockResolvedValue({ id: 3, status: 'Active', canBeSubmitted: false, submitProblem: 6, sample: null });
    const { user } = await renderUi(<SubmitGroupDialog group={group} onDone={onDone} onClose={onClose} />);
    expect(await screen.findByText('Die Antworten in Cluster I sind nicht in allen Objekten gleich.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox'));
    expect(button('Einreichen').disabled).toBe(true);
  });

  it('a failure without a known code falls back to code 0', async () => {
    api.submitGroupForReview.mockRejectedValue(new ApiError(503, 'server-error', 'x'));
    const { user } = await renderUi(<SubmitGroupDialog group={group} onDone={onDone} onClose={onClose} />);
    await user.click(screen.getByRole('checkbox'));
    await user.click(button('Einreichen'));
    await waitFor(() => expect(toasts.notifyError).toHaveBeenCalledWith('Der Status der Objektgruppe konnte nicht geändert werden. Bitte versuchen Sie es später erneut.'));
  });
});

describe('assigning a tester', () => {
  const testers = [
    { id: 9, firstName: 'Tom', lastName: 'Tester', organisationName: 'ECORE Demo GmbH' },
    { id: 12, firstName: 'Vera', lastName: 'Verifier', organisationName: 'Prüfbüro Nord' },
  ];

  it('lists first name, last name and organisation; the button waits for a choice', async () => {
    api.fetchTesters.mockResolvedValue(testers);
    api.assignObjectTester.mockResolvedValue(undefined);
    const { user } = await renderUi(<AssignTesterDialog target={{ kind: 'object', id: 7, name: 'Bürohaus Mainzer Landstraße' }} onDone={onDone} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Prüfer zuweisen' });
    expect(button('Zuweisen').disabled).toBe(true);
    const select = within(dialog).getByRole('textbox', { name: 'Prüfer' });
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Vera Verifier (Prüfbüro Nord)' }));
    expect(button('Zuweisen').disabled).toBe(false);
    await user.click(button('Zuweisen'));
    expect(api.assignObjectTester).toHaveBeenCalledWith(7, 12);
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(toasts.notifySuccess).toHaveBeenCalledWith('Vera Verifier prüft jetzt „Bürohaus Mainzer Landstraße“.');
  });

  it('assigns a group through the group call', async () => {
    api.fetchTesters.mockResolvedValue(testers);
    api.assignGroupTester.mockResolvedValue(undefined);
    const { user } = await renderUi(<AssignTesterDialog target={{ kind: 'group', id: 3, name: 'Portfolio Rhein-Main' }} onDone={onDone} onClose={onClose} />);
    const select = screen.getByRole('textbox', { name: 'Prüfer' });
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Tom Tester (ECORE Demo GmbH)' }));
    await user.click(button('Zuweisen'));
    expect(api.assignGroupTester).toHaveBeenCalledWith(3, 9);
  });

  it('says so when the testers cannot be loaded', async () => {
    api.fetchTesters.mockRejectedValue(new ApiError(500, 'server-error', 'x'));
    await renderUi(<AssignTesterDialog target={{ kind: 'object', id: 7, name: 'Hotel' }} onDone={onDone} onClose={onClose} />);
    expect(await screen.findByText('Die Prüfer konnten nicht geladen werden. Bitte versuchen Sie es später erneut.')).toBeTruthy();
    expect(button('Zuweisen').disabled).toBe(true);
  });
});
