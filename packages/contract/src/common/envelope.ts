import { z } from 'zod';

/** Every response body: `{code, msg, ret?}` (docs/product.md §7); code 0 is success. */
export function envelopeSchema<T extends z.ZodType>(ret: T) {
  return z.object({ code: z.literal(0), msg: z.string(), ret });
}

/** A failure names the offending fields so a form can point at them. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
