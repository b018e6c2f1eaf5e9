import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { afterAll, afterEach } from 'vitest';
import { LANGUAGES, type Language } from '@ecore/core/shared/language.ts';
import { changeLanguage, i18n, initI18n, loadFeatureTexts } from '../lib/i18n.ts';
import { FEATURE_CATALOGUES } from '../lib/i18n-resources.ts';
import { loadCoreMessages } from '../lib/core-messages.ts';

/*
 * The shared render helper of the component tests (`web/src/**\/*.test.tsx`, each starting with
 * `// @vitest-environment happy-dom`): the app's providers around the component, German unless a
 * test asks for English, and a user-event instance that clicks and types as a user does.
 */

// Mantine reads the colour scheme and element sizes through APIs a DOM emulation may lack.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(cleanup);
// Mantine's transitions end on a timer, even at zero duration: let the last ones run before the test file's DOM
// is torn down, then drop those still waiting (under load one fired into a window already gone: "window is not
// defined" after every test had passed).
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
const nodeSetTimeout = globalThis.setTimeout;
const nodeClearTimeout = globalThis.clearTimeout;
globalThis.setTimeout = Object.assign(
  (handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = nodeSetTimeout(() => {
      pendingTimers.delete(id);
      handler(...args);
    }, ms);
    pendingTimers.add(id);
    return id;
  },
  nodeSetTimeout,
) as typeof setTimeout;
globalThis.clearTimeout = ((id?: ReturnType<typeof setTimeout>) => {
  if (id !== undefined) pendingTimers.delete(id);
  nodeClearTimeout(id);
}) as typeof clearTimeout;
afterAll(async () => {
  await new Promise<void>((resolve) => nodeSetTimeout(resolve, 100));
  for (const id of pendingTimers) nodeClearTimeout(id);
  pendingTimers.clear();
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* env "test": no transitions and no portals, so that what opens is there at once. */}
      <MantineProvider env="test">
        {/* A fresh cache per render: one test's answers never reach the next. */}
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>{children}</SWRConfig>
      </MantineProvider>
    </I18nextProvider>
  );
}

/**
 * Renders `ui` inside the app's providers in `language` (German by default), with every catalogue and core's texts
 * there: the app loads a feature's catalogue with the page that shows it, a component test renders the component alone.
 */
export async function renderUi(ui: ReactElement, { language = 'de' }: { language?: Language } = {}) {
  if (!i18n.isInitialized) await initI18n();
  await loadFeatureTexts(FEATURE_CATALOGUES, LANGUAGES);
  // Core's texts load on the first key or pointer pressed in the app; a test may send a form without either.
  await loadCoreMessages();
  await changeLanguage(language);
  // No pause between keystrokes: the components do not debounce, and the machine is shared.
  const user = userEvent.setup({ delay: null });
  return { user, ...render(ui, { wrapper: Providers }) };
}

/** The user-event instance of a rendered component. */
export type TestUser = Awaited<ReturnType<typeof renderUi>>['user'];

/** Fills the input labelled `label` as a user pasting into it: one render instead of one per letter. */
export const pasteInto = async (user: TestUser, label: RegExp, text: string): Promise<void> => {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.paste(text);
};

/** A dialog moves the focus into itself once it is open; typing starts after that. */
export const dialogHasFocus = (): Promise<void> =>
  waitFor(() => {
    if (!screen.getByRole('dialog').contains(document.activeElement)) throw new Error('the dialog has not taken the focus yet');
  });
