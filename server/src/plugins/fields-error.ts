import type { MessageKey } from '@ecore/core/shared/messages.ts';

/** A refusal that names fields, answered as 400 with `fields` like a validation error. */
export class FieldsError extends Error {
  constructor(readonly fields: { path: string; key: MessageKey; params?: Record<string, string | number> }[]) {
    super('fields');
  }
}
