/** The single-use link tokens of DOMAIN.md §2 and how long each lives. */
export const LINK_TOKEN_LIFETIME_MS = {
  setPassword: 7 * 24 * 60 * 60 * 1000,
  resetPassword: 24 * 60 * 60 * 1000,
  twoFactor: 10 * 60 * 1000,
  /** Between the right password and the authenticator app's code (docs/sign-in.md). */
  totpLogin: 5 * 60 * 1000,
  /** A passkey's challenge: registering one from the profile, or signing in with one (docs/sign-in.md). */
  passkeyRegistration: 5 * 60 * 1000,
  passkeySignIn: 5 * 60 * 1000,
  accessRequest: 14 * 24 * 60 * 60 * 1000,
} as const;
export type LinkTokenPurpose = keyof typeof LINK_TOKEN_LIFETIME_MS;

export interface LinkTokenRecord {
  purpose: LinkTokenPurpose;
  expiresAt: number;
  usedAt: number | null;
  voidedAt: number | null;
}

export type LinkTokenState = 'valid' | 'expired' | 'used' | 'voided';

export const linkTokenState = (token: LinkTokenRecord, now: number): LinkTokenState => {
  if (token.usedAt !== null) return 'used';
  if (token.voidedAt !== null) return 'voided';
  if (token.expiresAt <= now) return 'expired';
  return 'valid';
};

export const linkTokenExpiry = (purpose: LinkTokenPurpose, issuedAt: number): number =>
  issuedAt + LINK_TOKEN_LIFETIME_MS[purpose];
