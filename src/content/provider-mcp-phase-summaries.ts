import type { Phase } from '../trace/index.ts';
import { PHASE_SUMMARIES } from './phase-summaries.ts';

// Apart from PHASE_SUMMARIES, which the first page reads: only the step words (loaded with them) read these.
/** The same phases when the provider is the MCP client: the host hands the server over and reads the provider's report. */
export const PROVIDER_MCP_PHASE_SUMMARIES: Record<Phase, string> = {
  discovery:
    'Discovery: the host hands the provider the MCP server; the provider’s own MCP client learns which tools exist, and the host sees only its report.',
  decision: 'Decision: the host asks the provider, naming the server instead of its tools; the provider’s model picks a tool. The host translates nothing.',
  execution:
    'Execution: the provider’s MCP client calls the tool and the server runs it; the host sees the provider’s report, and the built-in server’s own record.',
  authorization: PHASE_SUMMARIES.authorization,
  response: 'Response: the provider puts the result into words; the host shows the answer to the user.',
};
