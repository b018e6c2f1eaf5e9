import { describe, expect, it, vi } from 'vitest';

/*
 * Core's texts (every feature's errors in both languages) are not in the first download (issue 23): they load on the
 * first key or pointer pressed, before a failed call rejects, or when one is read before that.
 */

const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '../../../core/src/**/*.ts', '!../**/*.test.{ts,tsx}', '!../../../core/src/**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const HERE = 'file:///web/src/lib/';
const FILES = new Map(Object.entries(SOURCES).map(([path, text]) => [new URL(path, HERE).pathname, text]));
const MESSAGES_MODULE = '/core/src/shared/messages.ts';
// Static imports that bring code along: `import type` and `export type` do not.
const STATIC_IMPORT = /^(?:import|export)(?!\s+type\b)(?:[^'";]*?\bfrom)?\s*['"]([^'"]+)['"]/gm;

/** The modules `file` reaches by static imports (the first download of the entry), with the way to each. */
const reachedFrom = (file: string): Map<string, string> => {
  const reached = new Map<string, string>([[file, file]]);
  const queue = [file];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const [, spec] of (FILES.get(path) ?? '').matchAll(STATIC_IMPORT)) {
      const target = spec!.startsWith('@ecore/core/') ? `/core/src/${spec!.slice('@ecore/core/'.length)}` : spec!.startsWith('.') ? new URL(spec!, `file://${path}`).pathname : undefined;
      if (target === undefined || reached.has(target) || !FILES.has(target)) continue;
      reached.set(target, `${reached.get(path)} → ${target}`);
      queue.push(target);
    }
  }
  return reached;
};

describe("core's texts", () => {
  it('are not reached by the first download', () => {
    const reached = reachedFrom('/web/src/main.tsx');
    // The walk sees the first download: the API client, i18next's set-up and core's rules the login page uses.
    expect(reached.has('/web/src/lib/api-client.ts')).toBe(true);
    expect(reached.has('/web/src/lib/i18n.ts')).toBe(true);
    expect([...reached.keys()].some((path) => path.startsWith('/core/src/'))).toBe(true);
    expect(FILES.has(MESSAGES_MODULE)).toBe(true);
    expect(reached.get(MESSAGES_MODULE)).toBeUndefined();
  });

  it('load once, on the first key or pointer pressed, and reach those waiting before the load settles', async () => {
    vi.resetModules();
    const { loadCoreMessages, loadCoreMessagesOnFirstUse, loadedCoreMessages, whenCoreMessagesLoad } = await import('./core-messages.ts');
    const page = new EventTarget();
    loadCoreMessagesOnFirstUse(page);
    const waiting = vi.fn();
    whenCoreMessagesLoad(waiting);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadedCoreMessages()).toBeUndefined();
    expect(waiting).not.toHaveBeenCalled();

    page.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(loadedCoreMessages()).toBeDefined());
    expect(waiting).toHaveBeenCalledTimes(1);
    expect(waiting.mock.calls[0]![0].message('validation-required', 'en')).toBe('Please fill out this field');
    expect(await loadCoreMessages()).toBe(loadedCoreMessages());

    const late = vi.fn();
    whenCoreMessagesLoad(late);
    expect(late).toHaveBeenCalledWith(loadedCoreMessages());
  });

  it('a form sent before they are there is sent once they are, so its checks never write a blank message', async () => {
    vi.resetModules();
    const { afterCoreMessages, loadedCoreMessages } = await import('./core-messages.ts');
    const seen: (string | undefined)[] = [];
    const send = vi.fn(() => seen.push(loadedCoreMessages()?.message('validation-required', 'de')));
    const submit = afterCoreMessages(send);
    const event = { preventDefault: vi.fn() };
    submit(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(seen).toEqual(['Bitte füllen Sie dieses Feld aus']);
    // Once there, at once and with the event.
    const again = { preventDefault: vi.fn() };
    submit(again);
    expect(send).toHaveBeenLastCalledWith(again);
  });
});
