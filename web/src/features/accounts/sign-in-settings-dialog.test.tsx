// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';
import { SignInSettingsDialog } from './sign-in-settings-dialog.tsx';

/*
 * An organisation's sign-in settings (docs/sign-in.md): the authenticator-app requirement and single sign-on, the
 * client secret write-only; the core rules check the fields before anything is sent, the server's refusals show at
 * their field.
 */
const NONE = { configured: false, issuer: null, clientId: null, clientSecretSet: false, domains: [], ssoOnly: false };
const api = vi.hoisted(() => ({ fetchSignInPolicy: vi.fn(), fetchSsoSettings: vi.fn(), saveSignInPolicy: vi.fn(), saveSsoSettings: vi.fn() }));
vi.mock(import('./accounts-api.ts'), async (original) => ({ ...(await original()), ...api }));
const onClose = vi.fn();
beforeEach(() => {
  for (const fn of [...Object.values(api), onClose]) fn.mockReset();
  api.fetchSignInPolicy.mockResolvedValue({ requireTotp: false });
  api.fetchSsoSettings.mockResolvedValue(NONE);
});

describe('the sign-in settings of an organisation', () => {
  it('requires an authenticator app and sets up single sign-on with its domains and SSO only', async () => {
    api.saveSignInPolicy.mockResolvedValue({ requireTotp: true });
    api.saveSsoSettings.mockResolvedValue({});
    const { user } = await renderUi(<SignInSettingsDialog organisationId={2} organisationName="Beispielbank eG" onClose={onClose} />);
    await user.click(await screen.findByRole('switch', { name: /Authenticator-App für alle Nutzer verlangen/ }));
    await user.type(screen.getByRole('textbox', { name: 'Aussteller (Issuer-URL)' }), 'https://login.beispielbank.example/realms/portal');
    await user.type(screen.getByRole('textbox', { name: 'Client-ID' }), 'ecore-portal');
    await user.type(screen.getByLabelText('Client-Secret'), 'the-secret');
    await user.type(screen.getByRole('textbox', { name: /E-Mail-Domains/ }), 'Beispielbank.example{Enter}');
    await user.click(screen.getByRole('switch', { name: /Nur Single Sign-on/ }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.saveSignInPolicy).toHaveBeenCalledWith(2, true);
    expect(api.saveSsoSettings).toHaveBeenCalledWith(2, { issuer: 'https://login.beispielbank.example/realms/portal', clientId: 'ecore-portal', clientSecret: 'the-secret', domains: ['beispielbank.example'], ssoOnly: true });
  });

  it('keeps the stored secret when left empty, and shows an address without https at its field in English, sending nothing', async () => {
    api.fetchSsoSettings.mockResolvedValue({ configured: true, issuer: 'https://idp.example', clientId: 'c', clientSecretSet: true, domains: ['bank.example'], ssoOnly: false });
    const { user } = await renderUi(<SignInSettingsDialog organisationId={2} organisationName="Bank" onClose={onClose} />, { language: 'en' });
    expect(await screen.findByPlaceholderText('Stored – leave empty to keep it')).toBeTruthy();
    const issuer = screen.getByRole('textbox', { name: 'Issuer URL' });
    await user.clear(issuer);
    await user.type(issuer, 'ftp://idp.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please give the provider’s address starting with https:// (without parameters).')).toBeTruthy();
    expect(api.saveSsoSettings).not.toHaveBeenCalled();
    await user.clear(issuer);
    await user.type(issuer, 'https://idp2.example');
    api.saveSsoSettings.mockRejectedValue(new ApiError(400, 'validation-error', '', [{ path: 'domains.0', key: 'sso-domain-taken', message: '' }]));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This e-mail domain already belongs to another organisation’s sign-in.')).toBeTruthy();
    expect(api.saveSsoSettings).toHaveBeenCalledWith(2, { issuer: 'https://idp2.example', clientId: 'c', domains: ['bank.example'], ssoOnly: false });
    expect(onClose).not.toHaveBeenCalled();
  });
});
