/**
 * The annotated wire: what each MCP header and each server-sent-event field means,
 * with the section of the specification that defines it. Keys are lowercase, as the
 * recorder writes header names (fetch gives them so); SSE fields end with a colon.
 * Links name the page (and the section where the page has a stable anchor).
 */
export type WireTerm = { term: string; explanation: string; spec: { label: string; url: string } };

const TRANSPORTS_2025 = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports';
const TRANSPORTS_2026 = 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http';
const EVENT_STREAM = 'https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation';

export const WIRE_GLOSSARY: Record<string, WireTerm> = {
  'mcp-protocol-version': {
    term: 'MCP-Protocol-Version',
    explanation: 'The protocol revision this request speaks. In 2025-11-25 it repeats what initialize agreed; in 2026-07-28, with no handshake, every request names it and the server answers 400 to one it does not speak.',
    spec: { label: 'Transports: protocol version header (2025-11-25)', url: `${TRANSPORTS_2025}#protocol-version-header` },
  },
  'mcp-session-id': {
    term: 'Mcp-Session-Id',
    explanation: 'The session the server gave in its initialize answer (2025-11-25). The client sends it on every later request; a server that has forgotten it answers 404 and the client must initialize again. 2026-07-28 has no sessions.',
    spec: { label: 'Transports: session management (2025-11-25)', url: `${TRANSPORTS_2025}#session-management` },
  },
  'mcp-method': {
    term: 'Mcp-Method',
    explanation: "2026-07-28: the JSON-RPC method, copied into a header so a gateway or load balancer can route the request without reading its body. It must match the body's method.",
    spec: { label: 'Streamable HTTP (2026-07-28)', url: TRANSPORTS_2026 },
  },
  'mcp-name': {
    term: 'Mcp-Name',
    explanation: '2026-07-28: the tool, prompt or resource a request names (params.name or uri), in a header for the same reason as Mcp-Method.',
    spec: { label: 'Streamable HTTP (2026-07-28)', url: TRANSPORTS_2026 },
  },
  accept: {
    term: 'Accept',
    explanation: 'A POST must accept both application/json and text/event-stream: the server chooses whether to answer with one JSON object or a stream of events (progress first, then the result).',
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

export function findWireTerm(name: string): WireTerm | undefined {
  const key = name.toLowerCase();
  return Object.hasOwn(WIRE_GLOSSARY, key) ? WIRE_GLOSSARY[key] : undefined;
}
