import { useSyncExternalStore } from 'react';
import { actorFromClaims, isSessionActive, type Actor, type SessionClaims } from '@ecore/core/identity/session.ts';
import type { AccessSubject } from '@ecore/core/identity/route-access.ts';
import { decodeSessionToken } from './token.ts';
import { readStored, writeStored } from './local-store.ts';

export interface Session {
  token: string;
  claims: SessionClaims;
  actor: Actor;
}

const nowSeconds = (): number => Date.now() / 1000;

/** A session from a token, or null when the token is malformed or already expired. */
export const sessionFromToken = (token: string | null, now: number = nowSeconds()): Session | null => {
  const claims = decodeSessionToken(token);
  if (!token || !claims || !isSessionActive(claims, now)) return null;
  return { token, claims, actor: actorFromClaims(claims) };
};

/** The parts of the session that decide routes, navigation and cards (core route-access). */
export const accessSubject = (session: Session): AccessSubject => ({
  roles: session.actor.roles,
  orgFinance: session.actor.orgFinance,
});

const listeners = new Set<() => void>();
let current: Session | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

// setTimeout keeps delays in a signed 32-bit integer; longer waits are done in steps.
const MAX_TIMER_MS = 2_147_483_647;

const notify = (): void => {
  for (const listener of listeners) listener();
};

const scheduleExpiry = (): void => {
  clearTimeout(expiryTimer);
  if (!current) return;
  const remaining = current.claims.exp * 1000 - Date.now();
  expiryTimer = setTimeout(() => {
    if (current && !isSessionActive(current.claims, nowSeconds())) expireSession();
    else scheduleExpiry();
  }, Math.min(Math.max(remaining, 0), MAX_TIMER_MS));
};

const setCurrent = (session: Session | null): void => {
  current = session;
  writeStored('token', session?.token ?? null);
  scheduleExpiry();
  notify();
};

/** Why the last session ended; an explicit logout does not remember the page the user was on. */
export type SessionEndReason = 'logout' | 'expired' | 'unauthorized' | 'passwordSet';
let endReason: SessionEndReason | null = null;
export const lastSessionEndReason = (): SessionEndReason | null => endReason;

/** An expired token counts as logged out (spec 01 §2 Guards); the user name stays for the next login. */
const expireSession = (): void => {
  endReason = 'expired';
  setCurrent(null);
};

/** Starts a session from the server's access token; false when the token cannot be used. */
export const startSession = (token: string): boolean => {
  const session = sessionFromToken(token);
  if (!session) return false;
  writeStored('userName', session.claims.userName);
  endReason = null;
  setCurrent(session);
  return true;
};

/** Forgets the session locally (logout, 401, password set while logged in). */
export const endSession = (reason: SessionEndReason): void => {
  endReason = reason;
  setCurrent(null);
};

/** The active session, re-checked against the clock on every read. */
export const getSession = (): Session | null => {
  if (current && !isSessionActive(current.claims, nowSeconds())) expireSession();
  return current;
};

export const getToken = (): string | null => getSession()?.token ?? null;

/** Restores the stored session when the page loads. */
export const restoreSession = (): void => {
  const session = sessionFromToken(readStored('token'));
  if (session) setCurrent(session);
  else writeStored('token', null);
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const snapshot = (): Session | null => current;

/**
 * The active session for React components; re-renders on login, logout and expiry (the expiry timer
 * notifies). Reading stays free of side effects, as React requires of a snapshot.
 */
export const useSession = (): Session | null => {
  const session = useSyncExternalStore(subscribe, snapshot, snapshot);
  return session && isSessionActive(session.claims, nowSeconds()) ? session : null;
};

// A background tab may run timers late; check again when the user comes back.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') getSession();
  });
}
