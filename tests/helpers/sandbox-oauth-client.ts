import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';

/**
 * An OAuthClientProvider of the MCP SDK that keeps everything in memory, and a "user"
 * who answers the sandbox's consent page over real HTTP: GET the page the SDK redirected
 * to, POST the answer as the page's form would, and read the redirect the server sends
 * back. The SDK's own auth() does the rest (discovery, registration, PKCE, token requests).
 */

export class InMemoryOAuthProvider implements OAuthClientProvider {
  readonly authorizationUrls: URL[] = [];
  readonly sentStates: string[] = [];
  savedTokens: OAuthTokens[] = [];
  private client: OAuthClientInformationMixed | undefined;
  private verifier = '';
  private discovery: OAuthDiscoveryState | undefined;

  constructor(private readonly options: { redirectUrl: string; clientMetadataUrl?: string; clientName?: string }) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? 'sandbox test client',
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    const state = crypto.randomUUID();
    this.sentStates.push(state);
    return state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }

  tokens(): OAuthTokens | undefined {
    return this.savedTokens.at(-1);
  }

  saveTokens(tokens: OAuthTokens): void {
    this.savedTokens.push(tokens);
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrls.push(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.savedTokens = [];
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}

/** The consent page's form, read from its HTML: the id of the request it answers. */
export function readConsentId(html: string): string {
  const match = /name="consent" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`The consent page has no consent id:\n${html}`);
  return match[1]!;
}

/** Opens the consent page, answers it, and gives the redirect the server sent (302 Location). */
export async function answerConsent(authorizationUrl: URL, decision: 'approve' | 'deny' = 'approve'): Promise<{ page: Response; html: string; callback: URL }> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}:\n${html}`);
  const form = /<form method="post" action="([^"]+)"/.exec(html);
  const answer = await fetch(form![1]!.replace(/&amp;/g, '&'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: readConsentId(html), decision }),
    redirect: 'manual',
  });
  if (answer.status !== 302) throw new Error(`The consent answer was ${answer.status}, not a redirect: ${await answer.text()}`);
  return { page, html, callback: new URL(answer.headers.get('location')!) };
}
