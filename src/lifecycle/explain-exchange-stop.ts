import type { FaultWords } from './fault-words.ts';
import type { BoundStop, ExchangeStop, RedirectStop } from '../mcp/index.ts';
import type { Fault } from '../trace/index.ts';

/**
 * The faults for an exchange the recorder stopped itself: over one of the run's bounds
 * (src/lifecycle/timeouts.ts), or a redirect the host does not follow. Each says what the
 * server did, in numbers, and which bound it met, so a learner can tell a looping tool
 * from a slow one.
 */

const MEGABYTE = 1024 * 1024;

function formatBytes(bytes: number): string {
  return bytes >= MEGABYTE ? `${Math.round(bytes / MEGABYTE)} MB` : `${bytes.toLocaleString('en')} bytes`;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000).toLocaleString('en')} s`;
}

/** What a stream kept sending: progress, when most of it was progress; otherwise messages. */
function describeSent(progressFrames: number): string {
  return progressFrames > 0 ? 'progress' : 'messages';
}

/**
 * `during` goes after "kept sending progress for 2 s"; `inOneAnswer` after "sent more than
 * 1 MB"; `unended` says what never came ("without a result"); `silentFix` is what to do about
 * a connection that went quiet, a fault of its own beside one that never stops sending.
 */
function explainBound({
  stop,
  party,
  during,
  inOneAnswer,
  unended,
  progressFrames,
  fix,
  silentFix,
  depthFix,
}: {
  stop: BoundStop;
  party: string;
  during: string;
  inOneAnswer: string;
  unended: string;
  progressFrames: number;
  fix: string;
  silentFix: string;
  depthFix: string;
}): Fault {
  const sent = describeSent(progressFrames);
  const counted = progressFrames > 0 ? `${progressFrames.toLocaleString('en')} progress notifications` : `${stop.frames.toLocaleString('en')} frames`;
  switch (stop.kind) {
    case 'time':
      return {
        what: `${party} kept sending ${sent} for ${seconds(stop.limit)} ${during} ${unended}.`,
        why: `It sent ${counted} (${formatBytes(stop.bytes)}) and never the answer; the host gives one request at most ${seconds(stop.limit)} in all, so that an answer that never ends cannot hang the run.`,
        fix,
      };
    case 'idle':
      return {
        what: `${party} went silent ${during}: nothing arrived for ${seconds(stop.limit)} after ${stop.frames > 0 ? `frame ${stop.frames.toLocaleString('en')}` : 'its headers'}.`,
        why: `Its answer had begun (${stop.frames > 0 ? `${counted}, ${formatBytes(stop.bytes)}` : 'the headers, and no frame'}) and then nothing more came, and no end; the host waits at most ${seconds(stop.limit)} for the next piece of a streamed answer, so that a connection gone quiet cannot hang the run. A stream that keeps sending is stopped by another bound, its time in all.`,
        fix: silentFix,
      };
    case 'frames':
      return {
        what: `${party} sent more than ${stop.limit.toLocaleString('en')} ${progressFrames > 0 ? 'progress notifications' : 'messages'} ${inOneAnswer} ${unended}.`,
        why: `They came in ${seconds(stop.elapsedMs)}; the host reads at most ${stop.limit.toLocaleString('en')} frames of one answer, so that an endless stream cannot fill the page's or the CLI's memory.`,
        fix,
      };
    case 'bytes':
      return {
        what: `${party} sent more than ${formatBytes(stop.limit)} ${inOneAnswer}.`,
        why: `They came in ${seconds(stop.elapsedMs)}; the host reads at most ${formatBytes(stop.limit)} of one answer, so that an endless or huge body cannot fill the page's or the CLI's memory.`,
        fix,
      };
    case 'depth':
      return {
        what: `${party} sent JSON nested more than ${stop.limit} levels deep ${inOneAnswer}.`,
        why: `The host reads at most ${stop.limit} levels (a tool's schema needs a handful): deeper data would overflow the stack of the MCP client's validation, the translations, the views and the export. The answer is kept as text in the HTTP view.`,
        fix: depthFix,
      };
    default: {
      const unexpected: never = stop;
      throw new Error(`Unknown bound ${JSON.stringify(unexpected)}`);
    }
  }
}

function explainRedirect({
  stop,
  party,
  during,
  carriesKey,
  say,
}: {
  stop: RedirectStop;
  party: string;
  during: string;
  carriesKey: boolean;
  say: FaultWords;
}): Fault {
  const status = stop.status ? `HTTP ${stop.status}` : 'a redirect';
  if (stop.location === undefined) {
    return {
      what: `${party} answered ${during} with a redirect, and the browser does not show the page where it points.`,
      why: 'The host does not follow a redirect silently: it could send the message (and its headers) to a server you did not choose. A browser hides the target of such a redirect from the page.',
      fix: `Open the address in a browser tab, or run it with the CLI (npm run trace), to see where it leads; use that final URL, ${say.again}.`,
    };
  }
  const sent = carriesKey ? 'the request and your API key' : 'the message and its session';
  if (stop.refused !== undefined) {
    return {
      what: `${party} answered ${during} with a redirect (${status}) to ${JSON.stringify(stop.location)}, an address the host would not open: ${stop.refused}.`,
      why: `The host follows no redirect (${sent} would go where nobody chose), and this one does not point to a server at all: every address from outside passes one gate, and this one did not.`,
      fix: `A real server redirects to an https address. Treat this one as hostile or broken: do not open the address by hand; use another server, ${say.again}.`,
    };
  }
  const why =
    stop.sameOrigin === false
      ? `The redirect points to another origin. The host does not follow it silently: it would send ${sent} to a server you did not choose.`
      : `The host does not follow redirects: ${sent} would go to an address other than the one you gave, and every message would make the detour.`;
  return {
    what: `${party} answered ${during} with a redirect (${status}) to ${stop.location}.`,
    why,
    fix: `If you trust that address, use the final URL (${stop.location}) instead, ${say.again}.`,
  };
}

/** The fault for an MCP exchange the recorder stopped. */
export function explainMcpStop({
  stop,
  url,
  during,
  progressFrames,
  say,
}: {
  stop: ExchangeStop;
  url: string;
  during: string;
  progressFrames: number;
  say: FaultWords;
}): Fault {
  const party = `The MCP server at ${url}`;
  if (stop.kind === 'redirect') return explainRedirect({ stop, party, during, carriesKey: false, say });
  return explainBound({
    stop,
    party,
    during,
    inOneAnswer: `in one answer ${during}`,
    unended: 'without a result',
    progressFrames,
    fix: `Check the tool on the server (it may loop or wait for something that never comes), ${say.again}. A tool that truly needs longer needs a larger bound (src/lifecycle/timeouts.ts).`,
    silentFix: `Check that the server is still running, ${say.again}.`,
    depthFix: `Flatten the data on the server (a schema can refer to shared parts with $ref instead of nesting them), ${say.again}.`,
  });
}

/** The fault for a provider call the recorder stopped. */
export function explainProviderStop({ stop, url, label, say }: { stop: ExchangeStop; url: string; label: string; say: FaultWords }): Fault {
  const party = `The ${label} endpoint at ${url}`;
  if (stop.kind === 'redirect') return explainRedirect({ stop, party, during: 'the model request', carriesKey: true, say });
  return explainBound({
    stop,
    party,
    during: 'in answer to the model request',
    inOneAnswer: 'in one answer to the model request',
    unended: 'without ending its reply',
    progressFrames: 0,
    fix: `Check that the base URL (${say.provider}) points to the provider's API, ${say.again}; if a real model is this slow, try a shorter question or another model.`,
    silentFix:
      'Send the question again: the provider, or a proxy between, may have dropped the connection without closing it. A model that thinks longer than that before it writes needs a larger bound (PROVIDER_SILENCE_MS in src/lifecycle/timeouts.ts).',
    depthFix: `The provider's reply should not nest so deep: check that the base URL (${say.provider}) points to the provider's API, ${say.again}.`,
  });
}
