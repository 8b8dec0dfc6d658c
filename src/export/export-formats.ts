import type { Trace, Warning } from '../trace/index.ts';
import { formatHar } from './format-har.ts';
import { formatMermaid } from './format-mermaid.ts';
import { formatOtlp } from './format-otlp.ts';
import { formatSequenceSvg } from './format-sequence-svg.ts';
import { serializeExportJson } from './serialize-export.ts';

export const EXPORT_FORMAT_IDS = ['har', 'otlp', 'mermaid', 'svg'] as const;
export type ExportFormatId = (typeof EXPORT_FORMAT_IDS)[number];

/** size: a picture's width and height in pixels (the SVG), for whoever draws it again (the page's PNG). */
export type ExportFile = { text: string; fileName: string; mimeType: string; warnings: Warning[]; size?: { width: number; height: number } };

/** A file name from the run's start, with nothing in it that a file system or a shell treats specially. */
function baseName(trace: Trace): string {
  const stamp = trace.startedAt
    .replace(/[^0-9A-Za-z]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
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
    case 'svg': {
      const { result, width, height, warnings } = formatSequenceSvg({ trace });
      return { text: result, fileName: `${baseName(trace)}.svg`, mimeType: 'image/svg+xml', warnings, size: { width, height } };
    }
    default: {
      const unknown: never = format;
      throw new Error(`Unknown export format ${String(unknown)}`);
    }
  }
}
