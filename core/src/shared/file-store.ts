/**
 * Where attachments live (ARCHITECTURE.md "Runtime parts"): a folder by default, any store behind this port.
 * Keys are chosen by the caller (random, never a user's file name).
 */
export interface FileStore {
  /** Stores the bytes under the key, whole or not at all: a half-written file is never visible. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when the key is unknown. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the file; unknown keys are ignored. */
  remove(key: string): Promise<void>;
}
