import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import { actorFromClaims, isSessionActive, sessionClaimsSchema, type Actor, type SessionClaims } from '@ecore/core/identity/session.ts';
import { maySignIn } from '@ecore/core/identity/user-status.ts';
import {
  API_TOKEN_CALLS_PER_MINUTE,
  BAD_BEARER_PER_MINUTE,
  bearerHeldUp,
  claimsApiToken,
  noteBearerFailure,
  countCall,
  decideTokenCall,
  isApiTokenShaped,
  rateLimitHeader,
  type ApiTokenScope,
  type RateWindow,
} from '@ecore/core/identity/api-tokens.ts';
import { sessionClaimsFor } from '@ecore/core/identity/sign-in.ts';
import type { SignInUser } from '@ecore/core/identity/user.ts';
import { findApiTokenByHash, touchApiToken, type ApiTokenAuth } from '@ecore/adapters/db/identity/api-tokens-repository.ts';
import { findSessionState, findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import { findUserAccount } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import type { UserAccount } from '@ecore/core/identity/user.ts';
import { SESSION_CHANNEL } from '@ecore/migrations/index.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from './http-error.ts';
import { createNotifiedCache, createUserCache, type SessionState, type UserCache } from './session-cache.ts';

/** A cache the change notifications empty; `drop` (if it has one) takes the keys a notification names. */
type Notified = { invalidate(): void; listening(on: boolean): void; drop?(keys: Iterable<never>, origin?: string): void };

/**
 * `keptOnOtherWrites`: the cached tables are changed only by calls that say so (`request.changesKeptData`), so a
 * write of anything else (a saved answer) keeps the cache in this process; notifications still empty it everywhere.
 */
export interface WatchOptions {
  keptOnOtherWrites?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The tables a changing call writes, where it knows them all (sign-in writes only its attempt counters and
     * records): before its answer this process then empties only the caches watching one of them, not every cache.
     */
    writes?: readonly string[];
  }
  interface FastifyRequest {
    actor: Actor;
    /**
     * Caches a call that changed something has already emptied of exactly what it changed (it names them, after its
     * commit and before it answers); the others this process keeps are emptied whole before the answer goes out.
     */
    ownCacheDrops: Set<object> | null;
    /**
     * Set by the few calls that change data kept in caches watched with `keptOnOtherWrites` (the reference-data
     * import): only then does this process empty those before the answer goes out.
     */
    changesKeptData: boolean;
    /** The access token a call came with (issue 21), null for a session. Never the secret. */
    apiToken: { id: number; scopes: readonly ApiTokenScope[]; hash: string } | null;
  }
  interface FastifyInstance {
    /** onRequest hook for a subtree of routes that need a signed-in user. */
    authenticate: (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
    signSession: (claims: SessionClaims) => string;
    /** Recently checked session states (plugins/session-cache.ts). */
    sessions: UserCache<SessionState>;
    /** Recently read accounts (not archived), kept like the session states. */
    accounts: UserCache<UserAccount>;
    /**
     * Empties the cache whenever one of the tables changes (in any process); answers the cache. A notification
     * `name:1,2,3` (migration 043: the ids of the filled questionnaires a statement touched) drops only those keys
     * from a cache that has `drop`, and empties the others that watch `name`.
     */
    watchTables: <C extends Notified>(tables: readonly string[], cache: C, options?: WatchOptions) => C;
  }
}

/**
 * Sessions are signed JWTs (DOMAIN.md §2). A token is accepted while it is unexpired, its session
 * version is the user's current one (logout, deactivation, locking and archiving raise it) and the
 * user may still sign in. The user's state comes from a short-lived cache that every change which can end a
 * session empties at once in every process (a database notification, see the session-notifications
 * migration); without notifications (`deps.listen` absent or its connection lost) it is read every time.
 */
export const authPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  await app.register(fastifyJwt, { secret: deps.config.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });

  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('ownCacheDrops', null);
  app.decorateRequest('changesKeptData', false);
  app.decorateRequest('apiToken', null);
  app.decorate('signSession', (claims: SessionClaims) => app.jwt.sign(claims));

  // Caches of database reads, each emptied by the change notifications of the tables it depends on (the
  // triggers send the table's name). Without notifications (`deps.listen` absent or its connection lost)
  // they are not used.
  const watched: { tables: readonly string[]; cache: Notified; keptOnOtherWrites: boolean }[] = [];
  let listening = false;
  const watchTables = <C extends Notified>(tables: readonly string[], cache: C, options: WatchOptions = {}): C => {
    watched.push({ tables, cache, keptOnOtherWrites: options.keptOnOtherWrites ?? false });
    cache.listening(listening);
    return cache;
  };
  const sessions = watchTables(['users', 'organisations'], createUserCache<SessionState>({ read: (userId) => findSessionState(deps.db, userId) }));
  const accounts = watchTables(['users', 'organisations'], createUserCache<UserAccount>({ read: (userId) => findUserAccount(deps.db, userId) }));
  app.decorate('sessions', sessions);
  app.decorate('accounts', accounts);
  app.decorate('watchTables', watchTables);
  if (deps.listen) {
    const stop = await deps.listen(SESSION_CHANNEL, {
      notify: (payload) => {
        // `table`, `table:1,2` or `table:1,2@origin` (the transaction that made the change: migration 090).
        const colon = payload.indexOf(':');
        const at = payload.indexOf('@', colon);
        const table = colon < 0 ? payload : payload.slice(0, colon);
        const keys = colon < 0 ? null : payload.slice(colon + 1, at < 0 ? undefined : at).split(',').map(Number);
        const origin = at < 0 ? undefined : payload.slice(at + 1);
        for (const w of watched) {
          if (!w.tables.includes(table)) continue;
          // Keyed notifications carry ids (numbers): only caches keyed by those ids watch their names.
          if (keys && w.cache.drop) w.cache.drop(keys as Iterable<never>, origin);
          else w.cache.invalidate();
        }
      },
      listening: (on) => {
        listening = on;
        watched.forEach((w) => w.cache.listening(on));
      },
    });
    app.addHook('onClose', async () => stop());
    // A call that changed something has committed before its answer goes out: this process forgets what it
    // keeps then, so the caller's next request never meets a session its own change ended (the notification
    // reaches the other processes a moment later; on PGlite it has already come at the commit).
    // A refusal (4xx, 5xx) stores nothing (the specifications' rule; server/src/security/generated-input.test.ts checks
    // it over every route): it keeps the caches too.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        const writes = request.routeOptions.config.writes;
        for (const w of watched) {
          if (request.ownCacheDrops?.has(w.cache) || (w.keptOnOtherWrites && !request.changesKeptData)) continue;
          if (writes && !w.tables.some((table) => writes.includes(table))) continue;
          w.cache.invalidate();
        }
      }
      done(null, payload);
    });
  }

  // A token whose signature was checked once stays signed: its claims and the actor they make are kept (expiry,
  // session version and the user's state are still checked on every request below).
  const VERIFIED_TOKENS = 10_000;
  const verified = new Map<string, { claims: SessionClaims; actor: Actor }>();
  // Access tokens (issue 21, docs/api.md): a token is read by the hash of its secret together with its user, and
  // kept while neither changed (revoking notifies `api_tokens`; deactivating, locking, archiving the user or its
  // organisation notify `users` / `organisations`), so that it stops working at once in every process.
  const apiTokens = watchTables(
    ['api_tokens', 'users', 'organisations'],
    createNotifiedCache<string, { token: ApiTokenAuth; user: SignInUser } | null>(),
  );
  const readApiToken = async (hash: string) => {
    const token = await findApiTokenByHash(deps.db, hash);
    const user = token ? await findSignInUserById(deps.db, token.userId) : null;
    return token && user ? { token, user } : null;
  };
  // Per token (by hash) and process: a fixed window of a minute, and when a use was last noted (the list's lastUsedAt).
  const windows = new Map<string, RateWindow>();
  const noted = new Map<string, number>();
  const callsPerMinute = deps.config.apiTokenRateLimit ?? API_TOKEN_CALLS_PER_MINUTE;

  const authenticateApiToken = async (request: FastifyRequest, reply: FastifyReply | undefined, secret: string) => {
    if (!isApiTokenShaped(secret)) throw new HttpError(401, 'api-token-invalid');
    const hash = deps.tokens.hash(secret);
    const found = await apiTokens.get(hash, () => readApiToken(hash));
    if (!found) throw new HttpError(401, 'api-token-invalid');
    const { token, user } = found;
    const now = deps.clock();
    // The route the router matched (its method and pattern), never the URL's text: `/api/user/%61piTokens` reaches
    // the route `/api/user/apiTokens` and needs what that route needs.
    const route = { method: request.method, pattern: request.routeOptions.url ?? '' };
    const decision = decideTokenCall(
      token,
      { roles: user.roles, orgFinance: user.organisation.isFinancePartner, maySignIn: maySignIn({ ...user, organisationActive: user.organisation.organisationActive }) },
      route,
      now,
    );
    if (decision.kind === 'invalid') {
      request.log.info({ apiTokenId: token.id, userId: token.userId, reason: decision.reason }, 'access token refused');
      throw new HttpError(401, 'api-token-invalid');
    }
    if (decision.kind === 'session-only') {
      request.log.info({ apiTokenId: token.id, userId: token.userId, method: request.method, route: route.pattern }, 'access token refused: a browser session only');
      throw new HttpError(403, 'token-not-allowed');
    }
    if (decision.kind === 'scope') {
      request.log.info({ apiTokenId: token.id, userId: token.userId, method: request.method, route: route.pattern, needed: decision.needed }, 'access token lacks the scope');
      throw new HttpError(403, 'api-token-scope');
    }
    if (windows.size >= VERIFIED_TOKENS) windows.clear();
    const rate = countCall(windows.get(hash), now, callsPerMinute, 60_000);
    windows.set(hash, rate.window);
    reply?.header('ratelimit', rateLimitHeader(rate)).header('ratelimit-policy', `${callsPerMinute};w=60`);
    if (!rate.allowed) {
      reply?.header('retry-after', String(rate.resetSeconds));
      request.log.warn({ apiTokenId: token.id, userId: token.userId }, 'access token rate limited');
      throw new HttpError(429, 'too-many-requests');
    }
    request.log.info({ apiTokenId: token.id, userId: token.userId, method: request.method, route: route.pattern }, 'access token call');
    request.apiToken = { id: token.id, scopes: token.scopes, hash };
    request.actor = actorFromClaims(sessionClaimsFor(user, Math.floor(now / 1000)));
  };
  // The use is noted when a call succeeded (at most once a minute per token), so that a refused call stores nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    const token = request.apiToken;
    if (!token || reply.statusCode >= 400) return done(null, payload);
    const now = deps.clock();
    const last = noted.get(token.hash);
    if (last !== undefined && now >= last && now - last < 60_000) return done(null, payload);
    if (noted.size >= VERIFIED_TOKENS) noted.clear();
    noted.set(token.hash, now);
    touchApiToken(deps.db, token.id, now).then(() => done(null, payload), (err: Error) => done(err));
  });

  // Failed bearer values per client address and process (core's bearerHeldUp): a guesser gets 429 after 20 in a minute.
  const badBearers = new Map<string, RateWindow>();
  const bearerFailed = (request: FastifyRequest, error: unknown): never => {
    if (error instanceof HttpError && error.statusCode === 401) {
      if (badBearers.size >= VERIFIED_TOKENS) badBearers.clear();
      badBearers.set(request.ip, noteBearerFailure(badBearers.get(request.ip), deps.clock()));
    }
    throw error;
  };
  const holdUpGuesser = (request: FastifyRequest, reply: FastifyReply | undefined) => {
    const held = bearerHeldUp(badBearers.get(request.ip), deps.clock(), deps.config.bearerFailureLimit ?? BAD_BEARER_PER_MINUTE);
    if (!held.heldUp) return;
    reply?.header('retry-after', String(held.retryAfterSeconds));
    request.log.warn({ ip: request.ip }, 'bearer calls held up after failed tokens');
    throw new HttpError(429, 'too-many-requests');
  };
  const verifySession = (token: string) => {
    let known = verified.get(token);
    if (!known) {
      let claims: SessionClaims;
      try {
        // Expiry is checked against the injected clock below, not the verifier's own.
        claims = sessionClaimsSchema.parse(app.jwt.verify(token, { ignoreExpiration: true }));
      } catch {
        return null;
      }
      if (verified.size >= VERIFIED_TOKENS) verified.clear();
      known = { claims, actor: Object.freeze(actorFromClaims(claims)) };
      verified.set(token, known);
    }
    return known;
  };

  app.decorate('authenticate', async (request: FastifyRequest, reply?: FastifyReply) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new HttpError(401, 'unauthorized');
    const token = header.slice(7);
    if (claimsApiToken(token)) {
      holdUpGuesser(request, reply);
      return authenticateApiToken(request, reply, token).catch((error: unknown) => bearerFailed(request, error));
    }
    // A session token whose signature holds is never held up by others' failures from the same address.
    const known = verifySession(token);
    if (!known) {
      holdUpGuesser(request, reply);
      bearerFailed(request, new HttpError(401, 'unauthorized'));
    }
    const { claims, actor } = known!;
    request.claimedUserId = Number(claims.sub);
    if (!isSessionActive(claims, Math.floor(deps.clock() / 1000))) throw new HttpError(401, 'unauthorized');
    const state = await sessions.get(Number(claims.sub));
    if (!state || state.sessionVersion !== (claims.sv ?? 0) || !maySignIn(state)) throw new HttpError(401, 'unauthorized');
    request.actor = actor;
  });
});
