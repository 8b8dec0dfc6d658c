import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../src/lifecycle/provider-call.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A server that answers with a redirect. The host follows none: a redirect would carry
 * the message, and headers that browsers and Node keep across origins (x-api-key,
 * x-goog-api-key, the MCP session), to an address nobody chose. The run stops with a
 * fault that says where the redirect points and what to do, and the other server sees nothing.
 */

const app = useServer();
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(handler: Parameters<typeof startHttpServer>[0]): Promise<TestServer> {
  const server = await startHttpServer(handler);
  servers.push(server);
  return server;
}

/** The other server: answers like a working one, and remembers what reached it. */
function startTarget(): Promise<TestServer> {
  return start((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
}

/** Answers every POST with a 307 to `location` (the same path under another origin, or a path here). */
function startRedirecting(location: (path: string) => string): Promise<TestServer> {
  return start((request, response) => {
    response.writeHead(307, { location: location(request.url ?? '/') }).end();
  });
}

describe('an MCP server that redirects', () => {
  it('to another origin: the run stops at the handshake and says where, why and what to do; the other server sees nothing', async () => {
    const target = await startTarget();
    const redirecting = await startRedirecting((path) => `${target.url}${path}`);
    const trace = await createMockRun(app.url, { mcpUrl: `${redirecting.url}/mcp`, autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toBe(`The MCP server at ${redirecting.url}/mcp answered while connecting with a redirect (HTTP 307) to ${target.url}/mcp.`);
    expect(fault.why).toContain('another origin');
    expect(fault.why).toContain('does not follow it silently');
    expect(fault.fix).toContain(`use the final URL (${target.url}/mcp)`);
    expect(target.received).toHaveLength(0);
    // The redirect is in the trace as it came: the request's step holds its status and Location.
    const request = trace.steps.find((step) => step.id === 'mcp.initialize.request')!;
    expect(request.http?.status).toBe(307);
    expect(request.http?.responseHeaders?.location).toBe(`${target.url}/mcp`);
  });

  it('to another path on the same server: refused as well, with the final URL to use', async () => {
    const redirecting = await startRedirecting((path) => `/moved${path}`);
    const trace = await createMockRun(app.url, { mcpUrl: `${redirecting.url}/mcp`, autoRelease: true }).start();
    const fault = trace.steps.at(-1)!.fault!;
    expect(fault.what).toBe(`The MCP server at ${redirecting.url}/mcp answered while connecting with a redirect (HTTP 307) to ${redirecting.url}/moved/mcp.`);
    expect(fault.why).toContain('The host does not follow redirects');
    expect(redirecting.received.map((request) => request.url)).toEqual(['/mcp']);
  });

  it.each([
    ['javascript:', 'javascript:fetch("/pwned")//', 'its scheme is javascript:'],
    ['data:', 'data:text/html,<script>alert(1)</script>', 'its scheme is data:'],
    ['file:', 'file:///etc/passwd', 'its scheme is file:'],
    ['a user name before another host', 'https://127.0.0.1@evil.example/mcp', 'user name or password'],
    ['plain http beyond this machine', 'http://evil.example/mcp', 'plain http to evil.example'],
  ])('to %s: the fault names it as no address to use, says what the URL gate found, and suggests no “final URL”', async (_name, location, found) => {
    const redirecting = await startRedirecting(() => location);
    const trace = await createMockRun(app.url, { mcpUrl: `${redirecting.url}/mcp`, autoRelease: true }).start();
    expect(trace.status).toBe('failed');
    const fault = trace.steps.at(-1)!.fault!;
    // Quoted, as the address came (a user name before the host is redacted, as in any URL the host records).
    expect(fault.what).toMatch(
      new RegExp(
        `^The MCP server at ${redirecting.url}/mcp answered while connecting with a redirect \\(HTTP 307\\) to ".+", an address the host would not open: `,
      ),
    );
    expect(fault.what).toContain(found);
    expect(fault.fix).not.toContain('final URL');
    expect(fault.fix).toContain('do not open the address by hand');
    expect(redirecting.received.map((request) => request.url)).toEqual(['/mcp']);
  });

  it('in the CLI: the same explanation, a whole trace printed, exit code 1 as for any fault', async () => {
    const target = await startTarget();
    const redirecting = await startRedirecting((path) => `${target.url}${path}`);
    const result = await runTraceCli(['What is 5 plus 7?', '--server', `${redirecting.url}/mcp`, '--json']);
    expect(result.code).toBe(1);
    const trace = JSON.parse(result.stdout) as Trace;
    expect(trace.steps.at(-1)?.fault?.what).toContain(`with a redirect (HTTP 307) to ${target.url}/mcp`);
    expect(target.received).toHaveLength(0);
  });
});

describe('a provider that redirects to another origin', () => {
  const KEY = 'sk-redirect-test-0123456789';
  const cases: { wire: string; path: string; keyHeader: string }[] = [
    { wire: 'anthropic', path: '', keyHeader: 'x-api-key' },
    { wire: 'gemini', path: '', keyHeader: 'x-goog-api-key' },
    { wire: 'openai-chat', path: '/v1', keyHeader: 'authorization' },
  ];

  for (const { wire, path, keyHeader } of cases) {
    it(`${wire}: the key stays with the provider it was meant for, and the fault says why`, async () => {
      const target = await startTarget();
      const redirecting = await startRedirecting((requested) => `${target.url}${requested}`);
      const provider: ProviderSettings = { wire, kind: 'real', baseUrl: `${redirecting.url}${path}`, model: 'any-model', apiKey: KEY };
      const trace = await createMockRun(app.url, { autoRelease: true, provider }).start();
      expect(trace.status).toBe('failed');
      // The redirecting server got the key (it is the provider named in the settings); the other one got nothing.
      expect(String(redirecting.received[0]?.headers[keyHeader])).toContain(KEY);
      expect(target.received).toHaveLength(0);
      const fault = trace.steps.at(-1)!.fault!;
      expect(fault.what).toMatch(new RegExp(`answered the model request with a redirect \\(HTTP 307\\) to ${target.url}/`));
      expect(fault.why).toContain('your API key');
      expect(JSON.stringify(trace)).not.toContain(KEY);
    });
  }
});
