// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { renderUi } from '../../testing/render.tsx';
import { CreateTokenDialog } from './create-token-dialog.tsx';

/*
 * The dialog that makes an access token (issue 21): it offers only the scopes the user may hold (core
 * scopesUserMayHold), checks name and expiry with core's checkNewToken before calling, and shows the secret once.
 */
const api = vi.hoisted(() => ({ createApiToken: vi.fn() }));
vi.mock(import('./api-tokens-api.ts'), async (original) => ({ ...(await original()), ...api }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));

const bank = { roles: [Role.ObjectAdministrator, Role.AccountManager], orgFinance: true };
const onClose = vi.fn();
const onCreated = vi.fn();
// The dialogs' transitions and the copy button's timer end on timers: let them run out before the DOM is torn down
// (one fired into a window already gone in a full run under load).
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 1200)));
beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(toasts), onClose, onCreated]) fn.mockReset();
});

describe('the create-token dialog', () => {
  it('offers only the scopes the user may hold', async () => {
    await renderUi(<CreateTokenDialog subject={bank} onClose={onClose} onCreated={onCreated} />);
    const dialog = screen.getByRole('dialog', { name: 'Zugangsschlüssel anlegen' });
    expect(within(dialog).getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['read', 'write', 'export']);
  });

  it('refuses a name over 100 characters with the specification’s text, without calling', async () => {
    const { user } = await renderUi(<CreateTokenDialog subject={bank} onClose={onClose} onCreated={onCreated} />, { language: 'en' });
    const dialog = screen.getByRole('dialog', { name: 'Create access token' });
    await user.click(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.paste('x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByText('This field may be at most 100 characters long');
    expect(api.createApiToken).not.toHaveBeenCalled();
  });

  it('shows the secret once after creating, with a copy button', async () => {
    api.createApiToken.mockResolvedValue({ id: 1, name: 'Kreditsystem', scopes: ['read'], expiresAt: '2027-01-31T23:59:59.999Z', token: `ecore_pat_${'a'.repeat(43)}` });
    const { user } = await renderUi(<CreateTokenDialog subject={bank} onClose={onClose} onCreated={onCreated} />);
    const dialog = screen.getByRole('dialog', { name: 'Zugangsschlüssel anlegen' });
    await user.click(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await user.paste('Kreditsystem');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    const shown = await screen.findByRole('dialog', { name: 'Ihr neuer Zugangsschlüssel' });
    expect((within(shown).getByRole('textbox', { name: 'Zugangsschlüssel' }) as HTMLInputElement).value).toBe(`ecore_pat_${'a'.repeat(43)}`);
    expect(within(shown).getByRole('button', { name: 'Kopieren' })).toBeTruthy();
    expect(api.createApiToken).toHaveBeenCalledWith(expect.objectContaining({ name: 'Kreditsystem', scopes: ['read'] }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
  });
});
