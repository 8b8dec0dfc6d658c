import { SdkHttpError } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { Fault, Phase } from '../trace/trace.ts';

/**
 * A failure the host can explain: what happened, why it probably happened, and what
 * to do. The run ends with a step that carries it; the steps before it stay.
 */
export class HostFault extends Error {
  readonly fault: Fault;
  readonly phase: Phase | undefined;
  constructor(fault: Fault, phase?: Phase) {
    super(fault.what);
    this.name = 'HostFault';
    this.fault = fault;
    this.phase = phase;
  }
}

export class RunAborted extends Error {
  constructor() {
    super('The run was stopped.');
    this.name = 'RunAborted';
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The name of an error, or of anything thrown that carries one (a DOMException, a ZodError). */
function errorName(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
}

/** The HTTP status the MCP server answered with, when the SDK's transport failed on one. */
export function readHttpStatus(error: unknown): number | undefined {
  return error instanceof SdkHttpError ? error.status : undefined;
}

function isNetworkFailure(error: unknown): boolean {
  const text = errorText(error);
  return (
    error instanceof TypeError ||
    /fetch failed|failed to fetch|networkerror|load failed|econnrefused|enotfound|network/i.test(text) ||
    (error instanceof Error && error.cause instanceof Error)
  );
}

function isTimeout(error: unknown): boolean {
  return errorName(error) === 'TimeoutError' || /timed? ?out/i.test(errorText(error));
}

/** Explains why talking to the MCP server failed, from the error the SDK raised. */
export function explainMcpFailure(error: unknown, url: string, during: string): Fault {
  const status = readHttpStatus(error);
  const detail = errorText(error);
  if (isTimeout(error)) {
    return {
      what: `The MCP server at ${url} did not answer ${during} in time.`,
      why: 'It may be overloaded, stuck in a tool, or the connection was cut.',
      fix: 'Check that the server is still running, then press Reset and try again.',
    };
  }
  if (status === 404) {
    return {
      what: `There is no MCP endpoint at ${url} (HTTP 404, ${during}).`,
      why: 'The server answered, but not at this path. The built-in server listens on /mcp.',
      fix: 'Check the URL ends with the server\'s MCP path, for example http://127.0.0.1:3000/mcp.',
    };
  }
  if (status === 403) {
    return {
      what: `The MCP server at ${url} refused the request (HTTP 403, ${during}).`,
      why: 'It checks the Host and Origin headers against DNS rebinding, and this page or address is not on its list.',
      fix: 'Open the app from the same address the server runs on (localhost or 127.0.0.1), or allow this origin on the server.',
    };
  }
  if (status === 401) {
    return {
      what: `The MCP server at ${url} wants authorization (HTTP 401, ${during}).`,
      why: 'The server requires a token, and the explorer sent none.',
      fix: 'Use a server that does not require authorization, such as the built-in one.',
    };
  }
  if (status !== undefined) {
    return {
      what: `The MCP server at ${url} answered ${during} with HTTP ${status}.`,
      why: `It did not accept the request: ${detail}`,
      fix: 'Check that the URL points to a Streamable HTTP MCP server, then press Reset.',
    };
  }
  if (isNetworkFailure(error)) {
    return {
      what: `Could not reach the MCP server at ${url} (${during}).`,
      why: 'Nothing answered: the server is not running, the address is wrong, or a browser blocked the call because the server does not allow this page (CORS).',
      fix: 'Start the server (npm start runs the built-in one), check the address, then press Reset.',
    };
  }
  if (isNotJson(error)) {
    return {
      what: `The MCP server at ${url} answered ${during}, but its answer is not whole JSON.`,
      why: `The body could not be parsed (${shorten(detail, 120)}): the answer was cut short, or the address does not point to an MCP endpoint.`,
      fix: 'Look at the response in the HTTP view, check that the server is still running and that the URL is its MCP endpoint, then press Reset.',
    };
  }
  if (isNotJsonRpc(error)) {
    return {
      what: `The server at ${url} answered ${during}, but not in MCP.`,
      why: 'Its answer is not a JSON-RPC message the MCP client can read: the address probably points to something other than an MCP endpoint.',
      fix: 'Check that the URL is the server\'s MCP endpoint (the built-in one is /mcp), then press Reset.',
    };
  }
  return {
    what: `Talking to the MCP server at ${url} failed ${during}.`,
    why: shorten(detail, 300),
    fix: 'Check that the URL points to an MCP server speaking Streamable HTTP, then press Reset.',
  };
}

/** The SDK parses a JSON answer with JSON.parse: a truncated or non-JSON body fails there, with a SyntaxError. */
function isNotJson(error: unknown): boolean {
  return error instanceof SyntaxError || errorName(error) === 'SyntaxError';
}

/** The SDK validates every message it receives; a body that is JSON but not JSON-RPC fails there. */
function isNotJsonRpc(error: unknown): boolean {
  const text = errorText(error);
  return errorName(error) === 'ZodError' || /invalid_union|invalid_type|"jsonrpc"|Unexpected content type/i.test(text);
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Explains why a provider call failed: network, HTTP status, or a body the host cannot read. */
export function explainProviderFailure(input: {
  error?: unknown;
  status?: number;
  body?: string;
  url: string;
  label: string;
  kind: 'mock' | 'real';
}): Fault {
  const { error, status, body, url, label, kind } = input;
  const serverMessage = body ? readProviderErrorMessage(body) : undefined;
  const said = serverMessage ? ` It said: “${serverMessage}”` : '';
  if (error !== undefined && isTimeout(error)) {
    return {
      what: `The model at ${url} did not answer in time.`,
      why: 'The provider may be slow or overloaded, or the connection stalled.',
      fix: 'Press Reset to try again; if it keeps happening, try another model.',
    };
  }
  if (error !== undefined) {
    return {
      what: `Could not reach the model at ${url}.`,
      why:
        kind === 'mock'
          ? 'The mock model is served by the same server as the app; it is not answering, so the server has probably stopped.'
          : 'Nothing answered, the address is wrong, or the browser blocked the call because the provider does not allow calls from web pages (CORS).',
      fix: kind === 'mock' ? 'Start the app again with npm start, then press Reset.' : 'Check the base URL, your network, and the provider\'s CORS support, then press Reset.',
    };
  }
  switch (status) {
    case 401:
    case 403:
      return {
        what: `The ${label} endpoint refused the request (HTTP ${status}).${said}`,
        why: 'The API key is missing, wrong, or not allowed to use this model.',
        fix: 'Check the key in the settings, then press Reset.',
      };
    case 404:
      return {
        what: `The ${label} endpoint answered HTTP 404.${said}`,
        why: 'The model name is unknown to this provider, or the base URL does not point to its API.',
        fix: 'Check the model name and the base URL, then press Reset.',
      };
    case 429:
      return {
        what: `The ${label} endpoint is rate-limiting (HTTP 429).${said}`,
        why: 'Too many requests, or the account has no quota left.',
        fix: 'Wait a moment, check your plan, then press Reset.',
      };
    default:
      break;
  }
  if (status !== undefined && status >= 500) {
    return {
      what: `The ${label} endpoint failed on its side (HTTP ${status}).${said}`,
      why: 'The provider had an internal error or is unavailable.',
      fix: 'Press Reset to try again in a moment.',
    };
  }
  if (status !== undefined && status !== 200) {
    return {
      what: `The ${label} endpoint rejected the request (HTTP ${status}).${said}`,
      why: 'The provider did not accept what the host sent.',
      fix: 'Look at the request in the inspector, then press Reset.',
    };
  }
  return {
    what: `The model's reply could not be read.${said}`,
    why: `It is not a ${label} response the host understands.`,
    fix: `Check that the base URL points to a ${label} endpoint, then press Reset.`,
  };
}

/** Providers write their error bodies as `{ error: "…" }`, `{ error: { message } }` or `{ message }`. */
const ProviderErrorBodySchema = z.object({ error: z.unknown().optional(), message: z.unknown().optional() });
const NestedErrorSchema = z.object({ message: z.string() });

function readProviderErrorMessage(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body.trim().slice(0, 200) || undefined;
  }
  const read = ProviderErrorBodySchema.safeParse(parsed);
  if (!read.success) return undefined;
  const { error, message } = read.data;
  const nested = NestedErrorSchema.safeParse(error);
  if (typeof error === 'string') return error.slice(0, 300);
  if (nested.success) return nested.data.message.slice(0, 300);
  if (typeof message === 'string') return message.slice(0, 300);
  return undefined;
}
