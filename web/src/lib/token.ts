import { sessionClaimsSchema, type SessionClaims } from '@ecore/core/identity/session.ts';

/** Decodes one base64url segment of a JWT into text (UTF-8, so umlauts in user names survive). */
const decodeBase64Url = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/**
 * The claims of a session token, read without verifying the signature: the server verifies every
 * call, the client only needs to know who it is and until when. Anything malformed gives null.
 */
export const decodeSessionToken = (token: string | null | undefined): SessionClaims | null => {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const parsed = sessionClaimsSchema.safeParse(JSON.parse(decodeBase64Url(parts[1])));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
