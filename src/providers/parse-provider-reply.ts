import type { z } from 'zod';
import { ProviderReplyError } from './types.ts';

/**
 * A provider's reply (or one part of it) read against its schema, or a ProviderReplyError
 * that names the first field that is wrong, so the fault step can tell the learner where
 * the reply went astray: "The reply is not <what>: content.0.input: expected object".
 */
export function parseProviderReply<T extends z.ZodType>({
  schema,
  value,
  what,
  path = [],
}: {
  schema: T;
  value: unknown;
  what: string;
  path?: (string | number)[];
}): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const fieldPath = [...path, ...(issue?.path ?? [])].map(String).join('.');
  throw new ProviderReplyError(`The reply is not ${what}: ${fieldPath || 'body'}: ${issue?.message ?? 'unexpected shape'}.`);
}
