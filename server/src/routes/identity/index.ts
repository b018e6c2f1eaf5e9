import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { loginRoutes } from './login.ts';
import { meRoutes } from './me.ts';
import { personalDataRoutes } from './personal-data.ts';
import { passwordRoutes } from './password.ts';
import { userRoutes } from './users.ts';
import { apiTokenRoutes } from './api-tokens.ts';
import { totpRoutes } from './totp.ts';
import { ssoLoginRoutes } from './sso-login.ts';
import { passkeyRoutes } from './passkeys.ts';

export const identityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(loginRoutes, deps);
  await app.register(passwordRoutes, deps);
  await app.register(meRoutes, deps);
  await app.register(personalDataRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(apiTokenRoutes, deps);
  await app.register(totpRoutes, deps);
  await app.register(ssoLoginRoutes, deps);
  await app.register(passkeyRoutes, deps);
};
