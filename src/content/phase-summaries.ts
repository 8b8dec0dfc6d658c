import type { Phase } from '../trace/vocabulary.ts';

/** What the host is doing in each phase, for the learner who lost the thread. */
export const PHASE_SUMMARIES: Record<Phase, string> = {
  discovery: 'Discovery: before asking the model anything, the host learns from the MCP server which tools exist and what arguments they take.',
  decision: 'Decision: the host rewrites the tools in the provider’s format and asks the model; the model picks a tool and writes the arguments, but runs nothing.',
  execution: 'Execution: the host turns the model’s call back into MCP; the server finds the tool, checks the arguments and runs it.',
  authorization: 'Authorization: the server refused the request without a token, so the host gets one (OAuth with PKCE) before it sends the request again.',
  response: 'Response: the host hands the result to the model in the provider’s format, and the model puts it into words for the user.',
};

/** The same phases when the provider is the MCP client: the host hands the server over and reads the provider's report. */
export const PROVIDER_MCP_PHASE_SUMMARIES: Record<Phase, string> = {
  discovery: 'Discovery: the host hands the provider the MCP server; the provider’s own MCP client learns which tools exist, and the host sees only its report.',
  decision: 'Decision: the host asks the provider, naming the server instead of its tools; the provider’s model picks a tool. The host translates nothing.',
  execution: 'Execution: the provider’s MCP client calls the tool and the server runs it; the host sees the provider’s report, and the built-in server’s own record.',
  authorization: PHASE_SUMMARIES.authorization,
  response: 'Response: the provider puts the result into words; the host shows the answer to the user.',
};
