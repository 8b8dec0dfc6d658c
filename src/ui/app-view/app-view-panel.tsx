import { useCallback } from 'react';
import {
  closeAppViews,
  registerAppFrame,
  setAppViewLinkOpener,
  useAppViewStore,
  type AppFrameEntry,
  useExplorerStore,
  type ExplorerState,
} from '../../store/index.ts';
import { GatedFrame, openGatedUrl } from '../open-gated-url.tsx';
import { SECONDARY } from '../gate/gate-panel.tsx';

// A link a view asked for opens here, once the user said to (the engine asks; src/store/app-view-frames.ts).
setAppViewLinkOpener((url) => openGatedUrl(url));

const selectLive = (state: ExplorerState) => state.source.kind === 'live' && state.status === 'running';
const selectViewsLive = (state: ExplorerState) => state.viewsLive;

function ViewFrame({ frame }: { frame: AppFrameEntry }) {
  const register = useCallback((element: HTMLIFrameElement | null) => registerAppFrame(frame.id, element), [frame.id]);
  return (
    <figure className="flex flex-col gap-1" data-testid="app-view" data-resource-uri={frame.resourceUri}>
      <GatedFrame
        url={frame.src}
        title={`The view of ${frame.toolName}, from the MCP server (${frame.resourceUri})`}
        sandbox={frame.proxySandbox}
        allow={frame.allow}
        height={frame.height}
        frameRef={register}
        className={`w-full rounded-md bg-white dark:bg-slate-900 ${frame.prefersBorder ? 'border border-slate-300 dark:border-slate-600' : ''}`}
        testId="app-view-frame"
      />
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">
        <span className="font-mono">{frame.resourceUri}</span>, the view of {frame.toolName}: the MCP server’s page, sandboxed on an origin that is not the
        explorer’s ({frame.proxyOrigin}). It reaches the server only through the host.
      </figcaption>
    </figure>
  );
}

/**
 * The tools' views on screen (MCP Apps): each a frame the host renders for the server's page,
 * under the lifecycle's own controls. The messages between them are the steps; this is the
 * view itself, live, for the learner to use. Close the view ends it (ui/resource-teardown).
 */
export function AppViewPanel() {
  const frames = useAppViewStore((state) => state.frames);
  const live = useExplorerStore(selectLive);
  const viewsLive = useExplorerStore(selectViewsLive);
  if (frames.length === 0) return null;
  return (
    <section
      aria-label="The tool’s view"
      data-testid="app-view-panel"
      className="flex max-h-[26rem] shrink-0 flex-col gap-2 overflow-y-auto rounded-md roomy:max-h-[45%] border border-violet-300 bg-violet-50 p-2 dark:border-violet-800 dark:bg-violet-950"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <h2 className="font-semibold">App: the tool’s view</h2>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {viewsLive
            ? 'The answer is in; the view stays until you close it. What you do in it goes through the host, step by step.'
            : 'Every message between the host and the view is a step.'}
        </span>
        {live && (
          <button type="button" className={`${SECONDARY} ml-auto`} onClick={closeAppViews} data-testid="close-app-views">
            Close the view
          </button>
        )}
      </div>
      {frames.map((frame) => (
        <ViewFrame key={frame.id} frame={frame} />
      ))}
    </section>
  );
}
