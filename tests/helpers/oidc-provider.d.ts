/**
 * The parts of oidc-provider (v9, which ships no types) the authorization tests use, as
 * its documentation describes them.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> } };
    params: Record<string, string | undefined>;
    session?: { accountId: string };
    grantId?: string;
  };

  export type StoredAccessToken = { aud?: string | string[]; scope?: string; exp?: number; clientId?: string; destroy(): Promise<void> };

  export class Grant {
    constructor(options: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: typeof Grant;
    AccessToken: { find(token: string): Promise<StoredAccessToken | undefined> };
    ClientCredentials: { find(token: string): Promise<StoredAccessToken | undefined> };
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
}
