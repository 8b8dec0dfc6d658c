import { expect, type Page } from '@playwright/test';
import { JAVASCRIPT_ENDPOINT } from './hostile-authorization-server.ts';
import { findNextButton, nameServer, runToEnd, waitForRunStatus } from './helpers.ts';

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
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample }));
  });
}

export async function readPolicyViolations(page: Page): Promise<PolicyViolation[]> {
  return page.evaluate(() => (window as unknown as WithViolations).policyViolations);
}

/**
 * The attack, as the explorer meets it: an MCP server by URL wants authorization, and
 * its authorization server names a `javascript:` URL as the consent page. The page opens it
 * (at once, or from Sign in when the browser held the popup back). With the URL gate off, only
 * the policy stands between that URL and script in the explorer's origin.
 */
export async function signInThroughHostileEndpoint(page: Page, serverUrl: string): Promise<void> {
  await nameServer(page, `${serverUrl}/mcp/protected`);
  await page.getByLabel('Speed').selectOption({ label: '4×' });
  await page.getByRole('button', { name: /^Play/ }).click();
  await waitForRunStatus(page, /complete|stopped/);
  await expect(page.getByTestId('fault')).toContainText('wants authorization (HTTP 401');
  await page.getByTestId('sign-in-to-server').click();
  await page.getByRole('button', { name: /^Play/ }).click();
  // Refused, the popup never opens and the page offers Sign in, as for a blocked popup: a second try. Run, the script leaves its mark.
  const signIn = page.getByTestId('sign-in');
  const ran = () => page.evaluate(() => localStorage.getItem('hostile-endpoint-ran') !== null);
  await expect.poll(async () => (await signIn.isVisible()) || (await ran()), { timeout: 60_000 }).toBe(true);
  if (await signIn.isVisible()) await signIn.click();
}

/** The policy refused the endpoint as script, on each try, and nothing of it ran. */
export async function expectHostileEndpointRefused(page: Page): Promise<void> {
  expect(await page.evaluate(() => localStorage.getItem('hostile-endpoint-ran'))).toBeNull();
  const refusedEndpoint = (violation: PolicyViolation) => violation.directive === 'script-src-elem' && violation.blocked === 'inline' && JAVASCRIPT_ENDPOINT.startsWith(violation.sample);
  await expect.poll(async () => (await readPolicyViolations(page)).filter(refusedEndpoint).length).toBeGreaterThanOrEqual(2);
  await expect(page).toHaveTitle('MCP Lifecycle Explorer');
  // No window of the browser ran it either (a popup that opened would share the origin's storage, checked above).
  for (const other of page.context().pages()) await expect(other).not.toHaveTitle('Taken over');
}

/**
 * A script that got into the page anyway (page.evaluate stands in for it) can neither add
 * script to the document nor turn a string into code. The string calls run in a timer of
 * the page: code evaluated through DevTools may use eval whatever the policy says.
 */
export async function expectInjectedScriptRefused(page: Page): Promise<void> {
  const outcome = await page.evaluate(
    () =>
      new Promise<{ injected: unknown; handler: unknown; evalError: string; functionError: string; timerRan: unknown }>((resolve) => {
        const marks = window as unknown as Record<string, unknown>;
        const script = document.createElement('script');
        script.textContent = 'window.injectedScriptRan = true';
        document.body.append(script);
        const image = document.createElement('img');
        image.setAttribute('onerror', 'window.injectedHandlerRan = true');
        image.src = 'data:image/png;base64,AAAA';
        document.body.append(image);
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
          setTimeout(() => resolve({ injected: marks.injectedScriptRan, handler: marks.injectedHandlerRan, evalError, functionError, timerRan: marks.timerStringRan }), 300);
        }, 0);
      }),
  );
  expect(outcome).toEqual({ injected: undefined, handler: undefined, evalError: expect.stringContaining('EvalError'), functionError: expect.stringContaining('EvalError'), timerRan: undefined });
  const violations = await readPolicyViolations(page);
  expect(violations).toEqual(
    expect.arrayContaining([
      { directive: 'script-src-elem', blocked: 'inline', sample: 'window.injectedScriptRan = true' },
      { directive: 'script-src-attr', blocked: 'inline', sample: 'window.injectedHandlerRan = true' },
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
