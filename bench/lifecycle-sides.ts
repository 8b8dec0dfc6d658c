/**
 * Everything the lifecycle part of the bench runs, in one module, so it can be measured
 * as it ships (bundled, see build-lifecycle-sides.ts) or as `npm run trace` runs it (through tsx).
 */
export { BENCH_QUESTION, EXPECTED_ANSWER, MOCK_MODEL, checkEngineAnswer, runEngineLifecycle } from './run-engine-lifecycle.ts';
export { runBareLifecycle } from './run-bare-lifecycle.ts';
export { runRecordedLifecycle, type EngineLayer } from './run-recorded-lifecycle.ts';
