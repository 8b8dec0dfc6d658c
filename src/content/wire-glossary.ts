/**
 * The annotated wire: what each MCP header and each server-sent-event field means,
 * with the section of the specification that defines it. Keys are lowercase, as the
 * recorder writes header names (fetch gives them so); SSE fields end with a colon.
 * Links name the page (and the section where the page has a stable anchor).
 * A provider's exchange has a glossary of its own: the same SSE fields carry the
 * model's reply there, not JSON-RPC, and MCP's headers are never on it.
 */
export type WireTerm = { term: string; explanation: string; spec: { label: string; url: string } };

/** Whose exchange a term is read in: the MCP server's or the model provider's. */
export type WireAudience = 'mcp' | 'provider';

const TRANSPORTS_2025 = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports';
const TRANSPORTS_2026 = 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http';
const EVENT_STREAM = 'https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation';
const CONTENT_TYPE = 'https://www.rfc-editor.org/rfc/rfc9110#section-8.3';

export const WIRE_GLOSSARY: Record<string, WireTerm> = {
  'mcp-protocol-version': {
    term: 'MCP-Protocol-Version',
    explanation:
      'The protocol revision this request speaks. In 2025-11-25 it repeats what initialize agreed; in 2026-07-28, with no handshake, every request names it and the server answers 400 to one it does not speak.',
    spec: { label: 'Transports: protocol version header (2025-11-25)', url: `${TRANSPORTS_2025}#protocol-version-header` },
  },
  'mcp-session-id': {
    term: 'Mcp-Session-Id',
    explanation:
      'The session the server gave in its initialize answer (2025-11-25). The client sends it on every later request; a server that has forgotten it answers 404 and the client must initialize again. 2026-07-28 has no sessions.',
    spec: { label: 'Transports: session management (2025-11-25)', url: `${TRANSPORTS_2025}#session-management` },
  },
  'mcp-method': {
    term: 'Mcp-Method',
    explanation:
      "2026-07-28: the JSON-RPC method, copied into a header so a gateway or load balancer can route the request without reading its body. It must match the body's method.",
    spec: { label: 'Streamable HTTP (2026-07-28)', url: TRANSPORTS_2026 },
  },
  'mcp-name': {
    term: 'Mcp-Name',
    explanation: '2026-07-28: the tool, prompt or resource a request names (params.name or uri), in a header for the same reason as Mcp-Method.',
    spec: { label: 'Streamable HTTP (2026-07-28)', url: TRANSPORTS_2026 },
  },
  accept: {
    term: 'Accept',
    explanation:
      'A POST must accept both application/json and text/event-stream: the server chooses whether to answer with one JSON object or a stream of events (progress first, then the result).',
    spec: { label: 'Transports: sending messages to the server (2025-11-25)', url: `${TRANSPORTS_2025}#sending-messages-to-the-server` },
  },
  'last-event-id': {
    term: 'Last-Event-ID',
    explanation: 'Sent when a client reconnects to a stream: the id of the last event it received, so the server can send what came after and nothing twice.',
    spec: { label: 'Transports: resumability and redelivery (2025-11-25)', url: `${TRANSPORTS_2025}#resumability-and-redelivery` },
  },
  'content-type': {
    term: 'Content-Type',
    explanation: 'What the body is: application/json for one JSON-RPC message, text/event-stream for a stream of server-sent events.',
    spec: { label: 'Transports (2025-11-25)', url: TRANSPORTS_2025 },
  },
  'event:': {
    term: 'event:',
    explanation: 'The type of a server-sent event. MCP sends its JSON-RPC messages as "message" events (the default type when the line is absent).',
    spec: { label: 'HTML: interpreting an event stream', url: EVENT_STREAM },
  },
  'data:': {
    term: 'data:',
    explanation: 'The payload of the event: here one JSON-RPC message (a notification such as progress, or the response that ends the stream).',
    spec: { label: 'HTML: interpreting an event stream', url: EVENT_STREAM },
  },
  'id:': {
    term: 'id:',
    explanation: 'The event id. A client that loses the stream reconnects with it in Last-Event-ID to resume where it stopped.',
    spec: { label: 'Transports: resumability and redelivery (2025-11-25)', url: `${TRANSPORTS_2025}#resumability-and-redelivery` },
  },
};

/**
 * The provider side: the stream's fields as each wire format uses them, and the few
 * headers a learner meets there. Authorization and x-api-key are not here: the recorder
 * shows them redacted, and the key is the learner's own business.
 */
export const PROVIDER_WIRE_GLOSSARY: Record<string, WireTerm> = {
  'content-type': {
    term: 'Content-Type',
    explanation:
      "What the body is: application/json for a whole request or reply, text/event-stream for a reply streamed as server-sent events, application/x-ndjson for one JSON object per line (Ollama). The host asks for a stream with the format's own switch (\"stream\": true, or Gemini's streamGenerateContent?alt=sse), not with MCP's Accept.",
    spec: { label: 'HTTP Semantics: Content-Type (RFC 9110)', url: CONTENT_TYPE },
  },
  'event:': {
    term: 'event:',
    explanation:
      "The type of a server-sent event in the model's streamed reply. Anthropic Messages and OpenAI Responses name every event (message_start, content_block_delta, response.output_text.delta…); Chat Completions and Gemini send data: lines only. No JSON-RPC here: this is the provider's own format.",
    spec: { label: 'HTML: interpreting an event stream', url: EVENT_STREAM },
  },
  'data:': {
    term: 'data:',
    explanation:
      "One piece of the model's reply, as JSON in the provider's format: a few words of text, or a part of a tool call's arguments. The host joins the pieces into the whole reply before it reads the tool call; Chat Completions ends the stream with data: [DONE].",
    spec: { label: 'HTML: interpreting an event stream', url: EVENT_STREAM },
  },
  'id:': {
    term: 'id:',
    explanation:
      "The event id, if the provider sends one. This host never reconnects to a model's stream with it in Last-Event-ID, as an MCP client does with a server's: a reply that breaks off is not resumed.",
    spec: { label: 'HTML: interpreting an event stream', url: EVENT_STREAM },
  },
  'anthropic-version': {
    term: 'anthropic-version',
    explanation:
      "The version of Anthropic's API the request is written for; Anthropic requires it on every request, as MCP-Protocol-Version names MCP's revision.",
    spec: { label: 'Anthropic API: versions', url: 'https://platform.claude.com/docs/en/api/versioning' },
  },
};

const GLOSSARIES: Record<WireAudience, Record<string, WireTerm>> = { mcp: WIRE_GLOSSARY, provider: PROVIDER_WIRE_GLOSSARY };

export function findWireTerm(name: string, audience: WireAudience = 'mcp'): WireTerm | undefined {
  const key = name.toLowerCase();
  const glossary = GLOSSARIES[audience];
  return Object.hasOwn(glossary, key) ? glossary[key] : undefined;
}
