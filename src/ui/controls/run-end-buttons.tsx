import { rememberModule, useLoadedModule } from '../use-loaded-module.ts';

// The recap and the twin view are offered only once a run has ended or for two formats: their words, the recap's summary of
// the article's steps and the provider-side vocabulary they read are chunks fetched after the first paint (when these mount),
// not part of the first page (bench/README.md). Until a chunk arrives its button is not shown, as before a run has ended.
const loadRecap = rememberModule(() => import('../recap/run-recap-dialog.tsx'));
const loadTwin = rememberModule(() => import('../compare/twin-dialog.tsx'));

/** The recap button (src/ui/recap/run-recap-dialog.tsx) once its chunk is in. */
export function RunRecapButton() {
  const loaded = useLoadedModule(loadRecap);
  return loaded.status === 'loaded' ? <loaded.module.RunRecapButton /> : null;
}

/** The twin view's button (src/ui/compare/twin-dialog.tsx) once its chunk is in. */
export function TwinViewButton() {
  const loaded = useLoadedModule(loadTwin);
  return loaded.status === 'loaded' ? <loaded.module.TwinViewButton /> : null;
}
