import { useEffect, useId, useRef, useState } from 'react';
import { getShownTrace } from '../../store/run-controller.ts';
import { saveBlob } from '../../store/save-blob.ts';

type FormatChoice = { id: 'har' | 'otlp' | 'mermaid' | 'svg' | 'png'; label: string; detail: string };

const CHOICES: FormatChoice[] = [
  { id: 'har', label: 'HAR', detail: 'every HTTP exchange, for Chrome DevTools or a HAR viewer' },
  { id: 'otlp', label: 'OpenTelemetry (OTLP JSON)', detail: 'spans for a tracing backend' },
  { id: 'mermaid', label: 'Mermaid', detail: 'a sequence diagram for slides and docs' },
  { id: 'svg', label: 'Sequence picture (SVG)', detail: 'the sequence view as a picture that scales, for slides' },
  { id: 'png', label: 'Sequence picture (PNG)', detail: 'the sequence view at twice its size, for slides that take no SVG' },
];

/** PNG pixels per SVG pixel: sharp on a projector or a high-density screen. */
const PNG_SCALE = 2;

/** The SVG drawn by the browser onto a canvas: the picture the SVG file is, as pixels. */
async function renderPng({ svg, width, height }: { svg: string; width: number; height: number }): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * PNG_SCALE;
    canvas.height = height * PNG_SCALE;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser gave no canvas to draw on');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error(`the picture (${canvas.width}×${canvas.height} pixels) is larger than this browser can encode`);
    return blob;
  } finally {
    URL.revokeObjectURL(url);
  }
}

const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/** Builds the file in a chunk of its own, loaded on first use, so the first page stays small. */
async function downloadExport(format: FormatChoice['id']): Promise<string> {
  const trace = getShownTrace();
  if (!trace) return 'There is no run to export yet: ask the question first.';
  const { buildExportFile } = await import('../../export/export-formats.ts');
  const file = buildExportFile({ trace, format: format === 'png' ? 'svg' : format });
  if (format === 'png' && file.size) {
    const fileName = file.fileName.replace(/\.svg$/, '.png');
    saveBlob(await renderPng({ svg: file.text, ...file.size }), fileName);
    return `Saved ${fileName}.`;
  }
  saveBlob(new Blob([file.text], { type: file.mimeType }), file.fileName);
  return file.warnings.length > 0 ? `Saved ${file.fileName}: ${file.warnings.map((warning) => warning.message).join(' ')}` : `Saved ${file.fileName}.`;
}

/** The run in the formats other tools read: HAR, OpenTelemetry and Mermaid, each a download. */
export function ExportMenu({ disabled }: { disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);
  const choose = (format: FormatChoice['id']) => {
    setOpen(false);
    toggle.current?.focus();
    downloadExport(format).then(setStatus, (error: unknown) => setStatus(`The export failed: ${error instanceof Error ? error.message : String(error)}. Try again, or export the trace and convert it with npm run trace.`));
  };
  return (
    <div
      ref={container}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button ref={toggle} type="button" className={button} aria-expanded={open} aria-controls={open ? menuId : undefined} disabled={disabled} onClick={() => setOpen((value) => !value)}>
        Export as…
      </button>
      {open && (
        <ul id={menuId} className="absolute right-0 z-20 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900" data-testid="export-menu">
          {CHOICES.map((choice) => (
            <li key={choice.id}>
              <button type="button" className="w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800" onClick={() => choose(choice.id)}>
                <span className="block font-medium">{choice.label}</span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">{choice.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="sr-only" role="status">
        {status}
      </span>
    </div>
  );
}
