import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveSandboxConsent } from '../../server/cli/approve-sandbox-consent.ts';
import { findScenario } from '../../src/content/scenarios.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { CLIENT_METADATA_PATH } from '../../src/trace/authorization-sandbox.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { Era } from '../../src/trace/vocabulary.ts';
import { MOCK_BASE_PATH } from '../helpers/create-mock-run.ts';
import { startCrossOriginServer, type CrossOriginServer } from '../helpers/start-cross-origin-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The explorer's own Client ID Metadata Document: served by the real app, fetched by the
 * sandbox's authorization server over HTTP when the flow names it as the client_id, and
 * checked there (it must name itself; the redirect must be listed, a loopback port aside).
 */

const fetchedDocuments: string[] = [];
const app = useServer({
  authorization: {
    // The platform's fetch, with a note of what the sandbox fetched.
    fetchDocument: (input, init) => {
      fetchedDocuments.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
  },
});
const scenario = findScenario('authorization')!;
const documentUrl = () => `${app.url}${CLIENT_METADATA_PATH}`;

function runScenario({ era, clientMetadataUrl, redirectUri }: { era: Era; clientMetadataUrl: string; redirectUri: string }): Promise<Trace> {
  return createLifecycleRun({
    question: scenario.question,
    era,
    mcpUrl: `${app.url}${scenario.mcpPath}`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${app.url}${MOCK_BASE_PATH}`, model: scenario.mockModel },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    authorization: { redirectUri, clientMetadataUrl, obtainConsent: approveSandboxConsent, showSecrets: true },
  }).start();
}

const authIds = (trace: Trace) => trace.steps.map((step) => step.id).filter((id) => id.startsWith('auth.'));

describe("the explorer's client metadata document", () => {
  it('is served at its own URL, which is its client_id, with the fields the draft asks for', async () => {
    const response = await fetch(documentUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toEqual({
      client_id: documentUrl(),
      client_name: 'MCP Lifecycle Explorer',
      client_uri: `${app.url}/`,
      redirect_uris: [`${app.url}/oauth-callback.html`, 'http://127.0.0.1/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('the flow with the document, era %s', (era) => {
  it("names the document as its client_id, no registration; the sandbox fetches it and the CLI's loopback port is accepted", async () => {
    fetchedDocuments.length = 0;
    // Any port on 127.0.0.1: the document lists the CLI's redirect without one (RFC 8252 §7.3).
    const trace = await runScenario({ era, clientMetadataUrl: documentUrl(), redirectUri: 'http://127.0.0.1:9/callback' });
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(authIds(trace)).toEqual([
      'auth.challenge',
      'auth.resource-metadata',
      'auth.server-metadata',
      'auth.client-id',
      'auth.authorization-request',
      'auth.authorization-response',
      'auth.token-request',
      'auth.retry',
    ]);
    const identity = trace.steps.find((step) => step.id === 'auth.client-id')!;
    expect(identity.payload).toMatchObject({ method: 'Client ID Metadata Document', client_id: documentUrl() });
    const request = trace.steps.find((step) => step.id === 'auth.authorization-request')!;
    expect(new URL((request.payload as { url: string }).url).searchParams.get('client_id')).toBe(documentUrl());
    expect(fetchedDocuments).toContain(documentUrl());
  });

  it("the page's callback is accepted as listed", async () => {
    const trace = await runScenario({ era, clientMetadataUrl: documentUrl(), redirectUri: `${app.url}/oauth-callback.html` });
    expect(trace.status).toBe('complete');
  });

  it('a redirect the document does not list is refused, and the step says why', async () => {
    const trace = await runScenario({ era, clientMetadataUrl: documentUrl(), redirectUri: 'http://127.0.0.1:9/elsewhere' });
    expect(trace.status).toBe('failed');
    expect(authIds(trace).at(-1)).toBe('auth.authorization-request');
    expect(trace.steps.at(-1)?.fault?.what).toMatch(/redirect_uri http:\/\/127\.0\.0\.1:9\/elsewhere is not one this client registered/);
  });
});

describe('a document that names another client', () => {
  let impostor: CrossOriginServer;
  beforeAll(async () => {
    impostor = await startCrossOriginServer((_request, response) => {
      // Served at its own URL, but claiming to be the explorer's document elsewhere: any page could claim to be any client.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          client_id: 'https://explorer.example/oauth/client-metadata.json',
          client_name: 'Not me',
          redirect_uris: ['http://127.0.0.1/callback'],
          token_endpoint_auth_method: 'none',
        }),
      );
    });
  });
  afterAll(async () => {
    await impostor.close();
  });

  it('is refused by the sandbox, and the run ends with that reason after the steps before it', async () => {
    const clientMetadataUrl = `${impostor.url}/client.json`;
    const trace = await runScenario({ era: '2026-07-28', clientMetadataUrl, redirectUri: 'http://127.0.0.1:9/callback' });
    expect(trace.status).toBe('failed');
    expect(authIds(trace)).toEqual(['auth.challenge', 'auth.resource-metadata', 'auth.server-metadata', 'auth.client-id', 'auth.authorization-request']);
    const fault = trace.steps.at(-1)?.fault;
    expect(fault?.what).toContain(
      `The client metadata document at ${clientMetadataUrl} names another client_id, https://explorer.example/oauth/client-metadata.json.`,
    );
    expect(fault?.why).toBeTruthy();
  });
});
