import { create } from 'zustand';
import type { GatedUrl } from '../trace/index.ts';

/**
 * The tools' views on screen (MCP Apps), as the view panel draws them: a store of its own,
 * light enough for the first page (the frames' host, app-view-frames.ts, is loaded with the
 * engine). The panel hands each frame's element here as it mounts, and the link opener the
 * page uses, so the store opens nothing itself.
 */

/** The most a view's frame grows to; the view is told (containerDimensions.maxHeight). */
export const VIEW_MAX_HEIGHT = 360;
export const VIEW_MIN_HEIGHT = 60;

export type AppFrameEntry = {
  id: string;
  resourceUri: string;
  toolName: string;
  /** The sandbox page's address, set once the engine listens (the frame then loads it); null before. */
  src: GatedUrl | null;
  proxySandbox: string;
  proxyOrigin: string;
  allow: string;
  prefersBorder: boolean;
  height: number;
};

export const useAppViewStore = create<{ frames: AppFrameEntry[] }>()(() => ({ frames: [] }));

const mounted = new Map<string, (element: HTMLIFrameElement) => void>();
const elements = new Map<string, HTMLIFrameElement>();

/** The panel's frame for a view, as it is put on (or taken off) the page. */
export function registerAppFrame(id: string, element: HTMLIFrameElement | null): void {
  if (!element) {
    elements.delete(id);
    return;
  }
  elements.set(id, element);
  mounted.get(id)?.(element);
  mounted.delete(id);
}

/** The frame's element once the panel has put it on the page, or a failure after `withinMs`. */
export function takeAppFrameElement(id: string, withinMs: number): Promise<HTMLIFrameElement> {
  const element = elements.get(id);
  if (element) return Promise.resolve(element);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      mounted.delete(id);
      reject(new Error('the page did not put the view’s frame on screen'));
    }, withinMs);
    mounted.set(id, (mountedElement) => {
      clearTimeout(timer);
      resolve(mountedElement);
    });
  });
}

let linkOpener: ((url: GatedUrl) => void) | null = null;

/** How the page opens a link a view asked for, once the user said to: the view panel gives src/ui/open-gated-url.tsx's. */
export function setAppViewLinkOpener(open: (url: GatedUrl) => void): void {
  linkOpener = open;
}

/** Opens a link the user agreed to open; false when the page has no opener (no view panel). */
export function openAppViewLink(url: GatedUrl): boolean {
  if (!linkOpener) return false;
  linkOpener(url);
  return true;
}

/** A new run starts with no frame of the last one left on the page. */
export function clearAppFrames(): void {
  useAppViewStore.setState({ frames: [] });
}
