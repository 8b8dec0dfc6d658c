import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ClientCredentials, ServerMetadata } from '../mcp/index.ts';
import type { McpCallPlan } from '../providers/index.ts';
import type { GatedUrl } from '../trace/index.ts';

/**
 * The shapes of what a run holds for its features (the consent answer, the prompt it
 * starts from, the authorization it won, the views it keeps open), apart from the features
 * that fill them: run-context.ts names them, and each feature takes the run context, so
 * neither imports the other back.
 */

/** A tools/call's params as translation #2 planned them. */
export type ToolCallParams = Extract<McpCallPlan, { ok: true }>['params'];

export const CONSENT_DECISIONS = ['allow', 'deny'] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

/** A prompt of the server's the run starts from, with the user's arguments. */
export type PromptChoice = { name: string; arguments?: Record<string, string> };

/** The endpoints of the server's metadata the flow follows, each passed through the URL gate. */
export type ServerEndpoints = { authorization: GatedUrl; token: GatedUrl; registration?: GatedUrl };

/** What the flow learned and holds for the rest of the run (in memory only). */
export type Authorization = {
  issuer: string;
  metadata: ServerMetadata;
  endpoints: ServerEndpoints;
  client: ClientCredentials;
  resource: string;
  scopes: string[];
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
  /** How the token held was obtained: a refreshed token refused before the server ever accepted it is not a matter of expiry. */
  /** machine-client: the client's own grant (client_credentials, or an enterprise's ID-JAG), no person. */
  obtainedBy: 'code' | 'refresh' | 'machine-client';
  /** Set once the MCP server answered a request that carried this token. */
  accepted?: boolean;
};

/** One view's conversation with the host (app-view-session.ts speaks it). */
export type ViewSession = {
  readonly id: string;
  readonly resourceUri: string;
  readonly toolName: string;
  tellInput(args: Record<string, unknown>): Promise<void>;
  tellResult(result: CallToolResult): Promise<void>;
  tellCancelled(reason: string): Promise<void>;
  /** ui/resource-teardown, a short wait for the view's answer, then the frame goes. */
  close(reason: string): Promise<void>;
  /** Resolves, with why, when the view asks to be closed (ui/notifications/request-teardown) or has sent more than the host takes. */
  readonly closeRequested: Promise<string>;
};
