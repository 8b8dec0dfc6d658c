import { Suspense, useState } from 'react';
import { DisplayControls } from './display-controls.tsx';
import { EmbedQuestion } from './embed-question.tsx';
import { LessonSwitches } from './lesson/lazy-lesson-bar.ts';
import { GatedLink } from './open-gated-url.tsx';
import { QuestionBar } from './question-bar.tsx';
import { ModelSettingsButton } from './settings/model-settings-dialog.tsx';
import { TraceFileControls } from './sharing/trace-file-controls.tsx';
import { passUrlGate } from '../trace/index.ts';

/** ?embed=1: the view for an iframe (src/store/embed.ts), without settings or files. */
const EMBED = new URLSearchParams(window.location.search).get('embed') === '1';

/** The model, the trace files and the display settings; on a phone, folded behind one button so the lifecycle comes first. */
function HeaderTools() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="ml-auto rounded-md border border-slate-300 px-2.5 py-1.5 text-sm sm:hidden dark:border-slate-600"
        aria-expanded={open}
        aria-controls="header-tools"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide settings' : 'Settings and files'}
      </button>
      <div id="header-tools" className={`${open ? 'flex' : 'hidden'} w-full flex-wrap items-center gap-2 sm:ml-auto sm:flex sm:w-auto`}>
        <ModelSettingsButton />
        <TraceFileControls />
        <DisplayControls />
      </div>
    </>
  );
}

/** The embed view's way out: this page's own address without embed=1 (gated like any: a pasted address may be anything). */
function FullExplorerLink() {
  const gated = passUrlGate({ text: window.location.href.replace(/([?&])embed=1&?/, '$1').replace(/[?&]$/, ''), httpOrigins: [window.location.origin] });
  if (!gated.ok) return null;
  return (
    <GatedLink url={gated.url} className="ml-auto text-sm text-sky-800 underline dark:text-sky-300">
      Open in the full explorer
    </GatedLink>
  );
}

/** The title, the tools and the question; embedded, the question alone and a way to the full explorer. */
export function AppHeader() {
  return (
    <header className="border-b border-slate-200 bg-white px-3 py-2 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-lg font-semibold whitespace-nowrap">
          MCP Lifecycle Explorer
          <span className="ml-2 hidden text-xs font-normal text-slate-500 2xl:inline dark:text-slate-400">every message real, one step at a time</span>
        </h1>
        {EMBED ? <FullExplorerLink /> : <HeaderTools />}
      </div>
      {EMBED && <EmbedQuestion />}
      {!EMBED && (
        <div className="mt-2">
          <QuestionBar
            aside={
              <Suspense fallback={null}>
                <LessonSwitches />
              </Suspense>
            }
          />
        </div>
      )}
    </header>
  );
}
