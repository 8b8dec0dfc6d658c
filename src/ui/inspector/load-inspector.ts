/**
 * The inspector's chunk (its JSON, translation and HTTP views): not part of the first page,
 * fetched as soon as the page's script runs (src/main.tsx) so that the first Next does
 * not wait for it. import() of the same module twice fetches it once.
 */
export const loadInspector = () => import('./inspector.tsx');
