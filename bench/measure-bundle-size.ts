import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzip bytes of the built app, compressed with node:zlib at level 9 (as Vite's own
 * report does): what the first page loads (dist/index.html itself, and what it names: the
 * module script, modulepreload links and stylesheets) and everything under dist/assets.
 */

export type BundleSizes = {
  /** index.html itself, as the browser receives it before anything else. */
  firstPageHtmlGzipBytes: number;
  firstPageJsGzipBytes: number;
  firstPageCssGzipBytes: number;
  firstPageFiles: string[];
  allAssetsGzipBytes: number;
  allJsGzipBytes: number;
  assetCount: number;
};

async function readGzipBytes(path: string): Promise<number> {
  return gzipSync(await readFile(path), { level: 9 }).length;
}

/** The same-origin files index.html makes the browser fetch before anything runs. */
export function findFirstPageFiles(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>/g)) scripts.push(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href || href.startsWith('data:')) continue;
    if (/\brel="modulepreload"/.test(tag)) scripts.push(href);
    else if (/\brel="stylesheet"/.test(tag)) stylesheets.push(href);
  }
  return { scripts, stylesheets };
}

export async function measureBundleSizes(distDirectory: string): Promise<BundleSizes> {
  const html = await readFile(join(distDirectory, 'index.html'), 'utf8');
  const { scripts, stylesheets } = findFirstPageFiles(html);
  const sizeOf = async (urls: string[]) => {
    let total = 0;
    for (const url of urls) total += await readGzipBytes(join(distDirectory, url.replace(/^\//, '')));
    return total;
  };
  const assetNames = await readdir(join(distDirectory, 'assets'));
  let allAssetsGzipBytes = 0;
  let allJsGzipBytes = 0;
  for (const name of assetNames) {
    const bytes = await readGzipBytes(join(distDirectory, 'assets', name));
    allAssetsGzipBytes += bytes;
    if (name.endsWith('.js')) allJsGzipBytes += bytes;
  }
  return {
    firstPageHtmlGzipBytes: gzipSync(html, { level: 9 }).length,
    firstPageJsGzipBytes: await sizeOf(scripts),
    firstPageCssGzipBytes: await sizeOf(stylesheets),
    firstPageFiles: [...scripts, ...stylesheets],
    allAssetsGzipBytes,
    allJsGzipBytes,
    assetCount: assetNames.length,
  };
}
