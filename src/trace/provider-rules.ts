/**
 * What a provider requires of a request, which the host's translators (src/providers) follow
 * and the built-in mock model (server/mock-model) enforces as the real API does: here, at
 * the bottom, so that the server reads them without importing a translator.
 */

/** The API version every request names in the `anthropic-version` header. */
export const ANTHROPIC_API_VERSION = '2023-06-01';

/**
 * Keywords strict mode cannot represent, as the openai SDK's own strict-schema helper
 * (`toStrictJsonSchema` in openai/lib/transform) refuses them. A tool whose schema uses one
 * that carries a rule is sent without strict mode (src/providers/strict-obstacles.ts); the
 * conversion (openai-strict-schema.ts) still drops any it meets, each one reported, so that
 * what it returns is always a schema strict mode takes; the mock refuses them in a tool
 * marked strict, as OpenAI does (server/mock-model/check-openai-tools.ts). What strict mode does keep (lengths, pattern, format, bounds,
 * multipleOf, item counts, default) stays. `$schema` is metadata strict mode has no use for.
 */
export const STRICT_UNSUPPORTED = new Set([
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  'additionalItems',
  'contains',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'if',
  'then',
  'else',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'not',
  'patternProperties',
  'prefixItems',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'uniqueItems',
]);
