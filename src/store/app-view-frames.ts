import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { AppFrame, AppFrameRequest, AppSandboxFacts, AppViewHost } from '../lifecycle/index.ts';
import { readAppBaseUrl, resolveAppUrl } from '../service-worker/index.ts';
import {
  SEPARATE_PROXY_SANDBOX,
  VIEW_FRAME_SANDBOX,
  APP_SANDBOX_ORIGIN_PATH,
  APP_SANDBOX_PAGE,
  gateOwnUrl,
  passUrlGate,
  type GatedUrl,
} from '../trace/index.ts';
import { openAppViewLink, takeAppFrameElement, useAppViewStore, VIEW_MAX_HEIGHT, VIEW_MIN_HEIGHT, type AppFrameEntry } from './app-view-store.ts';

/**
 * The page's screen for tools' views (MCP Apps): the engine asks it for a frame
 * (RunOptions.appViews), the view panel draws each frame (src/ui/app-view/), and the official
 * PostMessageTransport speaks to it. The frame is the sandbox proxy (app-sandbox.html): on
 * npm start a page of the server's second port, another origin (framed with allow-scripts
 * allow-same-origin, as the extension asks); where there is no second origin (the static site,
 * npm run dev) the explorer's own copy, framed with allow-scripts alone, which gives it an
 * opaque origin. Either way the view inside gets an opaque origin of its own.
 */

/** How long the panel has to put a frame on the page before the view is given up. */
const FRAME_MOUNT_MS = 10_000;

const SandboxAnswerSchema = z.object({ url: z.string() });

/** The sandbox on the served app's second port, when there is one on this page's own host and scheme. */
async function findSeparateSandbox(base: URL): Promise<URL | undefined> {
  try {
    const response = await fetch(resolveAppUrl(APP_SANDBOX_ORIGIN_PATH, base), { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    const answer = SandboxAnswerSchema.safeParse(await response.json());
    if (!answer.success) return undefined;
    const url = new URL(answer.data.url);
    // The explorer's own server names it: it must be this page's host, another port, the same scheme.
    return url.hostname === base.hostname && url.protocol === base.protocol && url.origin !== base.origin ? url : undefined;
  } catch {
    return undefined;
  }
}

type PreparedSandbox = { facts: AppSandboxFacts; url: GatedUrl };

async function resolveSandbox(): Promise<PreparedSandbox> {
  const base = readAppBaseUrl();
  const separate = await findSeparateSandbox(base);
  const page = new URL(separate ?? resolveAppUrl(APP_SANDBOX_PAGE, base));
  page.searchParams.set('host', base.origin);
  const gated = passUrlGate({ text: page.href, httpOrigins: [base.origin, page.origin] });
  const proxyUrl = gated.ok ? gated.url : gateOwnUrl(new URL(APP_SANDBOX_PAGE, base).href, [base.origin]);
  const own = !gated.ok || !separate;
  return {
    url: proxyUrl,
    facts: {
      proxyUrl,
      proxyOrigin: own ? 'opaque: a frame with no allow-same-origin, so neither the explorer’s origin nor any other' : page.origin,
      proxySandbox: own ? VIEW_FRAME_SANDBOX : SEPARATE_PROXY_SANDBOX,
      viewSandbox: VIEW_FRAME_SANDBOX,
    },
  };
}

let prepared: Promise<PreparedSandbox> | undefined;

function updateFrame(id: string, change: Partial<AppFrameEntry>): void {
  useAppViewStore.setState((state) => ({ frames: state.frames.map((frame) => (frame.id === id ? { ...frame, ...change } : frame)) }));
}

/**
 * The channel to one frame: the official PostMessageTransport, to and from that frame's window
 * only. It starts listening before the frame loads its sandbox page, so the sandbox's first
 * message (it is ready) finds someone to hear it.
 */
function createFrameTransport(id: string, proxyUrl: GatedUrl): Transport {
  let inner: Transport | undefined;
  const channel: Transport = {
    async start() {
      const element = await takeAppFrameElement(id, FRAME_MOUNT_MS);
      const frameWindow = element.contentWindow;
      if (!frameWindow) throw new Error('the view’s frame has no window');
      const { PostMessageTransport } = await import('@modelcontextprotocol/ext-apps/app-bridge');
      inner = new PostMessageTransport(frameWindow, frameWindow);
      inner.onmessage = (message: JSONRPCMessage) => channel.onmessage?.(message);
      inner.onerror = (error) => channel.onerror?.(error);
      await inner.start();
      updateFrame(id, { src: proxyUrl });
    },
    send: async (message) => {
      await inner?.send(message);
    },
    close: async () => {
      await inner?.close();
    },
  };
  return channel;
}

function openFrame(request: AppFrameRequest, { facts: sandbox, url }: PreparedSandbox): AppFrame {
  const entry: AppFrameEntry = {
    id: request.id,
    resourceUri: request.resourceUri,
    toolName: request.toolName,
    src: null,
    proxySandbox: sandbox.proxySandbox,
    proxyOrigin: sandbox.proxyOrigin,
    allow: request.allow,
    prefersBorder: request.prefersBorder ?? true,
    height: 160,
  };
  useAppViewStore.setState((state) => ({ frames: [...state.frames, entry] }));
  return {
    transport: createFrameTransport(request.id, url),
    sandbox,
    resize(size) {
      if (size.height === undefined || !Number.isFinite(size.height)) return {};
      const height = Math.round(Math.min(VIEW_MAX_HEIGHT, Math.max(VIEW_MIN_HEIGHT, size.height)));
      updateFrame(request.id, { height });
      return { height };
    },
    remove() {
      useAppViewStore.setState((state) => ({ frames: state.frames.filter((frame) => frame.id !== request.id) }));
    },
  };
}

/** The screen the page lends each run; the view panel must be on the page for its frames to load. */
export function createPageAppView(dark: () => boolean): AppViewHost {
  let latest: PreparedSandbox | undefined;
  return {
    async prepare() {
      latest = await (prepared ??= resolveSandbox());
      return latest.facts;
    },
    open(request) {
      if (!latest) throw new Error('The view’s sandbox was not prepared.');
      return openFrame(request, latest);
    },
    describeContext: () => ({ theme: dark() ? 'dark' : 'light', maxHeight: VIEW_MAX_HEIGHT }),
    openLink: (url) => {
      openAppViewLink(url);
    },
  };
}
