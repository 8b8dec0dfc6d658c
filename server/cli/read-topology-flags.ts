import type { ProviderMcpOptions } from '../../src/lifecycle/index.ts';
import {
  APPROVAL_DECISIONS,
  APPROVAL_POLICIES,
  isProviderMcpWire,
  PROVIDER_MCP_WIRES,
  type ApprovalDecision,
  type ApprovalPolicy,
  MCP_TOPOLOGIES,
  type McpTopology,
} from '../../src/trace/index.ts';

/**
 * The trace command's topology flags: who is the MCP client (--topology), whether the
 * provider asks before each call (--require-approval) and the answer at its approval gate
 * (--approval). Each wrong combination is refused with what to give instead.
 */
export const TOPOLOGY_FLAG_USAGE = `  --topology host|provider      who is the MCP client: the host's own (default), or the provider's, which
                                calls the server itself (OpenAI Responses' mcp tool, Anthropic's MCP
                                connector; with --wire openai-responses or anthropic): the host sees only its report
  --require-approval always|never
                                provider-side MCP with OpenAI: whether the provider asks before each call (default always)
  --approval approve|deny       the answer at the provider's approval gate (default approve, said in the step)
  --twin                        the twin view: the same question in both topologies, one run each, and what
                                each put on every wire, side by side (default wire openai-responses)`;

export const TOPOLOGY_FLAG_OPTIONS = {
  topology: { type: 'string' },
  'require-approval': { type: 'string' },
  approval: { type: 'string' },
  twin: { type: 'boolean', default: false },
} as const;

function isOneOf<T extends string>(choices: readonly T[], value: string): value is T {
  return (choices as readonly string[]).includes(value);
}

export function readTopologyFlags(input: {
  topology: string | undefined;
  requireApproval: string | undefined;
  approval: string | undefined;
  /** The scenario's own topology, when it is its lesson. */
  scenarioTopology: McpTopology | undefined;
  wire: string;
  stdio: boolean;
  /** --twin: both topologies, so the provider's side is checked whatever --topology says. */
  twin?: boolean;
}): { topology: McpTopology; providerMcp?: ProviderMcpOptions } | { error: string } {
  if (input.twin && input.topology !== undefined) return { error: '--twin runs both topologies, one after the other: leave out --topology.' };
  const topology = input.twin ? 'provider' : (input.topology ?? input.scenarioTopology ?? 'host');
  if (!isOneOf(MCP_TOPOLOGIES, topology)) return { error: `--topology is host or provider, not "${topology}".` };
  const { requireApproval, approval } = input;
  if (requireApproval !== undefined && !isOneOf<ApprovalPolicy>(APPROVAL_POLICIES, requireApproval))
    return { error: `--require-approval is always or never, not "${requireApproval}".` };
  if (approval !== undefined && !isOneOf<ApprovalDecision>(APPROVAL_DECISIONS, approval))
    return { error: `--approval is approve or deny (the answer at the provider's approval gate), not "${approval}".` };
  if (topology === 'host') {
    if (requireApproval !== undefined || approval !== undefined)
      return { error: '--require-approval and --approval are for provider-side MCP: add --topology provider.' };
    return { topology };
  }
  if (!isProviderMcpWire(input.wire))
    return {
      error: `--${input.twin ? 'twin' : 'topology provider'} needs a provider that calls MCP servers itself: --wire ${PROVIDER_MCP_WIRES.join(' or ')}, not ${input.wire}.`,
    };
  if (input.stdio)
    return {
      error: `--${input.twin ? 'twin' : 'topology provider'} cannot reach a stdio server: the provider connects over HTTP from its own machines. Give --server URL, or leave out --${input.twin ? 'twin' : 'topology'}.`,
    };
  return {
    topology,
    providerMcp: {
      ...(requireApproval === undefined ? {} : { requireApproval }),
      ...(approval === undefined ? {} : { approvalAnswer: approval }),
    },
  };
}
