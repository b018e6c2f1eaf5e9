// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';
import { TotpLoginStep } from './totp-login-step.tsx';

/*
 * The code step of a sign-in with an authenticator app (docs/sign-in.md): a code opens the session; a refusal shows the
 * server's text; where the organisation requires an app, the app is set up here and the recovery codes come first.
 */
const api = vi.hoisted(() => ({ completeTotpLogin: vi.fn(), startTotpLoginEnrolment: vi.fn() }));
vi.mock(import('./identity-api.ts'), async (original) => ({ ...(await original()), ...api }));
const session = vi.hoisted(() => ({ startSession: vi.fn(() => true) }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), ...session }));

const onRestart = vi.fn();
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
beforeEach(() => {
  for (const fn of [...Object.values(api), onRestart]) fn.mockReset();
  session.startSession.mockReset().mockReturnValue(true);
});

describe('the code step of a sign-in', () => {
  it('sends the code with the first step’s token and starts the session', async () => {
    api.completeTotpLogin.mockResolvedValue({ accessToken: 'session-token' });
    const { user } = await renderUi(<TotpLoginStep need="totp" loginToken="first" onRestart={onRestart} />);
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(session.startSession).toHaveBeenCalledWith('session-token'));
    expect(api.completeTotpLogin).toHaveBeenCalledWith('first', '123 456');
  });

  it('shows a refusal in English and starts no session', async () => {
    api.completeTotpLogin.mockRejectedValue(new ApiError(401, 'totp-reused', 'This code has already been used. Please enter the next code of your app.', []));
    const { user } = await renderUi(<TotpLoginStep need="totp" loginToken="first" onRestart={onRestart} />, { language: 'en' });
    expect(screen.getByText('Enter the code shown by your authenticator app, or one of your recovery codes.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(/already been used/);
    expect(session.startSession).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(onRestart).toHaveBeenCalled();
  });

  it('sets up the app where the organisation requires one, and shows the recovery codes before the session', async () => {
    api.startTotpLoginEnrolment.mockResolvedValue({ secret: 'GEZDGNBVGY3TQOJQ', otpauthUri: 'otpauth://totp/x', qrCode: '<svg/>' });
    api.completeTotpLogin.mockResolvedValue({ accessToken: 'session-token', recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] });
    const { user } = await renderUi(<TotpLoginStep need="totpEnrolment" loginToken="first" onRestart={onRestart} />);
    expect(await screen.findByText('GEZD GNBV GY3T QOJQ')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('AAAAA-BBBBB')).toBeTruthy();
    expect(session.startSession).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ich habe die Codes gesichert' }));
    expect(session.startSession).toHaveBeenCalledWith('session-token');
  });
});
