// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';
import { LoginPage } from './login-page.tsx';
import { SsoReturnPage } from './sso-return-page.tsx';

/*
 * Single sign-on on the login page (docs/sign-in.md): an e-mail of a covered domain goes to the organisation's sign-in
 * service without a password; the return page hands the service's parameters to the server once and starts the session.
 */
const api = vi.hoisted(() => ({ startSsoLogin: vi.fn(), completeSsoLogin: vi.fn(), login: vi.fn(), fetchAppConfig: vi.fn() }));
vi.mock(import('./identity-api.ts'), async (original) => ({ ...(await original()), ...api }));
const session = vi.hoisted(() => ({ startSession: vi.fn(() => true) }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), ...session }));

const assign = vi.fn();
const realLocation = window.location;
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
beforeEach(() => {
  for (const fn of [...Object.values(api), assign]) fn.mockReset();
  api.fetchAppConfig.mockResolvedValue({ twoFactorLogin: false });
  session.startSession.mockReset().mockReturnValue(true);
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, assign } });
});
afterEach(() => Object.defineProperty(window, 'location', { configurable: true, value: realLocation }));

describe('single sign-on on the login page', () => {
  it('sends an e-mail of a covered domain to the sign-in service, without a password', async () => {
    api.startSsoLogin.mockResolvedValue({ redirectUrl: 'https://login.beispielbank.example/auth?state=s' });
    const { user } = await renderUi(<MemoryRouter><LoginPage /></MemoryRouter>);
    await user.type(screen.getByRole('textbox', { name: /Benutzername/ }), 'bank@beispielbank.example');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.beispielbank.example/auth?state=s'));
    expect(screen.getByText('Sie werden zum Anmeldedienst Ihrer Organisation weitergeleitet …')).toBeTruthy();
    expect(api.startSsoLogin).toHaveBeenCalledWith('bank@beispielbank.example');
    expect(api.login).not.toHaveBeenCalled();
  });

  it('asks for the password where no single sign-on covers the e-mail, in English', async () => {
    api.startSsoLogin.mockResolvedValue({ redirectUrl: null });
    const { user } = await renderUi(<MemoryRouter><LoginPage /></MemoryRouter>, { language: 'en' });
    expect(screen.getByText('With your organisation’s sign-in (single sign-on): just your e-mail address, no password.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /User name/ }), 'someone@elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.startSsoLogin).toHaveBeenCalled());
    expect(assign).not.toHaveBeenCalled();
    expect(api.login).not.toHaveBeenCalled();
  });
});

describe('the return from the sign-in service', () => {
  it('hands code, state and issuer to the server once and starts the session', async () => {
    api.completeSsoLogin.mockResolvedValue({ accessToken: 'session-token' });
    await renderUi(<MemoryRouter initialEntries={['/login/sso?code=c1&state=s1&iss=https%3A%2F%2Fidp']}><SsoReturnPage /></MemoryRouter>);
    await waitFor(() => expect(session.startSession).toHaveBeenCalledWith('session-token'));
    expect(api.completeSsoLogin).toHaveBeenCalledTimes(1);
    expect(api.completeSsoLogin).toHaveBeenCalledWith({ state: 's1', code: 'c1', iss: 'https://idp' });
  });

  it('shows the server’s refusal in both languages and starts no session', async () => {
    api.completeSsoLogin.mockRejectedValue(new ApiError(401, 'sso-token-invalid', '', []));
    await renderUi(<MemoryRouter initialEntries={['/login/sso?code=c1&state=s1']}><SsoReturnPage /></MemoryRouter>, { language: 'en' });
    expect(await screen.findByText(/The answer of your sign-in service is not valid/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /sign-in|login/i })).toBeTruthy();
    expect(session.startSession).not.toHaveBeenCalled();
  });
});
