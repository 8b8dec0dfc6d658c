import { rememberModule } from '../use-loaded-module.ts';
import { whenFirstStepOrIdle } from '../wait-for-first-step.ts';

/**
 * The graph's chunk (React Flow and the d3 modules under it, about a third of what the
 * first page used to load): not part of the first page. The graph view asks for it when it
 * mounts, in the app's first render, but the import waits for the page's one signal that
 * heavy chunks may run (step 1 painted, or the page idle): begun at mount, its preload
 * links, stylesheet and evaluation came between a Next pressed at once and step 1.
 * import() of the same module twice fetches it once.
 */
export const loadLifecycleGraph = rememberModule(() => whenFirstStepOrIdle().then(() => import('./lifecycle-graph.tsx')));
