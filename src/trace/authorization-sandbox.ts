/**
 * The built-in authorization sandbox as both halves see it: the app serves these paths
 * (server/authorization) and the host walks them (src/lifecycle). Kept at the bottom layer
 * so that neither side spells a path or a fault name of its own.
 */

/** The MCP endpoint that wants a bearer token: the same tools as /mcp, plus one that needs more scope. */
export const PROTECTED_MCP_PATH = '/mcp/protected';
/** The issuer path of the sandbox's authorization server; a fault's server is at /oauth/fault/NAME. */
export const AUTHORIZATION_SERVER_PATH = '/oauth';
/** The explorer's own Client ID Metadata Document (the client_id is this URL), served beside the sandbox by npm start and the Service Worker. */
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';
/** The page's OAuth redirect page, under the site's folder. */
export const CALLBACK_PAGE_PATH = '/oauth-callback.html';
/** The CLI's loopback redirect as its document lists it: no port, since the CLI listens where it can (RFC 8252 §7.3). */
export const CLI_LOOPBACK_REDIRECT_URI = 'http://127.0.0.1/callback';

/** Every request to /mcp/protected needs this scope; the challenge of a 401 names it. */
export const TOOLS_SCOPE = 'mcp:tools';
/** The privileged tool needs this one besides, so calling it with an ordinary token asks for step-up. */
export const ADMIN_SCOPE = 'mcp:admin';
export const SANDBOX_SCOPES = [TOOLS_SCOPE, ADMIN_SCOPE] as const;
/** The tool on /mcp/protected that answers 403 insufficient_scope to a token without mcp:admin. */
export const PRIVILEGED_TOOL_NAME = 'multiply_numbers';

/**
 * Failure switches, chosen with /mcp/protected?fault=NAME. Each one breaks one check of the
 * flow on purpose, so the learner sees that check fail and why.
 */
export { SANDBOX_FAULTS } from './sandbox-fault-names.ts';
export type { SandboxFault } from './sandbox-fault-schema.ts';

/**
 * Every answer of the sandbox's authorization server and of /mcp/protected carries this
 * header: its codes and tokens guard nothing but this sandbox, so a host may show them
 * (those of a real server are secrets, and stay redacted).
 */
export const SANDBOX_HEADER = 'x-authorization-sandbox';
export const SANDBOX_HEADER_VALUE = 'tokens-may-be-shown';
