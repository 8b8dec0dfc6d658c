import type { Page } from '@playwright/test';

/** The authorization flow's steps, in order, when the first request is refused and the learner signs in once. */
export const AUTH_FLOW_STEPS = [
  'auth.challenge',
  'auth.resource-metadata',
  'auth.server-metadata',
  'auth.client-id',
  'auth.authorization-request',
  'auth.authorization-response',
  'auth.token-request',
  'auth.retry',
];

/** The ids of the authorization steps the timeline lists, in order. */
export const readAuthSteps = (page: Page) =>
  page
    .locator('[data-testid="timeline-step"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-step-id') ?? '').filter((id) => id.startsWith('auth.')));
