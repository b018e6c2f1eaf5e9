import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { SignInMethods } from '@ecore/core/identity/auth-schemas.ts';
import type { Role } from '@ecore/core/identity/roles.ts';
import { api } from '../../lib/api-client.ts';

// The sign-in calls answer 401 for wrong input; that is not a lost session (spec 01 §4).
const publicCall = { auth: false, skipUnauthorizedHandler: true } as const;

export interface AppConfig {
  twoFactorLogin: boolean;
}

export interface Credentials {
  userName: string;
  password: string;
}

export interface CurrentUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: Role[];
  organisationId: number;
  organisationName: string;
}

export const fetchAppConfig = () => api.get<AppConfig>('app/config', publicCall);

/** The session token, or (a user with an authenticator app, or whose organisation requires one) the token of the code step. */
export type LoginAnswer = { accessToken: string } | { secondFactor: 'totp' | 'totpEnrolment'; loginToken: string };

export const login = (credentials: Credentials) => api.post<LoginAnswer>('user/login', credentials, publicCall);

export interface TotpEnrolment {
  secret: string;
  otpauthUri: string;
  /** The QR code as SVG. */
  qrCode: string;
}

/** The code step of a sign-in: an app's code or a recovery code; enrolling in the sign-in also answers the recovery codes. */
export const completeTotpLogin = (loginToken: string, code: string) =>
  api.post<{ accessToken: string; recoveryCodes?: string[] }>('user/login/totp', { loginToken, code }, publicCall);

/** The login page's e-mail: the address of the organisation's sign-in service for a covered domain, else null. */
export const startSsoLogin = (email: string) => api.post<{ redirectUrl: string | null }>('user/login/sso', { email }, publicCall);
/** The parameters the sign-in service sent the browser back with; answers the session token. */
export const completeSsoLogin = (returned: { state: string; code?: string; iss?: string; error?: string }) =>
  api.post<{ accessToken: string }>('user/login/sso/return', returned, publicCall);

/** Passkeys (WebAuthn): the options the browser answers, and the answers (JSON form, as @simplewebauthn/browser gives them). */
export interface PasskeyItem {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export const fetchPasskeys = () => api.get<PasskeyItem[]>('user/me/passkeys');
export const startPasskeyRegistration = () => api.post<PublicKeyCredentialCreationOptionsJSON>('user/me/passkeys/options', undefined);
export const registerPasskey = (response: RegistrationResponseJSON, name: string) => api.post<PasskeyItem>('user/me/passkeys', { response, ...(name ? { name } : {}) });
export const removePasskey = (id: number) => api.delete<void>(`user/me/passkeys/${id}`);
export const startPasskeyLogin = () => api.post<PublicKeyCredentialRequestOptionsJSON>('user/login/passkey/options', undefined, publicCall);
export const completePasskeyLogin = (response: AuthenticationResponseJSON) => api.post<{ accessToken: string }>('user/login/passkey', { response }, publicCall);

export const startTotpLoginEnrolment = (loginToken: string) => api.post<TotpEnrolment>('user/login/totp/enrolment', { loginToken }, publicCall);

export const fetchSignInMethods = () => api.get<SignInMethods>('user/me/signInMethods');
export const startTotpEnrolment = () => api.post<TotpEnrolment>('user/me/totp', undefined);
export const confirmTotpEnrolment = (code: string) => api.post<{ recoveryCodes: string[] }>('user/me/totp/confirm', { code });
export const removeTotp = () => api.delete<void>('user/me/totp');

/** First step of two-factor sign-in: the server mails a link and opens no session. */
export const secureLogin = (credentials: Credentials) =>
  api.post<{ twoFactor: true }>('user/secure/login', credentials, publicCall);

export const completeSecondFactor = (email: string, token: string) =>
  api.get<{ accessToken: string }>('user/secure/login', { ...publicCall, query: { email, token } });

export const requestPasswordReset = (userName: string) =>
  api.get<void>('user/resetPassword', { ...publicCall, query: { userName } });

export const checkSetPasswordLink = (token: string) =>
  api.get<{ userName: string }>('user/setPassword', { ...publicCall, query: { token } });

export const setPassword = (password: string, token: string) =>
  api.post<void>('user/setPassword', { password, token }, publicCall);

export const logout = () => api.post<void>('user/logout', undefined, { skipUnauthorizedHandler: true });

export const fetchCurrentUser = () => api.get<CurrentUser>('user/me');

/**
 * Everything the portal holds about the signed-in user (GDPR Art. 15, 20; issue 24), saved as a JSON file
 * named by the server.
 */
export const downloadPersonalData = async (): Promise<void> => {
  const data = await api.get<{ profile: { id: number } }>('user/me/personalData');
  const href = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = `ecore-personal-data-${data.profile.id}.json`;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
};
