import { create } from 'zustand';

/**
 * The step a shared link's run is being performed up to, while it is (src/store/deep-link.ts).
 * The views wait for that step: drawn at every step on the way, a link to step 12 cost the page
 * a CPU-second more than the step itself (65 ms of main thread a step, on a 2-core machine),
 * and flashed eleven steps past the learner. A module of its own: the first-step wait reads it,
 * and that wait is read by the build's config, where the store cannot load.
 */
export const useLinkOpening = create<{ opening: { step?: number; stepId?: string; round: number; occurrence?: number } | null }>()(() => ({ opening: null }));
