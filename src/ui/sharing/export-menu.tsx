import { useEffect, useId, useRef, useState } from 'react';
import type { ExportChoice } from './download-export.ts';

type FormatChoice = { id: ExportChoice; label: string; detail: string };

const CHOICES: FormatChoice[] = [
  { id: 'har', label: 'HAR', detail: 'every HTTP exchange, for Chrome DevTools or a HAR viewer' },
  { id: 'otlp', label: 'OpenTelemetry (OTLP JSON)', detail: 'spans for a tracing backend' },
  { id: 'mermaid', label: 'Mermaid', detail: 'a sequence diagram for slides and docs' },
  { id: 'svg', label: 'Sequence picture (SVG)', detail: 'the sequence view as a picture that scales, for slides' },
  { id: 'png', label: 'Sequence picture (PNG)', detail: 'the sequence view at twice its size, for slides that take no SVG' },
];

const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

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
    // The file is built and saved by a chunk of its own, fetched at the first export: the first page does without it.
    import('./download-export.ts')
      .then(({ downloadExport }) => downloadExport(format))
      .then(setStatus, (error: unknown) =>
        setStatus(
          `The export failed: ${error instanceof Error ? error.message : String(error)}. Try again, or export the trace and convert it with npm run trace.`,
        ),
      );
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
      <button
        ref={toggle}
        type="button"
        className={button}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        Export as…
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 z-20 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          data-testid="export-menu"
        >
          {CHOICES.map((choice) => (
            <li key={choice.id}>
              <button
                type="button"
                className="w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                onClick={() => choose(choice.id)}
              >
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
