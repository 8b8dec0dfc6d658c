import { rememberModule } from '../use-loaded-module.ts';

/**
 * The graph's chunk (React Flow and the d3 modules under it, about a third of what the
 * first page used to load): not part of the first page, fetched as soon as the page's
 * script runs (src/main.tsx), beside the engine and the inspector. The page's shell and
 * its controls come first; the graph follows within the same moment on any connection
 * that loads the page at all. import() of the same module twice fetches it once.
 */
export const loadLifecycleGraph = rememberModule(() => import('./lifecycle-graph.tsx'));
