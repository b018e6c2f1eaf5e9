/** What the client keeps in localStorage (spec 01 §3): user name, auth token and locale. */
export const STORAGE_KEYS = {
  userName: 'ecore.userName',
  token: 'ecore.token',
  locale: 'ecore.locale',
} as const;
export type StorageKey = keyof typeof STORAGE_KEYS;

// Storage can be missing or refuse writes (private mode, tests in node); the portal then simply forgets.
export const readStored = (key: StorageKey): string | null => {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS[key]) ?? null;
  } catch {
    return null;
  }
};

export const writeStored = (key: StorageKey, value: string | null): void => {
  try {
    if (value === null) globalThis.localStorage?.removeItem(STORAGE_KEYS[key]);
    else globalThis.localStorage?.setItem(STORAGE_KEYS[key], value);
  } catch {
    // see readStored
  }
};
