import { getShownTrace, saveBlob } from '../../store/index.ts';

/** The formats the export menu offers: PNG is the SVG drawn by the browser. */
export type ExportChoice = 'har' | 'otlp' | 'mermaid' | 'svg' | 'png';

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

/** Builds the file and saves it; export-menu.tsx loads this at the first export, and this the formats' code, so the first page carries neither. */
export async function downloadExport(format: ExportChoice): Promise<string> {
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
