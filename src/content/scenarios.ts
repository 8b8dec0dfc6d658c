/* eslint-disable max-lines -- SCENARIOS is a data table, one entry per built-in scenario; split, it would only be read back together. */
import type { Era } from '../trace/index.ts';
import type { Scenario } from './scenario-type.ts';
import { LIFECYCLES_2026_SCENARIOS } from './scenarios-2026.ts';

export type { Scenario } from './scenario-type.ts';

export const DEFAULT_SCENARIO_ID = 'happy-path';

export const SCENARIOS: Scenario[] = [
  {
    id: 'happy-path',
    title: 'The whole lifecycle: What is 5 plus 7?',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-deterministic',
    lesson: 'The twenty steps of one tool call: discovery, decision, execution, response.',
  },
  {
    id: 'bad-arguments',
    title: 'Bad arguments: the server’s validation says no',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-sloppy',
    lesson: 'The model writes a = "five". Watch step 14: the server rejects it, the isError result goes back, and the model tries again.',
  },
  {
    id: 'unknown-tool',
    title: 'Unknown tool: the model calls what does not exist',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-inventive',
    lesson: 'The server answers with a JSON-RPC error (-32602), not a result; the host tells the model, which then picks the real tool.',
  },
  {
    id: 'malformed-arguments',
    title: 'Malformed arguments: not even JSON',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-broken-json',
    lesson: 'Translation #2 cannot read the arguments, so no tools/call is sent at all: the host answers the model itself with an error.',
  },
  {
    id: 'no-tool',
    title: 'No tool: the model answers directly',
    question: 'Hello',
    mcpPath: '/mcp',
    mockModel: 'mock-model-deterministic',
    lesson: 'Nothing to compute, so steps 9 to 18 never happen: the timeline shows which, and why.',
  },
  {
    id: 'two-rounds',
    title: 'Two rounds: (5 plus 7) times 3',
    question: 'What is (5 plus 7) times 3?',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson: 'The answer to the first tool call is an input to the second: steps 9 to 18 run again, as round 2.',
  },
  {
    id: 'parallel-calls',
    title: 'Parallel calls: two tools in one turn',
    question: 'What is 5 plus 7 and 3 times 4?',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson: 'One model reply asks for two tools; the host runs both and sends both results back in one request.',
  },
  {
    id: 'round-cap',
    title: 'A cap on tool rounds',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-relentless',
    maxToolRounds: 3,
    lesson: 'This model never stops calling tools. A host caps the rounds: after three it stops the loop and says so.',
  },
  {
    id: 'sessions',
    title: 'Sessions: Mcp-Session-Id, the GET stream, expiry and DELETE',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp/sessions?expire-after=1',
    mockModel: 'mock-model-deterministic',
    era: '2025-11-25',
    otherEraCannot:
      'In 2026-07-28 there are no sessions: no initialize, no Mcp-Session-Id, no GET stream and no DELETE. Every request stands alone, so there is nothing for the server to forget and no 404 to meet.',
    lesson:
      'A stateful server gives the client a session id and keeps a stream open. This one forgets a session after one request: tools/call meets a 404, the host starts a new session and sends it again, and at the end its DELETE finds that session gone too.',
  },
  {
    id: 'division-by-zero',
    title: 'A tool that fails: 7 divided by 0',
    question: 'What is 7 divided by 0?',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson: 'The tool runs and fails: the server answers a result with isError, not a protocol error. Translation #3 must carry the failure.',
  },
  {
    id: 'structured-output',
    title: 'Structured output: convert 5 kilometers to miles',
    question: 'Convert 5 kilometers to miles',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson: 'The tool declares an outputSchema and returns structuredContent; look at what translation #1 and #3 can carry of it.',
  },
  {
    id: 'image-result',
    title: 'An image result: a bar chart',
    question: 'Draw a bar chart of 3, 1 and 4',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson: 'The tool returns an image content block. Some providers carry images in tool results; others only text (compare the formats at step 18).',
  },
  {
    id: 'slow-tool',
    title: 'A slow tool that reports progress',
    question: 'Count slowly to 5',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson: 'The tool takes a few seconds and reports its progress inside the tools/call response stream, before the result.',
  },
  {
    id: 'renamed-tool',
    title: 'A tool name some providers refuse: math.power',
    question: 'What is 2 to the power of 10?',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson: 'OpenAI and Anthropic refuse dots in tool names: translation #1 renames the tool, translation #2 maps the name back.',
  },
  {
    id: 'refusal',
    title: 'A refusal: the model declines',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-refusing',
    lesson:
      'The model declines before any tool. OpenAI says so in message.refusal or a refusal part, Anthropic in stop_reason "refusal": the run ends refused, not complete with an empty answer. Gemini and Ollama have no refusal signal: there the refusal is words, and the host cannot tell it from an answer.',
  },
  {
    id: 'cut-off',
    title: 'Cut off: the token limit strikes mid-answer',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-cut-off',
    lesson:
      'The tool runs, then the answer stops halfway: finish_reason "length", stop_reason "max_tokens", MAX_TOKENS, status "incomplete" or done_reason "length". The run ends truncated, with the half answer shown as such.',
  },
  {
    id: 'interrupted',
    title: 'Interrupted: the reply breaks off mid-call',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-interrupted',
    lesson:
      'The model starts calling add_numbers and its reply breaks off halfway: streamed, before finish_reason, response.completed, message_stop, a finishReason or "done": true; whole, in the middle of the JSON. Half a call is never run, and the words that came are no answer: the run ends interrupted, saying what arrived and what was missing.',
  },
  {
    id: 'content-filter',
    title: 'A content filter withholds the answer',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-filtered',
    lesson:
      'The tool runs, then the provider’s filter withholds the answer: OpenAI’s content_filter, Gemini’s SAFETY (Anthropic ends it as a refusal; Ollama has no filter). The last step says which filter and what to do.',
  },
  {
    id: 'prompts',
    title: 'A prompt: the server writes the conversation',
    question: 'Prompt unit_conversion: 5 kilometers to miles',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    prompt: { name: 'unit_conversion', arguments: { value: '5', from: 'kilometers', to: 'miles' } },
    lesson:
      "The user picks a prompt instead of typing: prompts/list, then prompts/get with its arguments. The server's messages become the conversation the host sends, through translation #5, and the model calls convert_units as the prompt asks.",
  },
  {
    id: 'resources',
    title: 'Resources: a tool answers with a link, the host reads it',
    question: 'Find the table of length units',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    listResources: true,
    lesson:
      'resources/list shows what the server offers to read. find_unit_table answers with a resource_link; the model cannot open it, so the host reads it (resources/read) and decides what of it goes into the model’s context.',
  },
  {
    id: 'consent',
    title: 'Consent: a destructive tool waits for the user',
    question: 'Delete the note called "draft"',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson:
      'delete_note is annotated destructiveHint: true, so the host asks the user before tools/call. Allow, and the note is deleted; deny, and nothing reaches the server and the run ends declined. Annotations are hints from a server the host cannot verify.',
  },
  {
    id: 'tools-changed',
    title: 'The tool list changes during the run',
    question: 'Convert the temperature 100 celsius to fahrenheit',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson:
      'unlock_temperature_tool adds convert_temperature, and the server says so with notifications/tools/list_changed. The host lists the tools again, and the next model request carries the new list; after one call the tool is locked again, and the list changes back. In 2025-11-25 the notification comes on the call’s own stream; in 2026-07-28 only on a subscription: the host opts in first (subscriptions/listen), the server acknowledges it with an id, every notification on it carries that id, and the run’s end closes it.',
  },
  {
    id: 'sampling',
    title: 'Sampling: the server asks the host’s model',
    question: 'Phrase 5 and 7 as a sentence',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson:
      'phrase_sum adds, then asks the host’s model to phrase the sum: Server → Client → Host → LLM and back. You approve the request, translation #4 turns it into a provider request, and the answer waits at the gate (where you may change it) before the server gets it. Compare the eras: a request on the call’s stream, or input_required and the call again.',
  },
  {
    id: 'elicitation',
    title: 'Elicitation: the server asks the user',
    question: 'Ask me for a number to add to 5',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson:
      'ask_for_number needs a value only you have: the host shows the server’s form (requestedSchema), and accept, decline and cancel each go back to the server, which decides what follows.',
  },
  {
    id: 'resume',
    title: 'A stream cut in the middle: Last-Event-ID and the replay',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp/sessions?cut-stream-after=2',
    mockModel: 'mock-model-deterministic',
    era: '2025-11-25',
    otherEraCannot:
      'In 2026-07-28 there is no event store to resume from: no session, no GET stream and no Last-Event-ID. A call whose answer stream is cut is simply sent again, as a new request.',
    lesson:
      'The server ends the tools/call stream after two progress events, as a dropped connection would. Every event had an id, so nothing is lost: the client reconnects with GET and Last-Event-ID, and the server replays the rest and the result from its event store.',
  },
  {
    id: 'authorization',
    title: 'Authorization: a 401, OAuth with PKCE, and the token',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp/protected',
    mockModel: 'mock-model-deterministic',
    authorizationSandbox: true,
    lesson:
      'The built-in sandbox answers 401. Follow the host through the MCP authorization flow: the challenge, the protected resource metadata, the authorization server’s metadata, the client’s identity (the explorer’s own Client ID Metadata Document, which the sandbox fetches), the authorization request with PKCE and state, your consent, the code exchanged for a token, and the request sent again with Authorization: Bearer. The sandbox’s tokens are made up, so they are shown. Pick a failure switch to see one check fail and why.',
  },
  {
    id: 'elicitation-url',
    title: 'Elicitation in URL mode: the server sends the user to its page',
    question: 'Sign me in first',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-deterministic',
    lesson:
      'sign_in_first asks the host to send you to a page of the built-in server (elicitation, URL mode). What you do there goes to the server alone, out of band: the host never sees it. Open the page, come back, and accept (or decline): the client tells the server only your action, and the server learned the rest itself.',
  },
  {
    id: 'sampling-refused',
    title: 'Sampling: the model refuses the server’s request',
    question: 'Phrase 5 and 7 as a sentence',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-refusing-sampling',
    lesson:
      'phrase_sum asks the host’s model for a sentence, and the model refuses with its provider’s refusal signal. A refusal is still an answer: the host sends the server a CreateMessageResult with stopReason "refusal", and the tool, told so, gives the plain sum instead of passing the refusal off as its sentence.',
  },
  {
    id: 'sampling-timeout',
    title: 'Sampling: the model never answers the server’s request',
    question: 'Phrase 5 and 7 as a sentence',
    mcpPath: '/mcp/toolbox',
    mockModel: 'mock-model-stalling-sampling',
    lesson:
      'phrase_sum asks the host’s model for a sentence, and the model never answers. After the host’s sampling timeout (10 s) the host stops waiting: there is no CreateMessageResult to make from nothing. In 2025-11-25 it answers the server’s request with an error and the tool fails with it; in 2026-07-28 inputResponses can carry no error, so the client does not send the call again and the server never hears why. Either way the run goes on: the model hears the error and answers in words.',
  },
  {
    id: 'app-view',
    title: 'A tool with a view: MCP Apps',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp/apps',
    mockModel: 'mock-model-deterministic',
    lesson:
      'add_numbers comes with a view: a page of the server’s, which the host reads (resources/read of its ui:// resource) and renders in a sandboxed frame, the App. Compare what the model is told (the tool, never its view) with what the view is told (the arguments, then the result), and watch every postMessage between the host and the view. After the answer the view stays: change a number and press Add again, and its tools/call goes through the host’s gate like the model’s. The CLI has no screen: it reads the view and says what a host with one would have sent.',
  },
  {
    id: 'provider-mcp',
    title: 'Provider-side MCP: the provider calls the server itself',
    question: 'What is 5 plus 7?',
    mcpPath: '/mcp',
    mockModel: 'mock-model-deterministic',
    topology: 'provider',
    wire: 'openai-responses',
    lesson:
      'The host hands the provider the server’s URL instead of its tools: no tools/list and no translation on the host. The provider’s own MCP client lists and calls, after you approve; the host sees only the provider’s report, and the server’s own record shows what really reached it.',
  },
  ...LIFECYCLES_2026_SCENARIOS,
];

/**
 * Why the scenario cannot run in this era, and the era that can; null when it can. The
 * lesson needs its era whichever server answers (a third-party server has no event store in
 * 2026-07-28 either). Auto names no era: the server's answer picks it, so it is not refused.
 */
export function findEraRefusal(scenario: Scenario, era: string): { why: string; era: Era } | null {
  if (!scenario.era || !scenario.otherEraCannot || era === scenario.era || era === 'auto') return null;
  return { why: scenario.otherEraCannot, era: scenario.era };
}

export function findScenario(id: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.id === id);
}
