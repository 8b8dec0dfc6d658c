import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { serve, type RunningServer } from '../server/node/serve.ts';

/**
 * What keeps script a hostile server sends from driving a bridged program. No request
 * capability can: script that runs in the explorer's origin can do whatever the page's
 * own script can, send its requests, cookies and all, and read whatever it reads
 * (SECURITY.md, "stdio bridge"). So the boundary is that such script does not run: the
 * content security policy. Here, in Chromium, against the served app with a bridged
 * program that writes down every line it is given, each way hostile text could become
 * script in the page tries to POST to the bridge, the way the `javascript:` consent popup
 * of issue 36 did: every one is refused by the policy, and the program hears nothing.
 * Script already in the origin (the test's own, through the debugger) is not refused by
 * the bridge: the policy stands where a capability could not.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'bridge-boundary-'));
const heard = join(folder, 'heard.log');
const listener = `const fs = require('fs'); require('readline').createInterface({ input: process.stdin }).on('line', (line) => fs.appendFileSync(${JSON.stringify(heard)}, line + '\\n'));`;
let app: RunningServer;

test.beforeAll(async () => {
  app = await serve({ port: 0, staticDirectory: `${root}dist`, stdioServers: [{ name: 'listener', command: process.execPath, args: ['-e', listener] }] });
});

test.afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const readHeard = (): string[] => {
  try {
    return readFileSync(heard, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

/** A line for the program, naming who sent it. */
const lineFrom = (sender: string): string => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: sender } });

/** The script a hostile server would have run: a POST to the bridge naming the way it got in, as the issue's popup did. */
function attack(url: string, vector: string): string {
  return `fetch(${JSON.stringify(`${url}/mcp/stdio/listener`)},{method:'POST',headers:{'content-type':'application/json'},body:${JSON.stringify(lineFrom(vector))}});window.__pwned=${JSON.stringify(vector)};`;
}

/** Each way text becomes script in a page, run in the page (by the debugger, which the policy does not govern) with the attack's text. */
const VECTORS: Record<string, (attackText: string) => void> = {
  'a javascript: URL opened as a popup (the consent popup of issue 36)': (attackText) => {
    window.open(`javascript:${encodeURIComponent(attackText)}`);
  },
  'a javascript: URL the page navigates to': (attackText) => {
    location.href = `javascript:${encodeURIComponent(attackText)}`;
  },
  'a javascript: link clicked': (attackText) => {
    const link = document.createElement('a');
    link.href = `javascript:${encodeURIComponent(attackText)}`;
    document.body.append(link);
    link.click();
  },
  'a javascript: URL in a frame': (attackText) => {
    const frame = document.createElement('iframe');
    frame.src = `javascript:${encodeURIComponent(attackText)}`;
    document.body.append(frame);
  },
  'an inline <script> element': (attackText) => {
    const script = document.createElement('script');
    script.textContent = attackText;
    document.body.append(script);
  },
  'an event handler attribute': (attackText) => {
    const image = document.createElement('img');
    image.setAttribute('onerror', attackText);
    image.src = '/no-such-image.png';
    document.body.append(image);
  },
  'a frame whose srcdoc holds a script': (attackText) => {
    const frame = document.createElement('iframe');
    frame.srcdoc = `<script>${attackText}</${'script'}>`;
    document.body.append(frame);
  },
  'a blob: script': (attackText) => {
    const script = document.createElement('script');
    script.src = URL.createObjectURL(new Blob([attackText], { type: 'text/javascript' }));
    document.body.append(script);
  },
  // Later, as page script: the debugger's own evaluation may eval whatever the policy says.
  eval: (attackText) => {
    setTimeout(() => (0, eval)(attackText), 0);
  },
  'new Function': (attackText) => {
    setTimeout(() => new Function(attackText)(), 0);
  },
  'a string given to setTimeout': (attackText) => {
    setTimeout(attackText as unknown as () => void, 0);
  },
};

const REFUSED = /violates the following Content Security Policy directive/;

test('script injected into the page cannot reach the stdio bridge: the content security policy refuses every way in, and the program hears nothing', async ({
  page,
}) => {
  const response = await page.goto(`${app.url}/`);
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  // Chromium says each refusal once, as a console error or, for eval, as the error thrown in the page.
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (REFUSED.test(message.text())) refusals.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (REFUSED.test(error.message)) refusals.push(error.message);
  });

  for (const [vector, run] of Object.entries(VECTORS)) {
    const before = refusals.length;
    await page.evaluate(run, attack(app.url, vector));
    await expect.poll(() => refusals.length, { message: `${vector}: refused by the policy` }).toBe(before + 1);
  }
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();

  // Script already in the origin (the debugger's) is not refused by the bridge: its request reaches the program, the only one that does.
  const own = lineFrom('script already in the origin');
  const status = await page.evaluate(
    async ({ url, body }) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
    { url: `${app.url}/mcp/stdio/listener`, body: own },
  );
  expect(status).toBe(202);
  await expect.poll(readHeard).toEqual([own]);
});
