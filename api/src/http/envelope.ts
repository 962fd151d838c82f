import { z } from 'zod';

/** `{ success: true, data }`: the success envelope every route answers with. */
export function ok<T>(data: T) {
  return { success: true as const, data };
}

export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const messageResponseSchema = successSchema(z.object({ message: z.string() }));

/** The failure envelope, for the OpenAPI document. */
export const failureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
