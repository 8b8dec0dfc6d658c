import { z } from 'zod';

/**
 * The OAuth documents the host accepts, as the standards define them; only the fields the
 * flow reads are named, the rest is kept as sent (the step shows the whole document).
 * Not the MCP SDK's schemas: they refuse a `javascript:` endpoint themselves, so the URL
 * gate's refusal (a step naming the field, issue 36) would become a schema error; and they
 * require what the flow has never needed (response_types_supported, OpenID Connect's
 * jwks_uri and subject types, redirect_uris in a registration answer).
 */

/** RFC 9728 §2: what a protected resource (the MCP server) says about itself. */
export const ResourceMetadataSchema = z.looseObject({
  resource: z.string(),
  authorization_servers: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
});
export type ResourceMetadata = z.infer<typeof ResourceMetadataSchema>;

/** RFC 8414 §2 (and OpenID Connect Discovery §3, which shares these fields). */
export const ServerMetadataSchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string().optional(),
  scopes_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  /** RFC 9207 §3: the server puts `iss` in every authorization response. */
  authorization_response_iss_parameter_supported: z.boolean().optional(),
  /** The Client ID Metadata Document draft: a URL may be the client_id. */
  client_id_metadata_document_supported: z.boolean().optional(),
});
export type ServerMetadata = z.infer<typeof ServerMetadataSchema>;

/** RFC 6749 §5.1. */
export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  /** OpenID Connect's, when the scope asked for openid: a secret too. */
  id_token: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** RFC 7591 §3.2.1. */
export const RegistrationResponseSchema = z.looseObject({
  client_id: z.string().min(1),
  client_secret: z.string().optional(),
  token_endpoint_auth_method: z.string().optional(),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

/** RFC 6749 §5.2 (and §4.1.2.1 for an authorization response). */
export const OAuthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;
