import { useMemo } from 'react';
import { describeByteSize, classifyToolResultContent, type ContentView } from '../../content/index.ts';

// Text here is a preview beside the JSON, which has the whole of it: a 1 MB result must not be laid out twice.
const PREVIEW_CHARACTERS = 2000;

function TextPreview({ text }: { text: string }) {
  const cut = text.length > PREVIEW_CHARACTERS;
  return (
    <>
      <pre className="max-h-48 overflow-auto font-mono text-[13px] break-words whitespace-pre-wrap">{cut ? text.slice(0, PREVIEW_CHARACTERS) : text}</pre>
      {cut && (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {(text.length - PREVIEW_CHARACTERS).toLocaleString('en')} more characters in the payload below.
        </p>
      )}
    </>
  );
}

function describeSize(bytes: number | null): string {
  return bytes === null ? 'size unknown' : describeByteSize(bytes);
}

function Media({ view }: { view: Extract<ContentView, { kind: 'image' | 'audio' }> }) {
  const label = `${view.kind === 'image' ? 'Image' : 'Audio'} from the tool result, ${view.mimeType}, ${describeSize(view.bytes)}`;
  if (view.source === null) {
    return (
      <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="rich-content-refused">
        {view.reason}
      </p>
    );
  }
  return view.kind === 'image' ? (
    <img
      src={view.source}
      alt={label}
      className="max-h-64 max-w-full rounded border border-slate-200 bg-white dark:border-slate-700"
      data-testid="rich-content-image"
    />
  ) : (
    <audio controls src={view.source} aria-label={label} data-testid="rich-content-audio" />
  );
}

/** A resource link looks like a link and is not one: the page never follows a server's URL, and says so. */
function ResourceLinkCard({ view }: { view: Extract<ContentView, { kind: 'resource-link' }> }) {
  return (
    <div className="rounded-md border border-sky-300 bg-sky-50 p-2 dark:border-sky-700 dark:bg-sky-950" data-testid="rich-content-link">
      <p className="font-medium text-sky-900 underline decoration-dotted dark:text-sky-200">{view.title ?? view.name}</p>
      <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-200">{view.uri}</p>
      {view.description && <p className="text-sm text-slate-700 dark:text-slate-200">{view.description}</p>}
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {[view.mimeType, view.size === undefined ? undefined : describeByteSize(view.size)].filter(Boolean).join(' · ')}
        {view.mimeType || view.size !== undefined ? ' · ' : ''}
        Not opened here: a host reads it with resources/read; the page never follows a server&apos;s link.
      </p>
    </div>
  );
}

const KIND_LABELS: Record<ContentView['kind'], string> = {
  text: 'Text',
  image: 'Image',
  audio: 'Audio',
  'resource-link': 'Resource link',
  'resource-text': 'Embedded resource (text)',
  'resource-blob': 'Embedded resource (binary)',
  structured: 'Structured content',
  invalid: 'Not a content block',
};

function BlockBody({ view }: { view: ContentView }) {
  switch (view.kind) {
    case 'text':
      return <TextPreview text={view.text} />;
    case 'image':
    case 'audio':
      return <Media view={view} />;
    case 'resource-link':
      return <ResourceLinkCard view={view} />;
    case 'resource-text':
      return (
        <>
          <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-200">
            {view.uri}
            {view.mimeType ? ` · ${view.mimeType}` : ''}
          </p>
          <TextPreview text={view.text} />
        </>
      );
    case 'resource-blob':
      return (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <span className="font-mono text-xs break-all">{view.uri}</span> · {view.mimeType ?? 'no type given'} · {describeSize(view.bytes)}, not shown
        </p>
      );
    case 'structured':
      return <TextPreview text={view.json} />;
    case 'invalid':
      return <p className="text-sm text-amber-900 dark:text-amber-200">{view.reason}</p>;
    default: {
      const unknownView: never = view;
      return <p>{String(unknownView)}</p>;
    }
  }
}

/** The blocks of a tool result shown as what they are, above the JSON they come from. */
export function RichContentView({ payload }: { payload: unknown }) {
  const views = useMemo(() => classifyToolResultContent({ payload }), [payload]);
  if (views === null || views.length === 0) return null;
  return (
    <section aria-label="Tool result content" className="mb-3" data-testid="rich-content">
      <h3 className="mb-1 text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">Tool result content, as what it is</h3>
      <ol className="space-y-2">
        {views.map((view) => (
          <li key={view.path} className="rounded-md border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-950" data-kind={view.kind}>
            <p className="mb-1 text-xs text-slate-600 dark:text-slate-300">
              <span className="font-semibold">{KIND_LABELS[view.kind]}</span> · <span className="font-mono">{view.path}</span>
            </p>
            <BlockBody view={view} />
          </li>
        ))}
      </ol>
    </section>
  );
}
