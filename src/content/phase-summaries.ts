import type { Phase } from '../trace/index.ts';

/** What the host is doing in each phase, for the learner who lost the thread. */
export const PHASE_SUMMARIES: Record<Phase, string> = {
  discovery: 'Discovery: before asking the model anything, the host learns from the MCP server which tools exist and what arguments they take.',
  decision:
    'Decision: the host rewrites the tools in the provider’s format and asks the model; the model picks a tool and writes the arguments, but runs nothing.',
  execution: 'Execution: the host turns the model’s call back into MCP; the server finds the tool, checks the arguments and runs it.',
  authorization: 'Authorization: the server refused the request without a token, so the host gets one (OAuth with PKCE) before it sends the request again.',
  response: 'Response: the host hands the result to the model in the provider’s format, and the model puts it into words for the user.',
};
