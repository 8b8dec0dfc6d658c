import type { Trace, Warning } from '../trace/trace.ts';
import { formatHar } from './format-har.ts';
import { formatMermaid } from './format-mermaid.ts';
import { formatOtlp } from './format-otlp.ts';
import { serializeExportJson } from './serialize-export.ts';

export const EXPORT_FORMAT_IDS = ['har', 'otlp', 'mermaid'] as const;
export type ExportFormatId = (typeof EXPORT_FORMAT_IDS)[number];

export type ExportFile = { text: string; fileName: string; mimeType: string; warnings: Warning[] };

/** A file name from the run's start, with nothing in it that a file system or a shell treats specially. */
function baseName(trace: Trace): string {
  const stamp = trace.startedAt.replace(/[^0-9A-Za-z]/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
  return `mcp-lifecycle-${stamp === '' ? 'trace' : stamp}`;
}

/** One export of the run as the text of a file: what the page downloads and the CLI prints. */
export function buildExportFile({ trace, format }: { trace: Trace; format: ExportFormatId }): ExportFile {
  switch (format) {
    case 'har': {
      const { result, warnings } = formatHar({ trace });
      return { text: serializeExportJson(result), fileName: `${baseName(trace)}.har`, mimeType: 'application/json', warnings };
    }
    case 'otlp': {
      const { result, warnings } = formatOtlp({ trace });
      return { text: serializeExportJson(result), fileName: `${baseName(trace)}.otlp.json`, mimeType: 'application/json', warnings };
    }
    case 'mermaid': {
      const { result, warnings } = formatMermaid({ trace });
      return { text: result, fileName: `${baseName(trace)}.mmd`, mimeType: 'text/plain', warnings };
    }
    default: {
      const unknown: never = format;
      throw new Error(`Unknown export format ${String(unknown)}`);
    }
  }
}
