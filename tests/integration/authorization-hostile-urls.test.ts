import { afterEach, describe, expect, it } from 'vitest';
import { resolveJsonPath } from '../../src/content/json-paths.ts';
import { findFocus } from '../../src/content/narration.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { UrlRefusal } from '../../src/trace/url-gate.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import {
  HOSTILE_PLACES,
  startHostileAuthorizationServer,
  writeBeaconScript,
  type HostileAuthorizationServer,
  type HostilePlace,
} from '../helpers/start-hostile-authorization-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A hostile MCP server and authorization server over real HTTP, one address at a time
 * made hostile, in every place the flow takes a URL from: the 401's resource_metadata,
 * the resource metadata's resource and authorization server, the server metadata's
 * authorization, token and registration endpoints. Each address meets the URL gate:
 * the run stops with a step that names the address, its place and what the gate found,
 * and nothing follows it (no consent page asked for, no request to where it points, no
 * request after the document that named it).
 */

const app = useServer();
let hostile: HostileAuthorizationServer | undefined;
afterEach(async () => {
  await hostile?.close();
  hostile = undefined;
});

/** The addresses, as a hostile server writes them; `header: false` for those no HTTP header can carry. */
const HOSTILE_URLS: { name: string; url: (origin: string) => string; found: UrlRefusal; header?: false }[] = [
  { name: 'javascript: that calls home (the attack of issue 36)', url: writeBeaconScript, found: 'scheme' },
  { name: 'JavaScript: in mixed case', url: () => 'JaVaScRiPt:alert(document.domain)//', found: 'scheme' },
  { name: 'data: with a page in it', url: () => 'data:text/html,<script>opener.__pwned=1</script>', found: 'scheme' },
  { name: 'file:', url: () => 'file:///etc/passwd', found: 'scheme' },
  { name: 'blob:', url: (origin) => `blob:${origin}/8c6a2f4e-0000-4000-8000-000000000000`, found: 'scheme' },
  { name: 'vbscript:', url: () => 'VBScript:msgbox(1)', found: 'scheme' },
  { name: 'javascript: after a space', url: () => ' javascript:alert(1)', found: 'surrounding-space' },
  { name: 'javascript: after a tab', url: () => '\tjavascript:alert(1)', found: 'control-characters' },
  { name: 'a control character inside the scheme', url: () => 'java\u0001script:alert(1)', found: 'control-characters', header: false },
  { name: 'a direction override', url: () => 'https://example.com/\u202egpj.exe', found: 'control-characters', header: false },
  { name: 'a scheme-relative //evil', url: () => '//evil.example/authorize', found: 'unparseable' },
  {
    name: 'the server’s own host as a user name before another',
    url: (origin) => `https://${new URL(origin).host}@evil.example/authorize`,
    found: 'credentials',
  },
  { name: 'plain http beyond this machine', url: () => 'http://evil.example/authorize', found: 'insecure-http' },
];

/** How the refusal step names each place. */
const FIELDS: Record<HostilePlace, string> = {
  resource_metadata: "resource_metadata in the MCP server's WWW-Authenticate header",
  resource: 'resource in the protected resource metadata',
  authorization_servers: 'authorization_servers[0] in the protected resource metadata',
  authorization_endpoint: "authorization_endpoint in the authorization server's metadata",
  token_endpoint: "token_endpoint in the authorization server's metadata",
  registration_endpoint: "registration_endpoint in the authorization server's metadata",
};

/** The last request each place lets the host make: the document that named the address. */
const LAST_REQUEST: Record<HostilePlace, string> = {
  resource_metadata: 'POST /mcp',
  resource: 'GET /.well-known/oauth-protected-resource/mcp',
  authorization_servers: 'GET /.well-known/oauth-protected-resource/mcp',
  authorization_endpoint: 'GET /.well-known/oauth-authorization-server',
  token_endpoint: 'GET /.well-known/oauth-authorization-server',
  registration_endpoint: 'GET /.well-known/oauth-authorization-server',
};

async function run(mcpUrl: string, consentAsked: string[]): Promise<Trace> {
  return createLifecycleRun({
    question: QUESTION,
    era: '2025-11-25',
    mcpUrl,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: {
      redirectUri: `${app.url}/oauth-callback.html`,
      obtainConsent: ({ authorizationUrl }) => {
        consentAsked.push(authorizationUrl);
        return Promise.reject(new Error('the test opens no consent page'));
      },
    },
  }).start();
}

describe.each(HOSTILE_PLACES)('a hostile address as the %s', (place) => {
  const cases = HOSTILE_URLS.filter((entry) => place !== 'resource_metadata' || entry.header !== false);
  it.each(cases.map((entry) => [entry.name, entry] as const))('%s: refused with a step that says where and why; nothing follows it', async (_name, entry) => {
    hostile = await startHostileAuthorizationServer({ place, value: entry.url });
    const url = entry.url(hostile.origin);
    const consentAsked: string[] = [];
    const trace = await run(hostile.mcpUrl, consentAsked);

    expect(trace.status).toBe('failed');
    const refusals = trace.steps.filter((step) => step.id === 'host.url-refused');
    expect(refusals).toHaveLength(1);
    const refusal = refusals[0]!;
    expect(refusal.payload).toMatchObject({
      url,
      from: expect.stringContaining(FIELDS[place]),
      found: entry.found,
      why: expect.any(String),
      fix: expect.any(String),
    });
    for (const focus of findFocus({ stepId: refusal.id, wire: 'openai-chat' }))
      expect(resolveJsonPath({ value: refusal.payload, path: focus.path }).found).toBe(true);
    // The run ends on the refusal, in the same words, whatever the gate found.
    const last = trace.steps.at(-1)!;
    expect(last.id).toBe('host.fault');
    expect(last.fault?.what).toContain(FIELDS[place]);
    expect(last.fault?.what).toContain(JSON.stringify(url));
    expect(last.fault?.fix).toMatch(entry.found === 'insecure-http' ? /https/ : /another server|full https address/);

    // Nothing followed the address: no consent page, no request past the document that named it, no script's call home.
    expect(consentAsked).toEqual([]);
    expect(hostile.received.at(-1)).toBe(LAST_REQUEST[place]);
    expect(hostile.received.filter((line) => /\/(register|token|authorize)$/.test(line))).toEqual([]);
    expect(hostile.countPwned()).toBe(0);
    expect(trace.steps.map((step) => step.id)).not.toContain('auth.authorization-request');
  });
});

describe('the addresses a careful server names', () => {
  it('pass the gate on loopback: the flow reaches the consent page at the server’s authorization endpoint', async () => {
    hostile = await startHostileAuthorizationServer({ place: 'authorization_endpoint', value: (origin) => `${origin}/authorize` });
    const consentAsked: string[] = [];
    const trace = await run(hostile.mcpUrl, consentAsked);
    expect(trace.steps.map((step) => step.id)).not.toContain('host.url-refused');
    expect(consentAsked).toHaveLength(1);
    expect(new URL(consentAsked[0]!).origin + new URL(consentAsked[0]!).pathname).toBe(`${hostile.origin}/authorize`);
    expect(hostile.received).toContain('POST /register');
  });
});

describe('in the CLI (npm run trace -- --server URL --authorize)', () => {
  it('prints the refusal step and the fault, and never a javascript: address to open in a browser', async () => {
    hostile = await startHostileAuthorizationServer({ place: 'authorization_endpoint', value: writeBeaconScript });
    const result = await runTraceCli(['--server', hostile.mcpUrl, '--authorize']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Host refuses the authorization_endpoint: its scheme is javascript:, and only http and https are opened');
    expect(result.stdout).toContain('The host refused the address "javascript:');
    expect(result.stderr).not.toContain('Open this address in a browser');
    expect(hostile.received.filter((line) => /\/(register|token|authorize)$/.test(line))).toEqual([]);
  });
});
