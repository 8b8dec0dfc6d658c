/**
 * The page a URL-mode elicitation sends the user to (the toolbox's sign_in_first). The
 * spec keeps what happens there between the user and the server, out of the client's
 * sight: here it is a plain page that says so, with nothing to fill in, so the learner
 * sees the round trip (the client opens it, the user comes back and says they are done).
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signed in: MCP Lifecycle Explorer</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; line-height: 1.5">
<h1>You are on the MCP server’s own page</h1>
<p>A URL-mode elicitation sends you here, outside the MCP client: whatever you type on a page like this (a password, a payment) goes to the server alone, never through the host or the model.</p>
<p>This teaching server asks for nothing. Close this tab and go back to the explorer, then say you are done.</p>
</body></html>`;

export function serveElicitationPage(request: Request): Response {
  if (request.method !== 'GET') return refuseElicitationPageMethod(request.method);
  return new Response(PAGE, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/** The 405 for any method but GET, TRACE and CONNECT included (which the Node listener refuses for the page). */
export function refuseElicitationPageMethod(method: string): Response {
  return new Response(`Method ${method} is not allowed: the page is read with GET.`, {
    status: 405,
    headers: { allow: 'GET', 'content-type': 'text/plain; charset=utf-8' },
  });
}
