/**
 * Saves bytes the page made itself (an exported trace, HAR, picture) as a file. The link's
 * address is a blob: URL created here, never one from outside, so it needs no URL gate;
 * eslint.config.js lets this file, and src/ui/open-gated-url.tsx, alone set an href.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
