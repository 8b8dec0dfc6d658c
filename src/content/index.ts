/**
 * src/content's entry file: what the other layers may import from it (DEVELOPERS.md, "Layers"),
 * as a package's own entry. A module of src/content not named here is its own; eslint-rules/layer-imports.js
 * refuses an import of it from another layer.
 */
export * from './align-traces.ts';
export * from './app-view-wording.ts';
export * from './attribute-model-input.ts';
export * from './base64-media.ts';
export * from './call-labels.ts';
export * from './default-question.ts';
export * from './find-tool-result.ts';
export * from './gate-words.ts';
export * from './json-paths.ts';
export * from './legacy-functions-link.ts';
export * from './lesson-plan.ts';
export * from './list-cache-words.ts';
export * from './missing-steps.ts';
export * from './narration.ts';
export * from './phase-summaries.ts';
export * from './predictions.ts';
export * from './provider-reach.ts';
export * from './provider-report-titles.ts';
export * from './read-json-field.ts';
export * from './reply-stop-words.ts';
export * from './rich-content.ts';
export * from './run-facts.ts';
export * from './run-recap.ts';
export * from './scenarios.ts';
export * from './server-instrumentation.ts';
export * from './session-notices.ts';
export * from './step-numbers.ts';
export * from './step-sources.ts';
export * from './step-summaries.ts';
export * from './step-times.ts';
export type * from './step-words.ts';
export * from './tab-models.ts';
export * from './topology-twin.ts';
export * from './traffic-wording.ts';
export * from './wire-glossary.ts';
