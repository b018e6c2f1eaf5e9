// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupAsset } from '@ecore/core/object-groups/group.ts';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import { sessionOf } from '../review/test-review.ts';
import { GroupAnnualAction } from './group-actions.tsx';

/*
 * The group row's "Neues Jahr beginnen" (issue 22): offered to the object administrator once every object of the
 * group is Closed or Expired (core groupAnnualStartProblem), never to a collector; it names the group and calls
 * PUT assetGroup/{id}/questionnaire?updateType=annual.
 */

const api = vi.hoisted(() => ({ startGroupNextYear: vi.fn() }));
vi.mock(import('./answering-api.ts'), async (original) => ({ ...(await original()), ...api }));
const current = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => current.session, getToken: () => 'token' }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));

const object = (assetId: number, state: string | null): GroupAsset => ({ assetId, name: `Objekt ${assetId}`, isBuyerAsset: false, state, questionnaireId: 1, score: null, constructionYear: null, renovationYear: null });
const group = (states: (string | null)[]) => ({ id: 3, name: 'Rhein-Neckar Bestand', organisationId: 1, assets: states.map((s, i) => object(i + 1, s)) });
const ADMIN = sessionOf(4, 'objectadmin', [Role.ObjectAdministrator]);
const COLLECTOR = sessionOf(5, 'collector', [Role.ObjectDataCollector]);

beforeEach(() => {
  api.startGroupNextYear.mockReset();
  toasts.notifySuccess.mockReset();
});

describe("a group's next year (issue 22)", () => {
  it('starts it for every object after a confirmation naming the group', async () => {
    current.session = ADMIN;
    api.startGroupNextYear.mockResolvedValue(undefined);
    const onDone = vi.fn();
    const { user } = await renderUi(<GroupAnnualAction group={group(['Closed', 'Expired'])} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Neues Jahr für Rhein-Neckar Bestand beginnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Neues Jahr beginnen' });
    expect(within(dialog).getByText(/Objektgruppe „Rhein-Neckar Bestand“/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Neues Jahr beginnen' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.startGroupNextYear).toHaveBeenCalledWith(3);
    expect(toasts.notifySuccess).toHaveBeenCalledWith('Für die Objektgruppe Rhein-Neckar Bestand wurde das neue Jahr begonnen.');
  });

  it.each([
    ['an object still Active', ['Closed', 'Active']],
    ['an object without a questionnaire', ['Closed', null]],
    ['no objects', []],
  ])('is not offered with %s', async (_, states) => {
    current.session = ADMIN;
    await renderUi(<GroupAnnualAction group={group(states)} onDone={() => undefined} />);
    expect(screen.queryByRole('button', { name: /Neues Jahr/ })).toBeNull();
  });

  it('is not offered to a collector', async () => {
    current.session = COLLECTOR;
    await renderUi(<GroupAnnualAction group={group(['Closed'])} onDone={() => undefined} />);
    expect(screen.queryByRole('button', { name: /Neues Jahr/ })).toBeNull();
  });
});
