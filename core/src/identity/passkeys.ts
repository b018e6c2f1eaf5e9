import { z } from 'zod';

/**
 * Passkeys (WebAuthn; docs/sign-in.md "Passkeys"): a user registers one or more from the sign-in methods page and
 * signs in with one, without a password. The portal keeps each passkey's public key, its signature counter and when it
 * was last used; the private key never leaves the user's device.
 */
export const PASSKEY_MAX_PER_USER = 10;
export const PASSKEY_NAME_MAX = 60;

export type PasskeyRefusal =
  /** Unknown passkey, a wrong or reused challenge, a bad signature, another site's or another user's passkey. */
  | 'passkey-error'
  | 'passkey-limit';

/** The user handle the portal gives a user's passkeys: the user's id as text, so a passkey names whose it is. */
export const passkeyUserHandle = (userId: number): string => String(userId);

/**
 * Whether a presented passkey may sign in its stored owner: the authenticator's user handle (when it sends one) must
 * name that very user, so that a passkey registered to one user never signs in another.
 */
export const passkeyBelongsTo = (stored: { userId: number }, presentedUserHandle: string | null | undefined): boolean =>
  presentedUserHandle === null || presentedUserHandle === undefined || presentedUserHandle === passkeyUserHandle(stored.userId);

/** The name a passkey is listed by, defaulting to the browser's guess. */
export const passkeyNameSchema = z.string().trim().max(PASSKEY_NAME_MAX, { error: 'validation-max-length' });

const base64url = z.string().max(20_000).regex(/^[A-Za-z0-9_-]*$/, { error: 'passkey-error' });

/** `POST /api/user/me/passkeys`: the browser's answer to the registration options, and a name. */
export const passkeyRegistrationBodySchema = z.object({
  name: passkeyNameSchema.optional(),
  response: z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: base64url, attestationObject: base64url, transports: z.array(z.string().max(30)).max(10).optional() }).loose(),
    clientExtensionResults: z.object({}).loose(),
    authenticatorAttachment: z.string().max(30).optional(),
  }),
});

/** `POST /api/user/login/passkey`: the browser's answer to the sign-in options. */
export const passkeyAuthenticationBodySchema = z.object({
  response: z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.optional() }).loose(),
    clientExtensionResults: z.object({}).loose(),
    authenticatorAttachment: z.string().max(30).optional(),
  }),
});

export const passkeySchema = z.object({ id: z.number(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type Passkey = z.infer<typeof passkeySchema>;
