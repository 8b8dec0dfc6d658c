// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUESTION } from '../../src/content/default-question.ts';
import { PHASE_SUMMARIES } from '../../src/content/phase-summaries.ts';
import { getStepSummary } from '../../src/content/step-summaries.ts';
import { SETTINGS_STORAGE_KEY } from '../../src/store/model-settings.ts';
import { shellFirstStep } from '../../vite-shell-first-step.ts';
import { STEP_TITLE_TIMING } from '../../src/ui/shell/first-step-names.ts';
import { formatShellFirstStep, recordShellFirstStep } from '../../src/ui/shell/format-shell-first-step.ts';

/**
 * The step 1 index.html's shell shows on a press before the app has loaded: the engine's
 * own step, in the inspector's words, and nothing in it read as markup. The e2e test
 * (e2e/shell-next.spec.ts) compares it with the inspector React draws next.
 */

function parse(html: string): HTMLElement {
  const element = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild;
  if (!(element instanceof HTMLElement)) throw new Error('The markup has no element.');
  return element;
}

const text = (root: HTMLElement, testId: string) => root.querySelector(`[data-testid="${testId}"]`)?.textContent;

describe('formatShellFirstStep', () => {
  it('shows step 1 of the default question as the inspector does, timed under the inspector title’s Element Timing name', () => {
    const step = recordShellFirstStep();
    const section = parse(formatShellFirstStep(step));
    expect(section.dataset).toMatchObject({ testid: 'inspector', stepId: 'user.question', n: '1' });
    expect(text(section, 'inspector-title')).toBe(step.title);
    expect(section.querySelector('[data-testid="inspector-title"]')?.getAttribute('elementtiming')).toBe(STEP_TITLE_TIMING);
    expect(text(section, 'step-summary')).toBe(getStepSummary('user.question'));
    expect(text(section, 'phase-summary')).toBe(PHASE_SUMMARIES.discovery);
    expect(text(section, 'shell-step-badge')).toBe('Step 1 of 20');
    expect(text(section, 'shell-step-route')).toBe('User → Host');
    expect(JSON.parse(text(section, 'shell-step-payload') ?? '')).toEqual({ question: DEFAULT_QUESTION });
  });

  it('writes a question as text, never as markup', () => {
    const question = `<img src=x onerror="alert(1)"> & 'quoted' </pre><script>alert(2)</script>`;
    const section = parse(formatShellFirstStep(recordShellFirstStep(question)));
    expect(section.querySelector('img, script')).toBeNull();
    expect(JSON.parse(text(section, 'shell-step-payload') ?? '')).toEqual({ question });
  });
});

describe('the shell of index.html', () => {
  const html = readFileSync(path.join(process.cwd(), 'index.html'), 'utf8');
  const transform = shellFirstStep().transformIndexHtml as (html: string, context: { filename: string }) => string;

  it('gets the step as a template in place of its placeholder, and only index.html does', () => {
    const built = transform(html, { filename: '/app/index.html' });
    expect(built).toContain(`<template id="shell-first-step">${formatShellFirstStep(recordShellFirstStep())}</template>`);
    expect(built).not.toContain('<!-- shell-first-step -->');
    expect(transform('<p>callback</p>', { filename: '/app/oauth-callback.html' })).toBe('<p>callback</p>');
    expect(() => transform('<p>no placeholder</p>', { filename: '/app/index.html' })).toThrow(/no <!-- shell-first-step -->/);
  });

  it('reads the saved settings under the store’s own key, to leave a question a saved secret may redact to the app', () => {
    expect(html).toContain(`localStorage.getItem('${SETTINGS_STORAGE_KEY}')`);
  });
});
