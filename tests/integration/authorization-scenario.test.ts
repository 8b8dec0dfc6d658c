import { describe, expect, it } from 'vitest';
import { approveSandboxConsent } from '../../server/cli/approve-sandbox-consent.ts';
import { findScenario } from '../../src/content/scenarios.ts';
import { createLifecycleRun, type RunOptions } from '../../src/lifecycle/engine.ts';
import { SANDBOX_SHOWN_NOTE } from '../../src/lifecycle/authorization-exchange.ts';
import type { SandboxFault } from '../../src/trace/authorization-sandbox.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { Era } from '../../src/trace/vocabulary.ts';
import { MOCK_BASE_PATH } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The authorization scenario through the host against the real sandbox (/mcp/protected and
 * /oauth over HTTP on 127.0.0.1), with the CLI's auto-approve as the user: the whole flow in
 * both eras, then each failure switch ending in its own explained outcome, the steps before
 * it kept. The sandbox's values are shown (showSecrets), and every auth step says why.
 */

const app = useServer();
const scenario = findScenario('authorization')!;
const ERAS = ['2025-11-25', '2026-07-28'] as const;
const FIRST_FLOW = [
  'auth.challenge',
  'auth.resource-metadata',
  'auth.server-metadata',
  'auth.client-registration',
  'auth.authorization-request',
  'auth.authorization-response',
  'auth.token-request',
  'auth.retry',
];

type ObtainConsent = NonNullable<RunOptions['authorization']>['obtainConsent'];

function runScenario({
  era,
  fault,
  obtainConsent = approveSandboxConsent,
  question = scenario.question,
}: {
  era: Era;
  fault?: SandboxFault;
  obtainConsent?: ObtainConsent;
  question?: string;
}): Promise<Trace> {
  return createLifecycleRun({
    question,
    era,
    mcpUrl: `${app.url}${scenario.mcpPath}${fault ? `?fault=${fault}` : ''}`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: scenario.mockModel },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: { redirectUri: 'http://127.0.0.1:9/callback', obtainConsent, showSecrets: true },
  }).start();
}

const authIds = (trace: Trace) => trace.steps.map((step) => step.id).filter((id) => id.startsWith('auth.'));
const firstRequestId = (era: Era) => (era === '2025-11-25' ? 'mcp.initialize.request' : 'mcp.discover.request');

describe.each(ERAS)('the authorization scenario, era %s', (era) => {
  it('walks every auth step in order, then the lifecycle answers with the token on its requests', async () => {
    const trace = await runScenario({ era });
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(authIds(trace)).toEqual(FIRST_FLOW);
    const ids = trace.steps.map((step) => step.id);
    // The refused request first, the flow, then the same request again and the rest of the lifecycle.
    expect(ids.slice(2, 3)).toEqual([firstRequestId(era)]);
    expect(ids[ids.indexOf('auth.retry') + 1]).toBe(firstRequestId(era));
    expect(ids.at(-1)).toBe('host.answer');
    const challenge = trace.steps.find((step) => step.id === 'auth.challenge')!;
    expect(challenge.http?.status).toBe(401);
    // The sandbox's token is shown (made up), and the MCP server received it as a bearer token.
    const token = trace.steps.find((step) => step.id === 'auth.token-request')!;
    const accessToken = (JSON.parse(token.http!.responseBody!) as { access_token: string }).access_token;
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const call = trace.steps.find((step) => step.id === 'mcp.tools-call.request')!;
    expect(call.http?.requestHeaders.authorization).toBe('[redacted]');
    for (const step of trace.steps.filter((entry) => entry.id.startsWith('auth.') && entry.http)) expect(step.note).toContain(SANDBOX_SHOWN_NOTE);
  });

  it('wrong-issuer: stops at the server metadata, nothing sent to that server', async () => {
    const trace = await runScenario({ era, fault: 'wrong-issuer' });
    expect(trace.status).toBe('failed');
    expect(authIds(trace)).toEqual(FIRST_FLOW.slice(0, 3));
    expect(trace.steps.at(-1)?.fault?.what).toMatch(/metadata says its issuer is .*\/oauth”, but the resource named .*\/oauth\/fault\/wrong-issuer/);
  });

  it('wrong-resource: the token is refused, a refresh is refused too, the metadata still names the same server, and the server’s reason is said', async () => {
    const trace = await runScenario({ era, fault: 'wrong-resource' });
    expect(trace.status).toBe('failed');
    expect(authIds(trace)).toEqual([...FIRST_FLOW, 'auth.challenge', 'auth.refresh', 'auth.retry', 'auth.challenge', 'auth.resource-metadata']);
    expect(trace.steps.findLast((step) => step.id === 'auth.resource-metadata')?.note).toMatch(/still names .*, the server whose token was refused/);
    expect(trace.steps.at(-1)?.fault?.what).toMatch(
      /still answered HTTP 401 with the new token: “The access token was issued for another resource, .*\/mcp\/toolbox/,
    );
  });

  it('missing-scope: the first token lacks mcp:tools, the 403 starts step-up, and the run answers', async () => {
    const trace = await runScenario({ era, fault: 'missing-scope' });
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(authIds(trace)).toEqual([
      ...FIRST_FLOW,
      'auth.step-up',
      'auth.authorization-request',
      'auth.authorization-response',
      'auth.token-request',
      'auth.retry',
    ]);
    const stepUp = trace.steps.find((step) => step.id === 'auth.step-up')!;
    expect(stepUp.http?.status).toBe(403);
    expect(stepUp.payload).toMatchObject({ challenge: { error: 'insufficient_scope', scope: ['mcp:tools'] } });
  });

  it('step-up on a tool call: the privileged tool answers 403 insufficient_scope mid-run, a consent for its scope, and the same tools/call goes again to the answer', async () => {
    const trace = await runScenario({ era, question: 'What is 5 times 7?' });
    expect(trace.steps.at(-1)?.fault).toBeUndefined();
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 times 7 is 35.');
    expect(authIds(trace)).toEqual([
      ...FIRST_FLOW,
      'auth.step-up',
      'auth.authorization-request',
      'auth.authorization-response',
      'auth.token-request',
      'auth.retry',
    ]);
    const ids = trace.steps.map((step) => step.id);
    // The 403 answers the tools/call, in the execution phase; the same call goes again after the flow.
    const stepUp = trace.steps.find((step) => step.id === 'auth.step-up')!;
    expect(stepUp.http?.status).toBe(403);
    expect(JSON.parse(stepUp.http!.requestBody!)).toMatchObject({ method: 'tools/call', params: { name: 'multiply_numbers' } });
    expect(stepUp.payload).toMatchObject({ challenge: { error: 'insufficient_scope', scope: ['mcp:tools', 'mcp:admin'] } });
    expect(ids.indexOf('auth.step-up')).toBeGreaterThan(ids.indexOf('mcp.tools-call.request'));
    expect(ids[ids.lastIndexOf('auth.retry') + 1]).toBe('mcp.tools-call.request');
    const second = trace.steps.filter((step) => step.id === 'auth.authorization-request')[1]!;
    expect(second.payload).toMatchObject({ parameters: { scope: 'mcp:tools mcp:admin' } });
  });

  it('expired-token: the token of expires_in 0 is still sent, its 401 invalid_token brings a refresh, and the run answers', async () => {
    const trace = await runScenario({ era, fault: 'expired-token' });
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(authIds(trace)).toEqual([...FIRST_FLOW, 'auth.challenge', 'auth.refresh', 'auth.retry']);
    expect(trace.steps.find((step) => step.id === 'auth.token-request')!.payload).toMatchObject({ checked: { expires_in: 0 } });
    const refused = trace.steps.filter((step) => step.id === 'auth.challenge')[1]!;
    expect(refused.http?.requestHeaders.authorization).toBe('[redacted]');
    expect(refused.payload).toMatchObject({ challenge: { error: 'invalid_token' } });
    expect(trace.steps.find((step) => step.id === 'auth.refresh')!.payload).toMatchObject({ sent: { grant_type: 'refresh_token' } });
  });

  it('state-mismatch: the redirect’s state is not the one sent, so its code is never exchanged', async () => {
    const trace = await runScenario({ era, fault: 'state-mismatch' });
    expect(trace.status).toBe('failed');
    expect(authIds(trace)).toEqual(FIRST_FLOW.slice(0, 6));
    expect(trace.steps.find((step) => step.id === 'auth.authorization-response')!.payload).toMatchObject({ checked: { state: 'not the one sent' } });
    expect(trace.steps.at(-1)?.fault?.what).toBe('The redirect back from the consent page carried another state than the one the host sent.');
  });

  it('a redirect whose iss is another server’s (RFC 9207 mix-up), or has none though the server promised one, is refused before its code is exchanged', async () => {
    // The browser comes back from the real consent page, and the redirect is altered on its way as a mix-up would.
    const alterIss =
      (change: (parameters: URLSearchParams) => void): ObtainConsent =>
      async (request) => {
        const redirect = new URL(await approveSandboxConsent(request));
        change(redirect.searchParams);
        return redirect.href;
      };
    const mixedUp = await runScenario({ era, obtainConsent: alterIss((parameters) => parameters.set('iss', 'https://attacker.example/oauth')) });
    expect(mixedUp.status).toBe('failed');
    expect(authIds(mixedUp)).toEqual(FIRST_FLOW.slice(0, 6));
    expect(mixedUp.steps.find((step) => step.id === 'auth.authorization-response')!.payload).toMatchObject({
      checked: { state: 'the one sent', iss: 'another issuer' },
    });
    expect(mixedUp.steps.at(-1)?.fault).toMatchObject({
      what: expect.stringMatching(
        /^The redirect back from the consent page carried “https:\/\/attacker\.example\/oauth” as its issuer, not http:\/\/127\.0\.0\.1:\d+\/oauth\.$/,
      ),
      why: expect.stringContaining('RFC 9207'),
    });
    const missing = await runScenario({ era, obtainConsent: alterIss((parameters) => parameters.delete('iss')) });
    expect(authIds(missing)).toEqual(FIRST_FLOW.slice(0, 6));
    expect(missing.steps.at(-1)?.fault?.what).toMatch(
      /^The redirect back from the consent page carried no iss, though http:\/\/127\.0\.0\.1:\d+\/oauth says it always sends one/,
    );
  });

  it('pkce-mismatch: the token endpoint refuses the verifier with invalid_grant', async () => {
    const trace = await runScenario({ era, fault: 'pkce-mismatch' });
    expect(trace.status).toBe('failed');
    expect(authIds(trace)).toEqual(FIRST_FLOW.slice(0, 7));
    expect(trace.steps.find((step) => step.id === 'auth.token-request')!.http?.status).toBe(400);
    expect(trace.steps.at(-1)?.fault?.what).toContain('invalid_grant, “code_verifier does not match the code_challenge');
  });
});
