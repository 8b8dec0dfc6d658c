/**
 * The names the shell's step 1 (format-shell-first-step.ts, run by the build in Node) shares
 * with the page that replaces it (wait-for-first-step.ts, inspector.tsx): kept apart from
 * both, so the build loads these and not the store.
 */

/** The Element Timing name of the inspector's step title (inspector.tsx): its entry says when the browser presented a step. */
export const STEP_TITLE_TIMING = 'inspector-title';

/** The attribute of the step 1 that index.html's shell shows (src/ui/shell/format-shell-first-step.ts), until React replaces it. */
export const SHELL_STEP_ATTRIBUTE = 'data-shell-step';
