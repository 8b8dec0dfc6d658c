import { listChosenHttpOrigins, passUrlGate, type GatedUrl, type UrlRefusal } from '../trace/index.ts';
import type { Fault } from '../trace/index.ts';
import { HostFault } from './faults.ts';
import type { RunSlice } from './run-context.ts';

/** What the URL gate needs in a run: the origins the learner chose, and the writer for a refusal. */
export type UrlGateContext = RunSlice<'say' | 'writer', 'mcpUrl' | 'httpOrigins', 'phase'>;

/**
 * The URL gate (src/trace/url-gate.ts) inside a run: every address a server, a metadata
 * document or a redirect hands the host passes here before the host opens, fetches or
 * links it. A refusal is a step of its own (host.url-refused: which address, where it came
 * from, what the gate found, what to do), so the page and the CLI show it alike; the path
 * that wanted the address then ends.
 */

/** Where an address came from, in words that finish "… named by" or stand alone in a step. */
export type UrlSource = { field: string; document: string };

/** An address longer than this is shown cut: the gate refuses it anyway, and a step is no place for megabytes. */
const SHOWN_URL_LENGTH = 300;

function showUrl(text: unknown): string {
  if (typeof text !== 'string') return String(text);
  return text.length > SHOWN_URL_LENGTH ? `${text.slice(0, SHOWN_URL_LENGTH)}… (${text.length.toLocaleString('en')} characters)` : text;
}

/** What to do, by what the gate found: a plain-http address has a way on; a script or file address has none but another server. */
function describeFix(refusal: UrlRefusal, then: string): string {
  switch (refusal) {
    case 'insecure-http':
      return `If that server is yours, on your own network, serve it over https (or name it as the MCP server, which makes its origin one you chose), ${then}.`;
    case 'scheme':
    case 'control-characters':
    case 'surrounding-space':
    case 'credentials':
      return `A real server names an https address here. Treat this server as hostile or broken: do not open the address by hand; use another server, ${then}.`;
    case 'empty':
    case 'too-long':
    case 'unparseable':
      return `The server is misconfigured: ask its operator to name a full https address, ${then}.`;
    default: {
      const unknown: never = refusal;
      throw new Error(`No advice for the refusal ${String(unknown)}.`);
    }
  }
}

/** The refusal in the three parts of a fault: which address, from where; what the gate found; what to do. */
export function explainUrlRefused({
  text,
  source,
  refusal,
  reason,
  then,
}: {
  text: unknown;
  source: UrlSource;
  refusal: UrlRefusal;
  reason: string;
  then: string;
}): Fault {
  return {
    what: `The host refused the address ${JSON.stringify(showUrl(text))}, the ${source.field} in ${source.document}: ${reason}.`,
    why: 'Every address from outside passes one gate before the host opens, fetches or links it. An address that is not plain http(s) to where you chose can run script in the explorer itself (javascript:, data:), reach your files (file:) or make one host look like another.',
    fix: describeFix(refusal, then),
  };
}

type GateAsk = { text: unknown; source: UrlSource; base?: string; then?: string };

/** Records the refusal as its step; returns the fault that ends the path, for a caller that stops. */
function recordRefusal(context: UrlGateContext, ask: GateAsk, refusal: UrlRefusal, reason: string): Fault {
  const fault = explainUrlRefused({ text: ask.text, source: ask.source, refusal, reason, then: ask.then ?? context.say.again });
  const step = context.writer.append('host.url-refused', {
    payload: { url: showUrl(ask.text), from: `${ask.source.field} in ${ask.source.document}`, found: refusal, why: reason, fix: fault.fix },
    title: `Host refuses the ${ask.source.field}: ${reason}`,
  });
  context.state.phase = step.phase;
  return fault;
}

/** The address as the gate passed it, or undefined after a refusal step (the caller goes another way). */
export function gateUrlOrRecord(context: UrlGateContext, ask: GateAsk): GatedUrl | undefined {
  const checked = passUrlGate({ text: ask.text, ...(ask.base !== undefined ? { base: ask.base } : {}), httpOrigins: listChosenHttpOrigins(context.options) });
  if (checked.ok) return checked.url;
  recordRefusal(context, ask, checked.refusal, checked.reason);
  return undefined;
}

/** The address as the gate passed it; a refusal is a step, and the run ends with the same words. */
export function gateUrlOrStop(context: UrlGateContext, ask: GateAsk): GatedUrl {
  const checked = passUrlGate({ text: ask.text, ...(ask.base !== undefined ? { base: ask.base } : {}), httpOrigins: listChosenHttpOrigins(context.options) });
  if (checked.ok) return checked.url;
  throw new HostFault(recordRefusal(context, ask, checked.refusal, checked.reason), context.state.phase);
}
