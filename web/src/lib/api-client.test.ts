import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, ApiError, apiList, apiPage, apiRequest, buildUrl, configureApiClient, api } from './api-client.ts';

type FetchArgs = [input: string, init: RequestInit];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that never answers until its signal aborts, like a hanging server. */
const hangingFetch = vi.fn((_input: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')));
  }),
);

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let token: string | null;
let language: 'de' | 'en';

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  onUnauthorized = vi.fn<() => void>();
  token = null;
  language = 'de';
  configureApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    getToken: () => token,
    getLanguage: () => language,
    onUnauthorized,
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const headersOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1].headers);

describe('apiRequest', () => {
  it('calls under /api and sends the UI language', async () => {
    language = 'en';
    fetchMock.mockResolvedValue(json(200, { twoFactorLogin: false }));
    await expect(api.get('app/config')).resolves.toEqual({ twoFactorLogin: false });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/app/config');
    expect(headersOf(0).get('Accept-Language')).toBe('en');
    expect(headersOf(0).get('Authorization')).toBeNull();
  });

  it('sends another Accept-Language where a call names one (the notification language of an access request)', async () => {
    language = 'de';
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await api.post('asset/7/requestAssetAccess', undefined, { language: 'en' });
    expect(headersOf(0).get('Accept-Language')).toBe('en');
  });

  it('sends the bearer token when logged in, but not on calls that opt out', async () => {
    token = 'abc.def.ghi';
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.get('user/me');
    await api.post('user/login', { userName: 'a', password: 'b' }, { auth: false });
    expect(headersOf(0).get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(headersOf(1).get('Authorization')).toBeNull();
  });

  it('sends bodies as JSON and reads 204 as no content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post('user/setPassword', { password: 'abc123', token: 't' })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"password":"abc123","token":"t"}');
    expect(headersOf(0).get('Content-Type')).toBe('application/json');
  });

  it('encodes query parameters and leaves out empty ones', () => {
    expect(buildUrl('user/secure/login', { email: 'a+b@x.de', token: 'a/b', skip: undefined, none: null })).toBe(
      '/api/user/secure/login?email=a%2Bb%40x.de&token=a%2Fb',
    );
    expect(buildUrl('/export/users', { Organisations: [1, 2] })).toBe('/api/export/users?Organisations=1&Organisations=2');
  });

  it('maps an error answer to an ApiError with status, key, message and fields', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        statusCode: 400,
        key: 'validation-generic',
        message: 'Bitte überprüfen Sie Ihre Eingabe',
        fields: [{ path: 'userName', key: 'validation-required', message: 'Bitte füllen Sie dieses Feld aus' }],
      }),
    );
    const error = await apiRequest('user/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 400,
      key: 'validation-generic',
      message: 'Bitte überprüfen Sie Ihre Eingabe',
      fields: [{ path: 'userName', key: 'validation-required', message: 'Bitte füllen Sie dieses Feld aus' }],
    });
  });

  it("gives an answer without an error body core's text for its status, in the UI language", async () => {
    language = 'en';
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api.get('user').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 502, key: 'server-error', message: 'An error occured upon your request. Please try again later.' });
  });

  it("rejects a failed call only once core's texts are there (they are not in the first download)", async () => {
    vi.resetModules();
    const fresh = await import('./api-client.ts');
    const { loadedCoreMessages } = await import('./core-messages.ts');
    fresh.configureApiClient({ fetch: fetchMock as unknown as typeof fetch, getLanguage: () => 'en' });
    fetchMock.mockResolvedValue(json(409, { statusCode: 409, key: 'user-name-taken' }));
    expect(loadedCoreMessages()).toBeUndefined();
    const error = await fresh.api.post('user', {}).catch((e: unknown) => e);
    expect(loadedCoreMessages()).toBeDefined();
    expect(error).toMatchObject({ statusCode: 409, key: 'user-name-taken', message: loadedCoreMessages()!.message('user-name-taken', 'en') });
  });

  it('gives a network failure the request-error text', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('user').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 0, key: 'request-error', message: 'Bei Ihrer Anfrage ist ein Fehler aufgetreten' });
  });

  it('calls the 401 handler on a 401 answer and still rejects', async () => {
    fetchMock.mockResolvedValue(json(401, { statusCode: 401, key: 'unauthorized', message: 'Ihre Sitzung ist abgelaufen.' }));
    await expect(api.get('user/me')).rejects.toMatchObject({ statusCode: 401, key: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the 401 handler for the login calls, whose 401 means wrong credentials', async () => {
    fetchMock.mockResolvedValue(json(401, { statusCode: 401, key: 'login-error', message: 'E-Mail und Passwort stimmen nicht überein' }));
    await expect(api.post('user/login', {}, { skipUnauthorizedHandler: true })).rejects.toMatchObject({ key: 'login-error' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not call the 401 handler for other failures', async () => {
    fetchMock.mockResolvedValue(json(403, { statusCode: 403, key: 'forbidden', message: 'x' }));
    await expect(api.get('user')).rejects.toMatchObject({ statusCode: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up after 35 seconds with the request-error text', async () => {
    vi.useFakeTimers();
    configureApiClient({ fetch: hangingFetch as unknown as typeof fetch });
    const outcome = apiRequest('user').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    const signal = hangingFetch.mock.calls.at(-1)?.[1].signal;
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 0, key: 'request-error' });
    expect(API_TIMEOUT_MS).toBe(35_000);
  });

  it('rejects with an AbortError when the caller cancels a single call', async () => {
    configureApiClient({ fetch: hangingFetch as unknown as typeof fetch });
    const controller = new AbortController();
    const outcome = apiRequest('user/me', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await outcome;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('list calls', () => {
  it('yield an empty list when cancelled', async () => {
    configureApiClient({ fetch: hangingFetch as unknown as typeof fetch });
    const controller = new AbortController();
    const list = apiList<{ id: number }>('organisations', { signal: controller.signal });
    controller.abort();
    await expect(list).resolves.toEqual([]);
  });

  it('yield an empty list when cancelled before they start', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockImplementation((_input, init) =>
      init.signal?.aborted ? Promise.reject(new DOMException('aborted', 'AbortError')) : Promise.resolve(json(200, [{ id: 1 }])),
    );
    await expect(apiList('organisations', { signal: controller.signal })).resolves.toEqual([]);
  });

  it('yield an empty page when a paged call is cancelled', async () => {
    configureApiClient({ fetch: hangingFetch as unknown as typeof fetch });
    const controller = new AbortController();
    const page = apiPage('user', { signal: controller.signal, query: { page: 3, pageSize: 25 } });
    controller.abort();
    await expect(page).resolves.toEqual({ items: [], total: 0, page: 3, pageSize: 25 });
  });

  it('return the answer when not cancelled', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: 1 }, { id: 2 }]));
    await expect(apiList('organisations', { signal: new AbortController().signal })).resolves.toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('still reject on a failed answer', async () => {
    fetchMock.mockResolvedValue(json(500, { statusCode: 500, key: 'server-error', message: 'boom' }));
    await expect(apiList('organisations', { signal: new AbortController().signal })).rejects.toBeInstanceOf(ApiError);
  });
});
