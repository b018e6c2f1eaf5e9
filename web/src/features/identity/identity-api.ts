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

export const login = (credentials: Credentials) => api.post<{ accessToken: string }>('user/login', credentials, publicCall);

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
