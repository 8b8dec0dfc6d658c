import type { ReactNode } from 'react';
import type { GatedUrl } from '../trace/index.ts';

/**
 * The one place the page opens, navigates or links (eslint.config.js refuses window.open,
 * location changes, href assignments and computed <a href> everywhere else). Each function
 * takes only a GatedUrl, which passUrlGate (src/trace/url-gate.ts) alone makes, so an
 * address that skipped the gate does not compile. Every window opened for the learner has
 * no opener and sends no referrer: the page there cannot reach back into the explorer's tab
 * (window.opener) to turn it into a page of its own, nor learn the explorer's address.
 */

const NO_OPENER = 'noopener,noreferrer';
/** A consent page in a window of its own, beside the explorer, rather than a tab over it. */
const POPUP_FEATURES = `popup,width=560,height=720,${NO_OPENER}`;

/**
 * Opens the address in a new window (a popup for a consent page, else a tab). With noopener
 * the browser gives no handle back, so the caller cannot tell whether it opened: what it
 * shows the learner must not depend on it.
 */
export function openGatedUrl(url: GatedUrl, { popup = false }: { popup?: boolean } = {}): void {
  window.open(url, '_blank', popup ? POPUP_FEATURES : NO_OPENER);
}

/** A link that opens in a new tab, with no opener and no referrer. */
export function GatedLink({ url, className, children }: { url: GatedUrl; className?: string; children: ReactNode }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}

/**
 * The frame of a tool's view (MCP Apps): the sandbox page at a gated address (none until the
 * engine listens), with the sandbox and permissions the host chose, sending no referrer. What
 * the page lets into the frame is this component's to say, as for every address it loads.
 */
export function GatedFrame({
  url,
  title,
  sandbox,
  allow,
  height,
  frameRef,
  className,
  testId,
}: {
  url: GatedUrl | null;
  title: string;
  sandbox: string;
  allow: string;
  height: number;
  frameRef: (element: HTMLIFrameElement | null) => void;
  className?: string;
  testId?: string;
}) {
  return (
    <iframe
      ref={frameRef}
      src={url ?? undefined}
      title={title}
      sandbox={sandbox}
      allow={allow === '' ? undefined : allow}
      referrerPolicy="no-referrer"
      className={className}
      style={{ height }}
      data-testid={testId}
    />
  );
}
