import type { MockModelName, Era, McpTopology } from '../trace/index.ts';

/**
 * Built-in scenarios: each one a real run that teaches something the simple story leaves
 * out. A scenario only chooses the question, the built-in server's endpoint, the mock
 * model's variant and a few limits; everything that happens is then real traffic.
 */
export type Scenario = {
  id: string;
  title: string;
  question: string;
  /** Path of the built-in MCP endpoint: /mcp (add_numbers), /mcp/toolbox (every tool), /mcp/sessions (stateful). */
  mcpPath: string;
  /** The mock model variant (see MOCK_MODELS); real providers ignore it. */
  mockModel: MockModelName;
  era?: Era;
  /**
   * The lesson needs what only `era` has: said where the scenario is picked in the other
   * era (the page and the CLI), with the era that can run it, instead of a run that quietly
   * teaches something else.
   */
  otherEraCannot?: string;
  maxToolRounds?: number;
  /** Start from this prompt of the server (prompts/get, translation #5); the question then only names it. */
  prompt?: { name: string; arguments?: Record<string, string> };
  /** The host lists the server's resources during discovery. */
  listResources?: boolean;
  /** What to look at, in a sentence or two. */
  lesson: string;
  /** The endpoint is the authorization sandbox's: its consent may be approved for the learner with no browser (the CLI), its made-up values shown. */
  authorizationSandbox?: true;
  /** Provider-side MCP lessons: the provider is the MCP client (topology), in a format that has it (wire, used when the learner's cannot run it). */
  topology?: McpTopology;
  wire?: string;
};
