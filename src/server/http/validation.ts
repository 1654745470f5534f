import type { z } from 'zod';
import { HttpError } from './http-errors';

/**
 * Validates a request part with a shared Zod schema. Bad input answers 422 with the schema's texts:
 * `error_messages` carries the first message (what a notification shows), `errors` every field's messages.
 */
export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...issue.path, key].join('.'))
        : [issue.path.join('.') || '_'];
    const message = issue.code === 'unrecognized_keys' ? 'Unknown field.' : issue.message;
    for (const key of keys) {
      errors[key] ??= [];
      errors[key].push(message);
    }
  }
  const first = result.error.issues[0];
  const firstMessage =
    first?.code === 'unrecognized_keys'
      ? `Unknown field: ${first.keys.join(', ')}`
      : (first?.message ?? 'Invalid input');
  throw new HttpError(422, firstMessage, errors);
}
