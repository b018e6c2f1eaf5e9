import { Role } from '../identity/roles.ts';
import type { MessageKey } from '../shared/messages.ts';

/**
 * Webhooks (docs/webhooks.md): a backend caller subscribes a URL to events of its organisation; each event goes out
 * once per subscription as signed JSON, retried with backoff for a day, in order per object. The rules here are pure:
 * which URLs are allowed, the events, the payload, the signed text, the retry schedule.
 */

export const WEBHOOK_EVENTS = [
  'questionnaire.submitted',
  'questionnaire.declined',
  'review.finished',
  'certificate.issued',
  'certificate.revoked',
  'label.expiring',
  'import.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A subscription as the calls answer it (never its secret). */
export interface WebhookView {
  id: number;
  organisationId: number;
  organisationName: string;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  /** Set when the receiver failed for 24 hours: nothing more is sent. */
  pausedAt: string | null;
  failingSince: string | null;
}

/** One delivery attempt of a subscription. */
export interface WebhookDeliveryView {
  eventId: string;
  type: string;
  attempt: number;
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  attemptedAt: string;
}

/** At most this many subscriptions per organisation. */
export const WEBHOOKS_PER_ORGANISATION = 10;
/** A receiver has this long to answer (connect and body). */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** A subscription failing this long is paused and its creator told on the worklist. */
export const FAILING_LIMIT_MS = 24 * 60 * 60 * 1000;
/** The first retry waits this long, each further one twice as long, at most RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** A receiver may refuse a timestamp older than this (replays), as docs/webhooks.md shows. */
export const REPLAY_WINDOW_SECONDS = 300;

export interface WebhookFieldError {
  path: 'url' | 'events';
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** Parses an IPv4 address in dotted form into its four numbers, or null. */
const ipv4 = (host: string): number[] | null => {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
};

/**
 * Whether an address (IPv4 or IPv6 text, brackets allowed) lies where a webhook must not reach (SSRF): private
 * networks 10/8, 172.16/12, 192.168/16, link-local 169.254/16, loopback 127/8 and ::1, "this network" 0/8, IPv6
 * unique-local fc00::/7 and link-local fe80::/10, and IPv4 addresses mapped into IPv6 that are any of these.
 */
export const isPrivateAddress = (address: string): boolean => {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4(host);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (!host.includes(':')) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) return isPrivateAddress(mapped[1]!);
  if (host === '::1' || host === '::') return true;
  const first = parseInt(host.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
};

/** The hosts a portal in development may call over plain http (a receiver on the developer's machine). */
export const DEVELOPMENT_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** Whether the URL's host is the developer's own machine, allowed only in development. */
const isLoopbackHost = (host: string): boolean => (DEVELOPMENT_HOSTS as readonly string[]).includes(host.toLowerCase());

/**
 * The checks of a subscription's URL (before its name is resolved): https only, except http to 127.0.0.1 or
 * localhost when the portal runs in development; no user or password in it; no address literal in a private or
 * link-local range (outside development, the loopback too).
 */
export const checkWebhookUrl = (text: string, development: boolean): WebhookFieldError[] => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [{ path: 'url', key: 'webhook-url-invalid' }];
  }
  if (url.username || url.password || text.length > 2000) return [{ path: 'url', key: 'webhook-url-invalid' }];
  const loopback = isLoopbackHost(url.hostname);
  if (development && loopback && (url.protocol === 'http:' || url.protocol === 'https:')) return [];
  if (url.protocol !== 'https:') return [{ path: 'url', key: 'webhook-url-https' }];
  if (loopback || isPrivateAddress(url.hostname)) return [{ path: 'url', key: 'webhook-url-private' }];
  return [];
};

/**
 * The addresses the URL's name resolved to: refused when any of them is private (a name pointing inside is the same
 * reach as the address itself); the developer's loopback in development is allowed.
 */
export const checkResolvedAddresses = (host: string, addresses: readonly string[], development: boolean): WebhookFieldError[] => {
  if (development && isLoopbackHost(host)) return [];
  if (addresses.length === 0) return [{ path: 'url', key: 'webhook-url-unresolved' }];
  return addresses.some(isPrivateAddress) ? [{ path: 'url', key: 'webhook-url-private' }] : [];
};

/** The checks of a new subscription: its URL, at least one event, each a known one, and the organisation's limit. */
export const checkNewWebhook = (input: { url: string; events: readonly string[] }, existing: number, development: boolean): WebhookFieldError[] => {
  const errors = checkWebhookUrl(input.url, development);
  if (input.events.length === 0) errors.push({ path: 'events', key: 'webhook-events-required' });
  const unknown = input.events.find((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
  if (unknown !== undefined) errors.push({ path: 'events', key: 'webhook-event-unknown', params: { event: unknown } });
  if (existing >= WEBHOOKS_PER_ORGANISATION) errors.push({ path: 'url', key: 'webhook-limit', params: { n: WEBHOOKS_PER_ORGANISATION } });
  return errors;
};

/** The events as stored and answered: each once, in the order of WEBHOOK_EVENTS. */
export const normaliseEvents = (events: readonly string[]): WebhookEvent[] => WEBHOOK_EVENTS.filter((e) => events.includes(e));

/** What an event concerns: ids only, never personal data. */
export interface WebhookSubject {
  assetId?: number;
  assetGroupId?: number;
  assetQuestionnaireId?: number;
  certificateId?: number;
  importId?: number;
  /** The last valid day of an expiring label, and the reminder's threshold in days. */
  validUntil?: string;
  daysLeft?: number;
}

/** The JSON body of one event (docs/webhooks.md). */
export interface WebhookPayload {
  id: string;
  type: WebhookEvent;
  occurredAt: string;
  organisationId: number;
  data: WebhookSubject;
}

/** The object whose events must arrive in order (per subscription): an object, else a group, else the import. */
export const orderKey = (subject: WebhookSubject): string =>
  subject.assetId !== undefined ? `asset:${subject.assetId}` : subject.assetGroupId !== undefined ? `group:${subject.assetGroupId}` : `import:${subject.importId ?? 0}`;

/** The text that is signed: the Unix seconds, a dot, the exact body sent. */
export const signedText = (timestampSeconds: number, body: string): string => `${timestampSeconds}.${body}`;

/** The signature header's value for a hex HMAC-SHA256. */
export const signatureHeader = (hexDigest: string): string => `sha256=${hexDigest}`;

/**
 * After a failed attempt: the next try after RETRY_FIRST_MS doubled per earlier failure, at most RETRY_MAX_MS; or
 * pause, when the subscription has been failing since `failingSince` for FAILING_LIMIT_MS (a day) by then.
 */
export const afterFailure = (failures: number, failingSince: number, now: number): { retryAt: number } | { pause: true } => {
  if (now - failingSince >= FAILING_LIMIT_MS) return { pause: true };
  const delay = Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(failures - 1, 20)), RETRY_MAX_MS);
  return { retryAt: now + delay };
};

/** The delays of the retry schedule of one event failing all day, from its first attempt (docs/webhooks.md). */
export const retrySchedule = (): number[] => {
  const delays: number[] = [];
  let at = 0;
  for (let failures = 1; ; failures += 1) {
    const next = afterFailure(failures, 0, at);
    if ('pause' in next) return delays;
    delays.push(next.retryAt - at);
    at = next.retryAt;
  }
};

/** Which state changes of a filled questionnaire make which event (DOMAIN.md §3). */
export const questionnaireEvents = (from: string, to: string): WebhookEvent[] => {
  const events: WebhookEvent[] = [];
  if (to === 'Review' && from !== 'Review') events.push('questionnaire.submitted');
  if (to === 'Declined' || to === 'DefinitelyDeclined') events.push('questionnaire.declined');
  // The tester's review ends with the questionnaire sent on to evaluation, back for documents, or declined.
  if (from === 'Review' && ['Evaluation', 'Verification', 'Declined', 'DefinitelyDeclined'].includes(to)) events.push('review.finished');
  return events;
};

/**
 * Who manages webhooks (docs/webhooks.md): the account administrator for any organisation (its own unless it names
 * one), the object administrator for its own organisation; a backend caller through such a person's token with
 * `write`. Nobody else (null).
 */
export const webhookScope = (actor: { roles: readonly Role[]; orgId: number }): { kind: 'all' } | { kind: 'organisation'; orgId: number } | null => {
  if (actor.roles.includes(Role.AccountAdministrator)) return { kind: 'all' };
  if (actor.roles.includes(Role.ObjectAdministrator)) return { kind: 'organisation', orgId: actor.orgId };
  return null;
};
