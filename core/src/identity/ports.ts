import type { Language } from '../shared/language.ts';

/** Ports the identity module needs from the outside world; adapters implement them. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string | null, password: string): Promise<boolean>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the mail carries, logged in development so that nobody needs a mail client. */
  link?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export interface LinkTokens {
  /** A new random token (32 bytes) and the hash that alone is stored. */
  create(): { token: string; hash: string };
  hash(token: string): string;
}

export type { Language };

/** Secrets the portal must read back (authenticator-app seeds), sealed with the configuration's key. */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the text was not sealed with this key or was changed. */
  open(sealed: string): string;
}
