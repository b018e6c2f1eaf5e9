import { z } from 'zod';

/**
 * The input schemas every route shares (issue 9), so that a whole class of 500s cannot come back:
 * ids are decimal digits within PostgreSQL's integer range, query integers likewise, and text never
 * holds a NUL character (PostgreSQL refuses it) and has a length limit.
 */

/** The largest value of a PostgreSQL `integer` column (2³¹ − 1). */
export const MAX_INT = 2_147_483_647;

/** A text holds no NUL character; PostgreSQL cannot store one. */
export const isStorableText = (value: string): boolean => !value.includes('\u0000');

/** A whole number in a path or query string: canonical decimal digits only (no `0x10`, ` 1`, `1e3`, `+1`, `01`), within [min, max]. */
export const wholeNumberParam = (min: number, max: number = MAX_INT) =>
  z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, { error: 'validation-number' })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: 'validation-number' }).max(max, { error: 'validation-number' }));

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
