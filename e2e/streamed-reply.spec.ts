import { expect, test } from '@playwright/test';

/**
 * A streamed reply in the page, in every wire format: the link asks the mock for its
 * replies streamed, the run goes to translation #2, and the learner plays the reply frame
 * by frame, seeing the arguments buffer grow until it parses (or the call arrive whole).
 */

const WIRES = [
  { wire: 'openai-chat', arrival: 'fragments', framing: 'server-sent events' },
  { wire: 'openai-functions', arrival: 'fragments', framing: 'server-sent events' },
  { wire: 'openai-responses', arrival: 'fragments', framing: 'server-sent events' },
  { wire: 'anthropic', arrival: 'fragments', framing: 'server-sent events' },
  { wire: 'gemini', arrival: 'whole', framing: 'server-sent events' },
  { wire: 'ollama', arrival: 'whole', framing: 'NDJSON lines' },
];

for (const { wire, arrival, framing } of WIRES) {
  test(`${wire}: a streamed reply plays frame by frame in translation #2`, async ({ page }) => {
    await page.goto(`/?scenario=happy-path&wire=${wire}&stream=1&step=11`);
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toHaveAttribute('data-canonical', '11', { timeout: 30_000 });
    await inspector.getByRole('tab', { name: 'Streamed reply' }).click();
    const playback = page.getByTestId('stream-playback');
    const total = Number(await playback.getAttribute('data-total'));
    // Gemini sends the call whole in a single chunk, as the recorded real streams show.
    expect(total).toBeGreaterThan(arrival === 'whole' ? 0 : 2);
    await expect(page.getByTestId('stream-frame-count')).toContainText(`frame ${total} of ${total} (${framing}) · end of the reply`);
    await expect(page.getByTestId('stream-call')).toHaveAttribute('data-parsed', 'true');
    await expect(page.getByTestId('stream-call')).toHaveAttribute('data-arrival', arrival);
    await expect(page.getByTestId('stream-call-buffer')).toHaveText('{"a":5,"b":7}');

    await playback.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('stream-call')).toHaveCount(0);
    // Step until the call appears: in pieces it is not JSON yet; whole, it parses in its first frame.
    for (let shown = 1; (await page.getByTestId('stream-call').count()) === 0; shown++) {
      expect(shown).toBeLessThanOrEqual(total);
      await page.getByTestId('stream-next-frame').click();
    }
    await expect(page.getByTestId('stream-call')).toHaveAttribute('data-parsed', arrival === 'whole' ? 'true' : 'false');

    await page.getByTestId('stream-play').click();
    await expect(page.getByTestId('stream-frame-count')).toContainText(`frame ${total} of ${total}`, { timeout: 15_000 });
    await expect(page.getByTestId('stream-call')).toHaveAttribute('data-parsed', 'true');
    await expect(page.getByTestId('stream-call-status')).toContainText(arrival === 'whole' ? 'arrived whole' : 'parses as JSON since frame');

    await inspector.getByRole('tab', { name: 'Sent payload' }).click();
    await expect(page.getByTestId('payload')).toContainText('add_numbers');
  });
}

test('the HTTP view of the model request lists every frame with its arrival time', async ({ page }) => {
  await page.goto('/?scenario=happy-path&wire=anthropic&stream=1&step=11');
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-canonical', '11', { timeout: 30_000 });
  await page.locator('[data-testid="timeline-step"][data-step-id="provider.response.tool-calls"]').last().click();
  await expect(inspector).toHaveAttribute('data-canonical', '10');
  await inspector.getByRole('tab', { name: 'HTTP' }).click();
  await expect(page.getByTestId('http-view')).toContainText('Response: server-sent events');
  // As the learner reads it (innerText): each field's explanation is in the page too, hidden until hover or focus.
  await expect.poll(() => page.getByTestId('http-frames').locator('li').first().innerText()).toContain('event: message_start');
  await expect(page.getByTestId('http-frames').locator('li').last()).toContainText('message_stop');
});
