import { createSecretRedactor } from './secrets.ts';

// Apart from secrets.ts, which the first page imports to redact step 1: only the engine restores what a gate showed redacted.

/**
 * The message to send after the learner saw it at the gate: a step shows a secret
 * redacted, but the wire must carry the secret itself. Every string the learner left as the
 * step showed it (the original's redacted form, at the same place) goes out as the original;
 * what they changed goes out as they wrote it. Walks with its own stack, as above.
 */
export function restoreSecretsInData({ shown, original, secrets }: { shown: unknown; original: unknown; secrets: readonly string[] }): unknown {
  if (secrets.length === 0 || typeof shown !== 'object' || shown === null) return shown;
  const redact = createSecretRedactor(secrets);
  const restored = structuredClone(shown);
  const pending: [unknown, unknown][] = [[restored, original]];
  while (pending.length > 0) {
    const [target, source] = pending.pop()!;
    if (typeof target !== 'object' || target === null || typeof source !== 'object' || source === null) continue;
    const entries: [string | number, unknown][] = Array.isArray(target) ? target.map((item, index) => [index, item]) : Object.entries(target);
    for (const [key, item] of entries) {
      if (!Object.hasOwn(source, key)) continue;
      const from: unknown = Reflect.get(source, key);
      if (typeof item === 'string' && typeof from === 'string' && item !== from && redact(from) === item) {
        Object.defineProperty(target, key, { value: from, writable: true, enumerable: true, configurable: true });
      } else if (typeof item === 'object' && item !== null) {
        pending.push([item, from]);
      }
    }
  }
  return restored;
}
