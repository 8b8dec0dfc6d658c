import { SANDBOX_SCOPES, type SandboxFault } from '../../src/trace/index.ts';
import { describeSandboxUrls } from './sandbox-urls.ts';

/**
 * The two discovery documents: the protected resource's (RFC 9728), which names the
 * authorization server, and the authorization server's (RFC 8414, also served at the
 * OpenID Connect discovery paths). The wrong-issuer fault is here: its server's document
 * names an issuer other than the URL it was fetched from, which RFC 8414 §3.3 tells a
 * client to refuse.
 */

type Place = { origin: string; basePath: string; fault: SandboxFault | undefined };

export function describeProtectedResource(place: Place) {
  const urls = describeSandboxUrls(place);
  return {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [...SANDBOX_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'MCP Lifecycle Explorer, protected endpoint (sandbox)',
  };
}

export function describeAuthorizationServer(place: Place) {
  const urls = describeSandboxUrls(place);
  const issuer = place.fault === 'wrong-issuer' ? describeSandboxUrls({ ...place, fault: undefined }).issuer : urls.issuer;
  return {
    issuer,
    authorization_endpoint: urls.authorizationEndpoint,
    token_endpoint: urls.tokenEndpoint,
    registration_endpoint: urls.registrationEndpoint,
    scopes_supported: [...SANDBOX_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}
