import { expect, test } from '@playwright/test';
import { chooseRealProvider, stepUntil } from './helpers.ts';
import { startCrossOriginServer } from '../tests/helpers/start-cross-origin-server.ts';

/**
 * A provider that answers 429 with Retry-After, in the page: a real server on 127.0.0.1
 * (another origin, so it exposes Retry-After to the page, as CORS requires) that refuses
 * the first request and then answers as the mock does. The wait is a step of its own that
 * counts down; Next then sends the same request again, and the run ends with the answer.
 */

test('Chat Completions: the 429 is a wait step in the timeline, the request goes again after it, and the answer comes', async ({ page, baseURL }) => {
  let posts = 0;
  const provider = await startCrossOriginServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      posts++;
      if (posts === 1) {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1', 'access-control-expose-headers': 'retry-after' });
        response.end(JSON.stringify({ error: { message: 'Rate limit reached for requests' } }));
        return;
      }
      void fetch(`${baseURL}/mock/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      }).then(async (upstream) => {
        response.writeHead(upstream.status, { 'content-type': 'application/json' });
        response.end(await upstream.text());
      });
    });
  });
  try {
    await page.goto('/');
    await chooseRealProvider(page, { wire: 'openai-chat', baseUrl: `${provider.url}/v1`, key: 'sk-test-rate-limited', replies: 'whole' });
    await stepUntil(page, 'keyboard', 'host.provider-rate-limit-wait');
    const wait = page.locator('[data-testid="timeline-step"][data-step-id="host.provider-rate-limit-wait"]');
    await expect(wait).toHaveCount(1);
    await expect(wait).toContainText('Host waited 1 s as the provider asked (Retry-After) and sends the same request again');
    // The page's own words for the step: Reset is a button here.
    await expect(page.getByTestId('inspector')).toContainText('Reset stops the wait');
    await stepUntil(page, 'keyboard', 'host.answer');
    await expect(page.getByTestId('answer')).toContainText('5 plus 7 is 12.');
    const requests = page.locator('[data-testid="timeline-step"][data-step-id="provider.request"]');
    await expect(requests).toHaveCount(2);
    await expect(page.locator('[data-testid="timeline-step"][data-step-id="host.fault"]')).toHaveCount(0);
    expect(posts).toBe(3);
  } finally {
    await provider.close();
  }
});
