import { isMessageKey, type MessageKey } from '@ecore/core/shared/messages.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The parts of a zod issue the form needs (zod 4's issues have these). */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
  minimum?: unknown;
}

export type Translate = (key: MessageKey, params: Record<string, string | number>) => string;

/** Where an issue shows in the form: the dotted path @mantine/form uses ('contacts.0.email'). */
export const issuePath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * The field errors of a failed core schema, as texts of the specification: the issue's message is a
 * core message key (validation-required, validation-email, …); anything else reads 'validation-generic'.
 * The first issue of each field wins, as the user can fix one thing at a time.
 */
export const schemaErrors = (issues: readonly SchemaIssue[], translate: Translate): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issuePath(issue.path);
    if (path in errors) continue;
    const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'validation-generic';
    const bound = issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : undefined;
    errors[path] = translate(key, typeof bound === 'number' || typeof bound === 'bigint' ? { n: Number(bound), min: Number(bound) } : {});
  }
  return errors;
};

/**
 * The field errors of a refused call (`fields: [{ path, key, message }]`), in the current language when
 * the key is one of core's, else the server's text.
 */
export const serverFieldErrors = (error: unknown, translate: Translate): Record<string, string> => {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const field of error.fields) {
    if (field.path in errors) continue;
    errors[field.path] = isMessageKey(field.key) ? translate(field.key, {}) : field.message;
  }
  return errors;
};
