import { Client, StreamableHTTPClientTransport, type FetchLike } from '@modelcontextprotocol/client';
import { describeHostCapabilities } from '../src/lifecycle/roots.ts';

/**
 * The baseline for the engine's cost: the same HTTP exchanges as one engine lifecycle
 * (initialize, notifications/initialized, the client's GET for a stream, tools/list with
 * progress, the provider request, tools/call with progress, the second provider request),
 * made with the bare SDK client and plain fetch: no recording, no steps, no gates.
 * The client says it can do what the engine's says (sampling, elicitation), so the two
 * initialize requests ask the server for the same: a server does more for a client that
 * offers more (here about 0.1 ms per initialize), and that is not the engine's cost.
 */

type OpenAiTool = { type: 'function'; function: { name: string; description?: string; parameters: unknown } };
type ChatMessage = { role: string; content: string | null; tool_calls?: ToolCall[]; tool_call_id?: string };
type ToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
type ChatReply = { choices: { message: ChatMessage }[] };

async function postChat(fetch: FetchLike, baseUrl: string, body: unknown): Promise<ChatMessage> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`The mock model answered ${response.status}.`);
  const reply = (await response.json()) as ChatReply;
  const message = reply.choices[0]?.message;
  if (!message) throw new Error('The mock model sent no choice.');
  return message;
}

export type BareLifecycleInput = {
  serverUrl: string;
  question: string;
  model: string;
  /** The fetch the SDK's transport and the provider calls use: plain fetch unless a layer of the engine is measured alone. */
  mcpFetch?: FetchLike;
  providerFetch?: FetchLike;
};

/** One lifecycle, bare; resolves with the model's final answer. */
export async function runBareLifecycle(input: BareLifecycleInput): Promise<string> {
  const providerBaseUrl = `${input.serverUrl}/mock/openai/v1`;
  const providerFetch = input.providerFetch ?? fetch;
  const client = new Client(
    { name: 'bench-bare-client', version: '0.1.0' },
    { versionNegotiation: { mode: 'legacy' }, capabilities: describeHostCapabilities() },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${input.serverUrl}/mcp`), input.mcpFetch ? { fetch: input.mcpFetch } : {}));
  try {
    // A progress callback makes the SDK send a progressToken, so the server reports its stages, as for the engine.
    const { tools } = await client.listTools(undefined, { onprogress: () => {} });
    const openAiTools: OpenAiTool[] = tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.inputSchema },
    }));
    const messages: ChatMessage[] = [{ role: 'user', content: input.question }];
    const decision = await postChat(providerFetch, providerBaseUrl, { model: input.model, messages, tools: openAiTools });
    const call = decision.tool_calls?.[0];
    if (!call) throw new Error('The mock model called no tool.');
    const result = await client.callTool(
      { name: call.function.name, arguments: JSON.parse(call.function.arguments) as Record<string, unknown> },
      { onprogress: () => {} },
    );
    const text = (result.content as { type: string; text?: string }[])
      .filter((block) => block.type === 'text')
      .map((block) => block.text)
      .join('\n');
    messages.push({ role: 'assistant', content: null, tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: text });
    const answer = await postChat(providerFetch, providerBaseUrl, { model: input.model, messages, tools: openAiTools });
    return answer.content ?? '';
  } finally {
    await client.close();
  }
}
