import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_STATED, passwordProblem } from './password.ts';

/**
 * Payloads of the auth calls (spec 01 §7 "Auth"). The refinements carry the message keys of
 * shared/messages.ts so that the server's 400 answers name the specification's texts.
 */
const required = (max = 200) => z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(max, { error: 'validation-max-length' });

export const loginBodySchema = z.object({
  userName: required(),
  password: z.string({ error: 'validation-required' }).min(1, { error: 'validation-required' }).max(PASSWORD_MAX_LENGTH, { error: 'validation-max-length' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const resetPasswordQuerySchema = z.object({ userName: required() });

export const newPasswordSchema = z.string({ error: 'validation-required' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem === null) return;
  const key = {
    required: 'validation-required',
    minLength: 'validation-min-length',
    maxLength: 'validation-max-length',
    letterAndNumber: 'validation-password-content',
    common: 'validation-password-common',
  }[problem];
  // The length texts name their limit: the stated minimum (as the page does) or the maximum of 128.
  const params = problem === 'maxLength' ? { maximum: PASSWORD_MAX_LENGTH } : problem === 'minLength' ? { minimum: PASSWORD_MIN_LENGTH_STATED } : undefined;
  ctx.addIssue({ code: 'custom', message: key, ...(params ? { params } : {}) });
});

export const setPasswordBodySchema = z.object({
  password: newPasswordSchema,
  token: required(200),
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** Second step of two-factor sign-in: the e-mail link carries email and token (spec 01 §7). */
export const secondFactorQuerySchema = z.object({
  userName: z.string().trim().min(1).max(200).optional(),
  email: z.string().trim().min(1).max(320).optional(),
  token: required(200),
}).refine((q) => q.userName !== undefined || q.email !== undefined, { message: 'validation-required', path: ['email'] });

export const accessTokenResponseSchema = z.object({ accessToken: z.string() });
export const secureLoginResponseSchema = z.object({ twoFactor: z.literal(true) });

/** The right password of a user who must give an authenticator app's code next (docs/sign-in.md): no session yet. */
export const secondFactorResponseSchema = z.object({ secondFactor: z.enum(['totp', 'totpEnrolment']), loginToken: z.string() });
export const loginResponseSchema = z.union([accessTokenResponseSchema, secondFactorResponseSchema]);

/** The second step: the token of the first and a code of the app or a recovery code. */
export const totpLoginBodySchema = z.object({ loginToken: required(200), code: required(40) });
export const totpLoginTokenBodySchema = z.object({ loginToken: required(200) });
export const totpCodeBodySchema = z.object({ code: required(40) });

/** A new authenticator app: the secret as text and as the QR code's address and picture (SVG), shown once. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const totpLoginResponseSchema = accessTokenResponseSchema.extend({ recoveryCodes: z.array(z.string()).optional() });

/** The signed-in user's ways to sign in and when each was last used (profile, personal-data export). */
export const signInMethodsSchema = z.object({
  password: z.object({ set: z.boolean() }),
  totp: z.object({
    state: z.enum(['none', 'pending', 'confirmed']),
    confirmedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    recoveryCodesLeft: z.number(),
    recoveryCodeLastUsedAt: z.string().nullable(),
  }),
  organisationRequiresTotp: z.boolean(),
  /** Single sign-on: whether the organisation's provider covers the user's e-mail, and the last sign-in through it. */
  sso: z.object({ available: z.boolean(), lastUsedAt: z.string().nullable() }),
  /** Passkeys: how many the user has and the last sign-in with one. */
  passkeys: z.object({ count: z.number(), lastUsedAt: z.string().nullable() }),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
