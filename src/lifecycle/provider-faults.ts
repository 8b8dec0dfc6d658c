import { z } from 'zod';
import type { Fault } from '../trace/index.ts';
import type { FaultWords } from './fault-words.ts';
import { explainInvalidHeader, findHeaderFault, isTimeout } from './faults.ts';
import { describeWait } from './retry-after.ts';

/**
 * Why a call to the model's provider failed, in words: the network, an HTTP status with
 * the provider's own message when it sent one, or a body the host cannot read.
 */

/** Explains why a provider call failed: network, HTTP status, or a body the host cannot read. */
export function explainProviderFailure(input: {
  error?: unknown;
  status?: number;
  body?: string;
  url: string;
  label: string;
  kind: 'mock' | 'real' | 'tab';
  /** The wait a 429's Retry-After asked for. */
  retryAfterMs?: number;
  say: FaultWords;
}): Fault {
  const { error, status, body, url, label, kind, retryAfterMs, say } = input;
  const serverMessage = body ? readProviderErrorMessage(body) : undefined;
  const said = serverMessage ? ` It said: “${serverMessage}”` : '';
  if (error !== undefined) return explainProviderUnreached({ error, url, kind, say });
  switch (status) {
    case 401:
    case 403:
      return {
        what: `The ${label} endpoint refused the request (HTTP ${status}).${said}`,
        why: 'The API key is missing, wrong, or not allowed to use this model.',
        fix: `Check the key (${say.provider}), ${say.again}.`,
      };
    case 404:
      return {
        what: `The ${label} endpoint answered HTTP 404.${said}`,
        why: 'The model name is unknown to this provider, or the base URL does not point to its API.',
        fix: `Check the model name and the base URL (${say.provider}), ${say.again}.`,
      };
    case 429:
      return retryAfterMs === undefined
        ? {
            what: `The ${label} endpoint is rate-limiting (HTTP 429).${said}`,
            why: 'Too many requests, or the account has no quota left.',
            fix: `Wait a moment, check your plan, ${say.again}.`,
          }
        : {
            what: `The ${label} endpoint is rate-limiting (HTTP 429): it asks to wait ${describeWait(retryAfterMs)} before the next request (Retry-After).${said}`,
            why: 'Too many requests, or the account has no quota left. Sending again sooner only earns another refusal.',
            fix: `Wait ${describeWait(retryAfterMs)}, check your plan, ${say.again}.`,
          };
    default:
      break;
  }
  if (status !== undefined && status >= 500) {
    return {
      what: `The ${label} endpoint failed on its side (HTTP ${status}).${said}`,
      why: 'The provider had an internal error or is unavailable.',
      fix: `Wait a moment. ${say.retry}`,
    };
  }
  if (status !== undefined && status !== 200) {
    return {
      what: `The ${label} endpoint rejected the request (HTTP ${status}).${said}`,
      why: 'The provider did not accept what the host sent.',
      fix: `Look at the request (${say.httpView}), ${say.again}.`,
    };
  }
  return {
    what: `The model's reply could not be read.${said}`,
    why: `It is not a ${label} response the host understands.`,
    fix: `Check that the base URL (${say.provider}) points to a ${label} endpoint, ${say.again}.`,
  };
}

/** No answer to read: the host's clock ran out, a header could not be sent, or nothing answered. */
function explainProviderUnreached({ error, url, kind, say }: { error: unknown; url: string; kind: 'mock' | 'real' | 'tab'; say: FaultWords }): Fault {
  if (isTimeout(error)) {
    return {
      what: `The model at ${url} did not answer in time.`,
      why: 'The provider may be slow or overloaded, or the connection stalled.',
      fix: `${say.retry} If it keeps happening, try another model.`,
    };
  }
  const headerFault = findHeaderFault(error, undefined);
  if (headerFault) {
    // The adapters write every header but the key's value: a character a header cannot carry came in with the key.
    return explainInvalidHeader({
      to: `the model at ${url}`,
      ...headerFault,
      fix: `Give the API key again (${say.provider}), without the character named, ${say.again}.`,
    });
  }
  return {
    what: `Could not reach the model at ${url}.`,
    why:
      kind === 'mock'
        ? 'The mock model is served by the same server as the app; it is not answering, so the server has probably stopped.'
        : `Nothing answered: the address is wrong, the network is down, ${say.blocked}.`,
    fix: kind === 'mock' ? `Start the app again with npm start, ${say.again}.` : `Check the base URL (${say.provider}) and your network, ${say.again}.`,
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
