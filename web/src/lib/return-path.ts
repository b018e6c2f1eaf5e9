/** Routes that need no session; coming back to one of them after login makes no sense. */
export const PUBLIC_PATHS = ['/login', '/set-password', '/login-step2', '/invalid-link', '/asset-access-permission'] as const;

/** The page on which a 401 answer does not log out (spec 01 §4). */
export const UNAUTHORIZED_EXEMPT_PATH = '/asset-access-permission';

export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

/** The full requested path (pathname, query and fragment) that a guard remembers. */
export const fullPath = (location: LocationLike): string =>
  `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;

const pathnameOf = (path: string): string => path.split(/[?#]/, 1)[0] ?? '';

export const isPublicPath = (path: string): boolean => {
  const pathname = pathnameOf(path).replace(/\/+$/, '') || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
};

/**
 * Where to go after a successful login: the remembered path when it is a path of this portal
 * (starts with a single slash, so no other origin can be reached) and not a public page; else '/'.
 */
export const returnPathAfterLogin = (remembered: string | null | undefined): string => {
  if (!remembered || !remembered.startsWith('/') || remembered.startsWith('//') || remembered.includes('\\')) return '/';
  if (isPublicPath(remembered)) return '/';
  return remembered;
};

const STORAGE_KEY = 'ecore.returnPath';
// Kept in memory too, for browsers that refuse sessionStorage.
let inMemory: string | null = null;

/** Remembers a path across the trip to the login page (and a reload of it). */
export const rememberPath = (path: string): void => {
  if (isPublicPath(path)) return;
  inMemory = path;
  try {
    sessionStorage.setItem(STORAGE_KEY, path);
  } catch {
    // Storage may be unavailable (private mode); the in-memory copy still serves this page.
  }
};

export const forgetRememberedPath = (): void => {
  inMemory = null;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // see rememberPath
  }
};

/** Where a freshly logged-in user goes: the remembered path, or the root. Reading does not forget it. */
export const pathAfterLogin = (): string => {
  let stored: string | null = inMemory;
  try {
    stored = sessionStorage.getItem(STORAGE_KEY) ?? inMemory;
  } catch {
    // see rememberPath
  }
  return returnPathAfterLogin(stored);
};
