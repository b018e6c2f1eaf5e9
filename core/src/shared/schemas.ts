import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/**
 * The input schemas every route shares, so that a whole class of 500s cannot come back: ids are decimal digits
 * within PostgreSQL's integer range, query integers likewise, and text never holds a NUL character (PostgreSQL
 * refuses it) and has a length limit.
 *
 * Path and query values arrive as text in the URL, yet their callers hold numbers and flags (the ids of the answers,
 * a page size, `true`): the parameters below read the text at run time and are described in the OpenAPI document by
 * what they stand for (`integer` with its limits, `boolean`), so that a client generated from the description passes
 * the API's own numbers without converting them. A default is given with `.prefault(value)`: it is read like a sent
 * value, and the description shows it (a `.default` after a conversion is left out of the description).
 */

/** The largest value of a PostgreSQL `integer` column (2³¹ − 1). */
export const MAX_INT = 2_147_483_647;

/** A text holds no NUL character; PostgreSQL cannot store one. */
export const isStorableText = (value: string): boolean => !value.includes('\u0000');

/** Canonical decimal digits only (no `0x10`, ` 1`, `1e3`, `+1`, `01`), at most ten of them. */
const CANONICAL_DIGITS = /^(0|[1-9]\d{0,9})$/;

/** URL text of canonical digits becomes its number; anything else stays as it came, for the number check to refuse. */
const numberFromText = (value: unknown): unknown => (typeof value === 'string' && CANONICAL_DIGITS.test(value) ? Number(value) : value);

/** URL text `true` / `false` becomes the flag; anything else stays as it came, for the flag check to refuse. */
const flagFromText = (value: unknown): unknown => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * A whole number in a path or query string, within [min, max]: canonical decimal digits only. A text that is no such
 * number or lies outside the range is refused with `key` (`validation-number` unless told); what is no text at all
 * (a missing or repeated parameter) with `validation-generic`. Described as `integer` with `minimum` and `maximum`.
 */
export const wholeNumberParam = (min: number, max: number = MAX_INT, key: MessageKey = 'validation-number') =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: (issue) => (typeof issue.input === 'string' ? key : 'validation-generic') })
      .int({ error: key })
      .min(min, { error: key })
      .max(max, { error: key }),
  );

/**
 * A whole number in a path or query string that is one of `values` (a page size, a file format): refused as
 * `wholeNumberParam(min, max, key)` (by default the range of the values), and with `otherKey` when it lies in that
 * range but is none of the values: one refusal per parameter. Described as `integer` with its `enum`, so that a generated client offers
 * exactly these numbers.
 */
export const numberChoiceParam = <const V extends readonly number[]>(
  values: V,
  { min = Math.min(...values), max = Math.max(...values), key = 'validation-number', otherKey = key }: { min?: number; max?: number; key?: MessageKey; otherKey?: MessageKey } = {},
) =>
  wholeNumberParam(min, max, key)
    .refine((n) => values.includes(n), { error: otherKey, when: (payload) => payload.issues.length === 0 })
    .transform((n) => n as V[number])
    .meta({ enum: [...values] });

/** A flag in a query string: `true` or `false`, anything else refused (`validation-generic`). Described as `boolean`. */
export const flagParam = z.preprocess(flagFromText, z.boolean({ error: 'validation-generic' }));

/** An id in a path or query string: 1 … 2³¹ − 1, decimal digits only. */
export const idParam = wholeNumberParam(1);

/** The `{id}` of a path. */
export const idParams = z.object({ id: idParam });

/** An id in a JSON body. */
export const idValue = z.number({ error: 'validation-required' }).int().min(1).max(MAX_INT);

/** A whole number in a JSON body that is stored in an integer column. */
export const intValue = (min = 0, max = MAX_INT) => z.number().int().min(min).max(Math.min(max, MAX_INT));

/** Free text of a form field: at most `max` characters, no NUL. */
export const text = (max: number) =>
  z
    .string()
    .max(max, { error: 'validation-max-length' })
    .refine(isStorableText, { error: 'validation-generic' });

/** A required form field: trimmed, not empty ('Please fill out this field'), at most `max` characters, no NUL. */
export const requiredText = (max = 200) =>
  z
    .string({ error: 'validation-required' })
    .trim()
    .min(1, { error: 'validation-required' })
    .max(max, { error: 'validation-max-length' })
    .refine(isStorableText, { error: 'validation-generic' });
