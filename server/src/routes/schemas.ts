import { z } from 'zod';

/** The error body of ARCHITECTURE.md "API conventions". */
export const errorSchema = z.object({
  statusCode: z.number(),
  key: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), key: z.string(), message: z.string() })).optional(),
});

export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
} as const;
