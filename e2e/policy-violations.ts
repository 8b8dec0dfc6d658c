import { expect, type Page } from '@playwright/test';
import { writeBeaconScript, type HostileAuthorizationServer } from '../tests/helpers/start-hostile-authorization-server.ts';
import { findNextButton, runToEnd } from './helpers.ts';
import { signInToHostileServer } from './hostile-sign-in.ts';

/**
 * What the Content-Security-Policy tests of both sites share: the browser's own reports of
 * what the policy refused (securitypolicyviolation events, recorded from before the page's
 * first script), and the attacks each site must refuse.
 */

export type PolicyViolation = { directive: string; blocked: string; sample: string };

type WithViolations = { policyViolations: PolicyViolation[] };

/** Records every violation the page reports, from its first script on (an init script runs before the page's own and is not subject to its policy). */
export async function recordPolicyViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string; sample: string }[] = [];
    (window as unknown as { policyViolations: typeof seen }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample }),
    );
  });
}

export async function readPolicyViolations(page: Page): Promise<PolicyViolation[]> {
  return page.evaluate(() => (window as unknown as WithViolations).policyViolations);
}

/** The browser refused a `javascript:` navigation as script: the sample is the first 40 characters of the address. */
function isRefusedJavascriptUrl(violation: PolicyViolation): boolean {
  return violation.directive === 'script-src-elem' && violation.blocked === 'inline' && violation.sample.startsWith('javascript:');
}

/**
 * The attack, as the explorer meets it (e2e/hostile-sign-in.ts): an MCP server by URL
 * wants authorization, and its authorization server names a `javascript:` URL as the consent
 * page; the learner presses Sign in. With the URL gate switched off, the page opens that URL,
 * and the policy refuses it as script before the window opens. (The window is opened without
 * an opener, where Chromium would not run a `javascript:` URL either: that the policy alone
 * stops one where nothing else would is expectInjectedScriptRefused's link and opener window.)
 */
export async function signInThroughHostileEndpoint(page: Page, hostile: HostileAuthorizationServer): Promise<void> {
  await signInToHostileServer(page, hostile, { until: async () => (await readPolicyViolations(page)).some(isRefusedJavascriptUrl) });
}

/** The policy refused the endpoint as script, and nothing of it ran: no mark on any window of the explorer's, no call home. */
export async function expectHostileEndpointRefused(page: Page, hostile: HostileAuthorizationServer): Promise<void> {
  const refused = (await readPolicyViolations(page)).filter(isRefusedJavascriptUrl);
  expect(refused.length).toBeGreaterThan(0);
  // What was refused is the server's endpoint (the sample is its first 40 characters).
  const endpoint = writeBeaconScript(hostile.origin);
  expect(refused.every((violation) => endpoint.startsWith(violation.sample))).toBe(true);
  expect(hostile.countPwned()).toBe(0);
  for (const window of page.context().pages()) expect(await window.evaluate(() => '__pwned' in globalThis).catch(() => false)).toBe(false);
}

/**
 * A script that got into the page anyway (page.evaluate stands in for it) can neither add
 * script to the document, nor run a `javascript:` URL (a link followed in this window, a
 * window opened with an opener: the ways a path without the gate and without noopener would
 * run one), nor turn a string into code. The string calls run in a timer of the page: code
 * evaluated through DevTools may use eval whatever the policy says.
 */
export async function expectInjectedScriptRefused(page: Page): Promise<void> {
  const outcome = await page.evaluate(
    () =>
      new Promise<{ marks: string[]; evalError: string; functionError: string }>((resolve) => {
        const script = document.createElement('script');
        script.textContent = 'window.injectedScriptRan = true';
        document.body.append(script);
        const image = document.createElement('img');
        image.setAttribute('onerror', 'window.injectedHandlerRan = true');
        image.src = 'data:image/png;base64,AAAA';
        document.body.append(image);
        const link = document.createElement('a');
        link.href = 'javascript:window.linkRan = true';
        document.body.append(link);
        link.click();
        window.open('javascript:opener.openedWindowRan = true');
        setTimeout(() => {
          let evalError = '';
          let functionError = '';
          try {
            (0, eval)('window.evalRan = true');
          } catch (error) {
            evalError = String(error);
          }
          try {
            new Function('window.functionRan = true')();
          } catch (error) {
            functionError = String(error);
          }
          // A string given to setTimeout is evaluated too: refused, it never runs.
          setTimeout('window.timerStringRan = true' as unknown as () => void, 0);
          const names = ['injectedScriptRan', 'injectedHandlerRan', 'linkRan', 'openedWindowRan', 'evalRan', 'functionRan', 'timerStringRan'];
          setTimeout(() => resolve({ marks: names.filter((name) => name in window), evalError, functionError }), 500);
        }, 0);
      }),
  );
  expect(outcome).toEqual({ marks: [], evalError: expect.stringContaining('EvalError'), functionError: expect.stringContaining('EvalError') });
  const violations = await readPolicyViolations(page);
  expect(violations).toEqual(
    expect.arrayContaining([
      { directive: 'script-src-elem', blocked: 'inline', sample: 'window.injectedScriptRan = true' },
      { directive: 'script-src-attr', blocked: 'inline', sample: 'window.injectedHandlerRan = true' },
      { directive: 'script-src-elem', blocked: 'inline', sample: 'javascript:window.linkRan = true' },
      { directive: 'script-src-elem', blocked: 'inline', sample: 'javascript:opener.openedWindowRan = true' },
      { directive: 'script-src', blocked: 'eval', sample: 'window.evalRan = true' },
    ]),
  );
}

/** One choice of the Export as… menu, downloaded. */
async function exportAs(page: Page, choice: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Export as…' }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-menu').getByRole('button', { name: choice }).click();
  await download;
}

/**
 * What the app does that a policy could get in the way of, with the page's own code: a whole
 * run whose tool result is an image (a data: URL), the graph and the sequence diagram (styles
 * set by script), the SVG, PNG (drawn through a blob: image) and Mermaid exports, and a dialog
 * closed by its form (method="dialog", under form-action 'none'). Not one violation may be
 * reported: one that breaks nothing is still the policy and the app disagreeing.
 */
export async function walkTheApp(page: Page): Promise<void> {
  await expect(findNextButton(page)).toBeVisible();
  await page.getByTestId('scenario-select').selectOption('image-result');
  await runToEnd(page);
  await page.locator('[data-testid="timeline-step"][data-step-id="mcp.tools-call.response"]').first().click();
  await expect.poll(() => page.getByTestId('rich-content-image').evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('lifecycle-graph')).toBeVisible();
  await page.getByRole('tab', { name: 'Sequence diagram' }).click();
  await expect(page.getByTestId('sequence-diagram')).toBeVisible();
  await exportAs(page, /^Sequence picture \(SVG\)/);
  await exportAs(page, /^Sequence picture \(PNG\)/);
  await exportAs(page, /^Mermaid/);
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
  await page.getByTestId('shortcuts-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('shortcuts-dialog')).toBeHidden();
  expect(await readPolicyViolations(page)).toEqual([]);
}
