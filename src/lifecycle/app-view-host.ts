import type { Transport } from '@modelcontextprotocol/client';
import type { GatedUrl } from '../trace/index.ts';

/**
 * What a host with a screen lends the engine to show a tool's view (MCP Apps): the page frames
 * it (src/store/app-view-frames.ts), a test gives a view of its own over an in-memory channel.
 * Without one (the CLI) the engine renders nothing and says what it would have sent.
 */
export type AppViewHost = {
  /** Where the next view's frame will be, once the host knows (the served app asks its server which origin its sandbox has). */
  prepare(): Promise<AppSandboxFacts>;
  /**
   * Makes a frame for one view: the sandbox proxy, loaded once the transport starts (so no
   * message of the proxy comes before anyone listens). Every message of the proxy and the view
   * comes through the transport; the engine records each as a step.
   */
  open(request: AppFrameRequest): AppFrame;
  /** The host's context for a view: its theme and the space a view may take. */
  describeContext(): AppViewContext;
  /**
   * Opens a link a view asked for, after the user said to: in a new tab, with no opener. The
   * page opens it at once, still within the user's press of Open; with no browser (a test)
   * nothing opens.
   */
  openLink(url: GatedUrl): void;
};

export type AppFrameRequest = {
  /** The run's own name for this view, unique in the run. */
  id: string;
  resourceUri: string;
  toolName: string;
  /** The frames' `allow` attribute (the permissions the resource asked for). */
  allow: string;
  prefersBorder?: boolean;
};

/** How the view's frame was made, as the host tells it in the render step. */
export type AppSandboxFacts = {
  /** The sandbox proxy's address. */
  proxyUrl: string;
  /** The proxy frame's origin: another origin of the host's, or opaque (a sandbox with no allow-same-origin). */
  proxyOrigin: string;
  proxySandbox: string;
  viewSandbox: string;
};

export type AppFrame = {
  transport: Transport;
  sandbox: AppSandboxFacts;
  /** Sizes the frame to what the view reported, within the host's bounds; gives back the size applied. */
  resize(size: { width?: number | undefined; height?: number | undefined }): { width?: number; height?: number };
  /** Takes the frame away (after teardown, or when the run ends). */
  remove(): void;
};

export type AppViewContext = {
  theme?: 'light' | 'dark';
  /** The most the frame may take; the view decides its height below it. */
  maxHeight: number;
  maxWidth?: number;
};

/** The user's answer when a view asks to open a link. */
export const OPEN_LINK_DECISIONS = ['open', 'keep-closed'] as const;
export type OpenLinkDecision = (typeof OPEN_LINK_DECISIONS)[number];
