import type { MessageKey } from '@ecore/core/shared/messages.ts';

/** An expected refusal: the status, the message key of the specification, and its placeholders. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Fields the answer carries beside statusCode, key and message (the lock holder of a 423). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}
