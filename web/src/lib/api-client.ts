import type { MessageKey } from '@ecore/core/shared/messages.ts';
import { DEFAULT_LANGUAGE, type Language } from '@ecore/core/shared/language.ts';
import { loadCoreMessages, type CoreMessages } from './core-messages.ts';

/** Spec 01 §9: every call gives up after 35 seconds. */
export const API_TIMEOUT_MS = 35_000;
export const API_BASE = '/api';

export interface ApiFieldError {
  path: string;
  key: string;
  message: string;
}

/** A failed call, carrying the server's error answer `{ statusCode, key, message, fields? }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly key: string;
  readonly fields: ApiFieldError[];

  constructor(statusCode: number, key: string, text: string, fields: ApiFieldError[] = []) {
    super(text);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.key = key;
    this.fields = fields;
  }
}

export interface ApiClientConfig {
  getToken: () => string | null;
  getLanguage: () => Language;
  /** Called on a 401 answer of any call that does not opt out (spec 01 §4). */
  onUnauthorized: () => void;
  fetch: typeof fetch;
}

const config: ApiClientConfig = {
  getToken: () => null,
  getLanguage: () => DEFAULT_LANGUAGE,
  onUnauthorized: () => undefined,
  fetch: (...args) => globalThis.fetch(...args),
};

/** The app wires the session, the UI language and the 401 rule in once at start. */
export const configureApiClient = (changes: Partial<ApiClientConfig>): void => {
  Object.assign(config, changes);
};

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Values that are null or undefined are left out; arrays repeat the parameter. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** The login calls answer 401 for wrong credentials; that must not count as a lost session. */
  skipUnauthorizedHandler?: boolean;
  /** Accept-Language of this call when it differs from the UI's (the access request's notification language). */
  language?: Language;
}

export const buildUrl = (path: string, query: RequestOptions['query'] = {}): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) if (v !== null && v !== undefined) params.append(name, String(v));
  }
  const search = params.toString();
  return `${API_BASE}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
};

const keyForStatus = (status: number): MessageKey => {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 413) return 'payload-too-large';
  if (status === 429) return 'too-many-requests';
  if (status >= 500) return 'server-error';
  return 'request-error';
};

const isFieldError = (value: unknown): value is ApiFieldError =>
  typeof value === 'object' && value !== null &&
  typeof (value as ApiFieldError).path === 'string' &&
  typeof (value as ApiFieldError).key === 'string' &&
  typeof (value as ApiFieldError).message === 'string';

/**
 * Core's texts, loaded before a failed call rejects (they are not in the first download, core-messages.ts), so that
 * the error is shown in them; undefined when they cannot load either (the network is gone).
 */
const messagesForError = (): Promise<CoreMessages | undefined> => loadCoreMessages().catch(() => undefined);

/** Core's text of `key`, or nothing when core's texts could not load. */
const textOf = (messages: CoreMessages | undefined, key: MessageKey, language: Language): string => messages?.message(key, language) ?? '';

const errorFromResponse = async (response: Response, language: Language): Promise<ApiError> => {
  const messages = await messagesForError();
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A body that is not JSON (a proxy's error page) gets the text of its status.
  }
  const fallbackKey = keyForStatus(response.status);
  if (typeof body === 'object' && body !== null && typeof (body as { key?: unknown }).key === 'string') {
    const b = body as { key: string; message?: unknown; fields?: unknown };
    const text = typeof b.message === 'string' && b.message !== ''
      ? b.message
      : textOf(messages, messages?.isMessageKey(b.key) ? b.key : fallbackKey, language);
    const fields = Array.isArray(b.fields) ? b.fields.filter(isFieldError) : [];
    return new ApiError(response.status, b.key, text, fields);
  }
  return new ApiError(response.status, fallbackKey, textOf(messages, fallbackKey, language));
};

/** True when the caller's own signal ended the call (not the timeout). */
export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/**
 * One JSON call under /api with Accept-Language, bearer token and the 35 s timeout.
 * Resolves with the parsed body (undefined for 204); rejects with ApiError, or with an
 * AbortError when the caller's signal aborted it.
 */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const language = config.getLanguage();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': options.language ?? language };
  const token = options.auth === false ? null : config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const onCallerAbort = (): void => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await config.fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (!timedOut && options.signal?.aborted) throw new DOMException('The call was cancelled', 'AbortError');
      if (!timedOut && isAbortError(error)) throw error;
      throw new ApiError(0, 'request-error', textOf(await messagesForError(), 'request-error', language));
    }
    if (!response.ok) {
      const error = await errorFromResponse(response, language);
      if (response.status === 401 && !options.skipUnauthorizedHandler) config.onUnauthorized();
      throw error;
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
};

/** A list call: cancelling it through its signal yields an empty list instead of an error. */
export const apiList = async <T>(path: string, options: RequestOptions & { signal: AbortSignal }): Promise<T[]> => {
  try {
    return await apiRequest<T[]>(path, options);
  } catch (error) {
    if (isAbortError(error)) return [];
    throw error;
  }
};

/** A paged list answer of the API (ARCHITECTURE.md "API conventions"). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  counts?: Record<string, number>;
}

/** A paged list call: cancelling it yields an empty page. */
export const apiPage = async <T>(path: string, options: RequestOptions & { signal: AbortSignal }): Promise<Page<T>> => {
  try {
    return await apiRequest<Page<T>>(path, options);
  } catch (error) {
    if (isAbortError(error)) {
      const page = Number(options.query?.page ?? 1);
      const pageSize = Number(options.query?.pageSize ?? 5);
      return { items: [], total: 0, page, pageSize };
    }
    throw error;
  }
};

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
