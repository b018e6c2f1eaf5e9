// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';
import { LoginPage } from './login-page.tsx';
import { PasskeysCard } from './passkeys-card.tsx';

/* Passkeys on the login page and the sign-in methods page (docs/sign-in.md "Passkeys"); the browser's WebAuthn is mocked. */
const api = vi.hoisted(() => ({
  fetchAppConfig: vi.fn(), startPasskeyLogin: vi.fn(), completePasskeyLogin: vi.fn(),
  fetchPasskeys: vi.fn(), startPasskeyRegistration: vi.fn(), registerPasskey: vi.fn(), removePasskey: vi.fn(),
}));
vi.mock(import('./identity-api.ts'), async (original) => ({ ...(await original()), ...api }));
const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock(import('@simplewebauthn/browser'), async (original) => ({ ...(await original()), ...webauthn }));
const session = vi.hoisted(() => ({ startSession: vi.fn(() => true) }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), ...session }));

afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(webauthn)]) fn.mockReset();
  api.fetchAppConfig.mockResolvedValue({ twoFactorLogin: false });
  session.startSession.mockReset().mockReturnValue(true);
});

describe('passkeys', () => {
  it('signs in with a passkey from the login page, without name or password', async () => {
    api.startPasskeyLogin.mockResolvedValue({ challenge: 'c' });
    webauthn.startAuthentication.mockResolvedValue({ id: 'cred' });
    api.completePasskeyLogin.mockResolvedValue({ accessToken: 'session-token' });
    const { user } = await renderUi(<MemoryRouter><LoginPage /></MemoryRouter>);
    await user.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }));
    await waitFor(() => expect(session.startSession).toHaveBeenCalledWith('session-token'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c' } });
    expect(api.completePasskeyLogin).toHaveBeenCalledWith({ id: 'cred' });
  });

  it('shows the server’s refusal in English, and a cancel at the browser', async () => {
    api.startPasskeyLogin.mockResolvedValue({ challenge: 'c' });
    webauthn.startAuthentication.mockResolvedValue({ id: 'cred' });
    api.completePasskeyLogin.mockRejectedValue(new ApiError(401, 'passkey-error', '', []));
    const { user } = await renderUi(<MemoryRouter><LoginPage /></MemoryRouter>, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The passkey was not accepted. Please try again or sign in with your password.')).toBeTruthy();
    webauthn.startAuthentication.mockRejectedValue(new Error('NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The sign-in with a passkey was cancelled.')).toBeTruthy();
    expect(session.startSession).not.toHaveBeenCalled();
  });

  it('lists the passkeys with their last use and adds one under a name', async () => {
    api.fetchPasskeys.mockResolvedValue([{ id: 1, name: 'Laptop', createdAt: '2026-11-20T10:00:00Z', lastUsedAt: null }]);
    api.startPasskeyRegistration.mockResolvedValue({ challenge: 'r' });
    webauthn.startRegistration.mockResolvedValue({ id: 'new' });
    api.registerPasskey.mockResolvedValue({ id: 2, name: 'Telefon', createdAt: '2026-11-22T10:00:00Z', lastUsedAt: null });
    const onChanged = vi.fn();
    const { user } = await renderUi(<PasskeysCard sessionToken="t" onChanged={onChanged} />);
    expect(await screen.findByText('Laptop')).toBeTruthy();
    expect(screen.getByText('Noch nie')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Name des Passkeys/ }), 'Telefon');
    await user.click(screen.getByRole('button', { name: 'Passkey hinzufügen' }));
    await waitFor(() => expect(api.registerPasskey).toHaveBeenCalledWith({ id: 'new' }, 'Telefon'));
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'r' } });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    api.removePasskey.mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Passkey Laptop entfernen' }));
    await waitFor(() => expect(api.removePasskey).toHaveBeenCalledWith(1));
  });
});
