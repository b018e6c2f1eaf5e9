import type * as Messages from '@ecore/core/shared/messages.ts';

export type CoreMessages = typeof Messages;

/*
 * Core's error and validation texts (core/src/shared/messages.ts: every feature's, in both languages, 7 KB Brotli)
 * are not part of the first download (issue 23). They load the first time the user presses a key or a pointer (so
 * that they are there before a form can be sent or a row deleted), before a failed call rejects (api-client.ts), and
 * when one is about to be shown before that (i18n.ts reads it as nothing until they are there, then shows it).
 */

let loaded: CoreMessages | undefined;
let loading: Promise<CoreMessages> | undefined;
const waiting: ((messages: CoreMessages) => void)[] = [];

/** Core's texts once they are there, else undefined. */
export const loadedCoreMessages = (): CoreMessages | undefined => loaded;

/**
 * Loads core's texts (once; a failed load is forgotten, so that the next need tries again). Those waiting for them
 * (i18n.ts's resources) have them before the promise settles.
 */
export const loadCoreMessages = (): Promise<CoreMessages> =>
  (loading ??= import('@ecore/core/shared/messages.ts').then(
    (messages) => {
      loaded = messages;
      for (const take of waiting.splice(0)) take(messages);
      return messages;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** Calls `take` with core's texts once they are there (at once when they are). */
export const whenCoreMessagesLoad = (take: (messages: CoreMessages) => void): void => {
  if (loaded) take(loaded);
  else waiting.push(take);
};

/** What a user does before any form is sent or any action taken: a key, a pointer, a touch. */
const FIRST_USE = ['keydown', 'pointerdown', 'touchstart'] as const;

/** Loads core's texts on the first key or pointer pressed in `target`. */
export const loadCoreMessagesOnFirstUse = (target: EventTarget): void => {
  const load = (): void => {
    for (const type of FIRST_USE) target.removeEventListener(type, load, true);
    void loadCoreMessages().catch(() => undefined);
  };
  for (const type of FIRST_USE) target.addEventListener(type, load, { capture: true, passive: true });
};

/**
 * A form's submit handler that sends only once core's texts are there: a form whose checks write their messages when
 * it is sent (Mantine's `validate`) would otherwise keep a blank message when it is sent as the very first thing a
 * user does (a click on "Anmelden" before any key). Sends at once when they are there; after a failed load it sends
 * all the same (the checks then show what i18next has).
 */
export const afterCoreMessages =
  <E extends { preventDefault(): void }>(send: (event?: E) => void) =>
  (event: E): void => {
    if (loaded) {
      send(event);
      return;
    }
    event.preventDefault();
    void loadCoreMessages().then(
      () => send(),
      () => send(),
    );
  };
