import { SANDBOX_HEADER, SANDBOX_HEADER_VALUE } from '../../src/trace/index.ts';

/**
 * The built-in sandbox's auto-approve, for a run with no browser (the CLI, tests): the
 * consent page is fetched over HTTP and its form posted with Approve, exactly as a user's
 * click would send it, and the redirect the sandbox answers with is the callback URL.
 * Only a page that says it is the sandbox's (its header) is answered this way; a real
 * authorization server's consent is the user's, so the CLI prints its URL instead.
 */

/** The consent page escapes every value as &#N; (consent-page.ts), so this is the whole reverse. */
function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

export async function approveSandboxConsent({ authorizationUrl, signal }: { authorizationUrl: string; signal?: AbortSignal }): Promise<string> {
  const page = await fetch(authorizationUrl, { redirect: 'manual', ...(signal ? { signal } : {}) });
  const html = await page.text();
  if (page.headers.get(SANDBOX_HEADER) !== SANDBOX_HEADER_VALUE) {
    throw new Error(
      `${authorizationUrl} is not the built-in sandbox's consent page (no ${SANDBOX_HEADER} header), so it is not approved automatically: open it in a browser.`,
    );
  }
  const sentBack = page.headers.get('location');
  // The sandbox refused the request itself and sends the browser back with an error (RFC 6749 §4.1.2.1): a browser follows, so the host reads it.
  if ((page.status === 302 || page.status === 303) && sentBack !== null) return new URL(sentBack, authorizationUrl).toString();
  const form = /<form method="post" action="([^"]+)">/.exec(html);
  const consent = /name="consent" value="([^"]+)"/.exec(html);
  if (page.status !== 200 || !form || !consent) {
    const problem = /<p>([^<]*)<\/p>/.exec(html)?.[1];
    throw new Error(`the sandbox's consent page answered HTTP ${page.status} with no form to approve${problem ? `: ${unescapeHtml(problem)}` : ''}.`);
  }
  const action = new URL(unescapeHtml(form[1]!), authorizationUrl);
  const answer = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: unescapeHtml(consent[1]!), decision: 'approve' }),
    redirect: 'manual',
    ...(signal ? { signal } : {}),
  });
  await answer.body?.cancel();
  const location = answer.headers.get('location');
  if (answer.status !== 302 || location === null)
    throw new Error(`the sandbox answered the approval with HTTP ${answer.status}, not a redirect back to the explorer.`);
  return new URL(location, action).toString();
}
