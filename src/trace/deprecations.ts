/**
 * What the 2026-07-28 revision keeps only as deprecated (removal not before 2027-07-28):
 * sampling, roots, logging (notifications/message) and dynamic client registration. A
 * step that uses one is marked with it as data, so the inspector, the timeline, the CLI
 * and an export all say so, not only the step's prose. Computed from the era the run
 * speaks and what the step carries; a 2025-11-25 run uses the same features undeprecated.
 * In Auto, steps written before a version is agreed (the authorization flow on the first
 * 401) are judged again once it is (TraceWriter.agreeProtocolVersion).
 */

export const DEPRECATED_FEATURES = ['sampling', 'roots', 'logging', 'dynamic-client-registration'] as const;

/** A step's deprecation mark; deprecation-schema.ts reads it from a trace file and is held to this type. */
export type Deprecation = { feature: (typeof DEPRECATED_FEATURES)[number]; era: '2026-07-28'; note: string };

const NOTES: Record<Deprecation['feature'], string> = {
  sampling:
    'Sampling is deprecated in 2026-07-28: a server that needs a model should call one itself. It still works through input_required, with no removal before 2027-07-28.',
  roots: 'Roots are deprecated in 2026-07-28 (no removal before 2027-07-28).',
  logging: 'Logging (notifications/message) is deprecated in 2026-07-28 and needs an opt-in (no removal before 2027-07-28).',
  'dynamic-client-registration':
    'Dynamic client registration (RFC 7591) is deprecated in 2026-07-28 in favour of Client ID Metadata Documents (no removal before 2027-07-28).',
};

const FEATURE_BY_METHOD: Record<string, Deprecation['feature']> = {
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
  'notifications/message': 'logging',
  'logging/setLevel': 'logging',
};

/** The host's own steps of a feature, whatever their payload holds. */
const FEATURE_BY_STEP: Record<string, Deprecation['feature']> = {
  'client.sampling-to-host': 'sampling',
  'host.sampling.review': 'sampling',
  'host.translate-sampling-request': 'sampling',
  'provider.response.sampling': 'sampling',
  'host.sampling.result': 'sampling',
  'host.sampling.refused': 'sampling',
  'host.sampling.timeout': 'sampling',
  'client.roots-to-host': 'roots',
  'host.roots.result': 'roots',
  'auth.client-registration': 'dynamic-client-registration',
};

/** The deprecated feature a method names anywhere in a payload (a request, or one inside input_required), a few levels down. */
function findMethodFeature(value: unknown, depth = 0): Deprecation['feature'] | undefined {
  if (depth > 6 || typeof value !== 'object' || value === null) return undefined;
  if (!Array.isArray(value) && 'method' in value && typeof value.method === 'string' && FEATURE_BY_METHOD[value.method]) return FEATURE_BY_METHOD[value.method];
  for (const inner of Object.values(value)) {
    const found = findMethodFeature(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function findDeprecation({ era, stepId, payload }: { era: string | null; stepId: string; payload: unknown }): Deprecation | undefined {
  if (era !== '2026-07-28') return undefined;
  const feature = FEATURE_BY_STEP[stepId] ?? findMethodFeature(payload);
  return feature ? { feature, era, note: NOTES[feature] } : undefined;
}
