import type { Page } from 'playwright-core';

export interface Transfer {
  url: string;
  /** The status as the browser reports it (200 also for a response revalidated with 304). */
  status: number;
  /** The status that went over the wire (304 for a revalidation); undefined when nothing did. */
  wireStatus: number | undefined;
  /** Bytes received over the network for this request, headers included (0 when served from the cache). */
  bytes: number;
  fromCache: boolean;
  contentEncoding: string | undefined;
}

/**
 * Watches the network events of `page` (Chrome DevTools Protocol) from now on and tells, per request,
 * how many bytes went over the wire and whether the browser's cache answered it.
 */
export async function transferredBytes(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const seen = new Map<string, Transfer>();
  const entry = (requestId: string) => {
    let found = seen.get(requestId);
    if (!found) {
      found = { url: '', status: 0, wireStatus: undefined, bytes: 0, fromCache: false, contentEncoding: undefined };
      seen.set(requestId, found);
    }
    return found;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    entry(e.requestId).url = e.request.url;
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    entry(e.requestId).fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const t = entry(e.requestId);
    t.status = e.response.status;
    t.fromCache ||= Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    t.contentEncoding = headers['content-encoding'];
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    if (e.statusCode !== undefined) entry(e.requestId).wireStatus = e.statusCode;
  });
  cdp.on('Network.loadingFinished', (e) => {
    entry(e.requestId).bytes = e.encodedDataLength;
  });
  await cdp.send('Network.enable');
  return {
    requests: (): Transfer[] => [...seen.values()].filter((t) => t.url.startsWith('http')),
    total() {
      const list = this.requests();
      return { bytes: list.reduce((sum, t) => sum + t.bytes, 0), requests: list.length, fromCache: list.filter((t) => t.fromCache).length };
    },
  };
}
