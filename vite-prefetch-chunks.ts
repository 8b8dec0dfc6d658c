import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * `<link rel="prefetch">` in the built index.html for lazily loaded entries (the engine and
 * the graph) and the chunks they import. main.tsx asks for them with
 * import() only once step 1 is shown or the page is idle, so that running them does not
 * hold back the first Next: the hints let the browser fetch them alongside the first
 * page, at the lowest priority, without running them. Unlike modulepreload, a prefetch is neither parsed
 * nor needed before the page works, so it is no part of the first page's JavaScript.
 */

type OutputChunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } };
type OutputFile = OutputChunk | { type: 'asset'; fileName: string };

function isChunk(file: OutputFile | undefined): file is OutputChunk {
  return file?.type === 'chunk';
}

/** A chunk's file, the chunks it imports statically (transitively), and their stylesheets. */
function collectFiles(bundle: Record<string, OutputFile>, fileName: string, into: Set<string>): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || !isChunk(chunk)) return into;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) collectFiles(bundle, imported, into);
  return into;
}

/** What comes right after the first page (whose inspector shows step 1 before the engine exists): the engine, from step 2 on, and the graph. */
export const LAZY_FIRST_STEP_ENTRIES = ['src/lifecycle/engine.ts', 'src/ui/graph/lifecycle-graph.tsx'];

export function prefetchChunks({ entries }: { entries: string[] }): Plugin {
  let base = '/';
  return {
    name: 'prefetch-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle as Record<string, OutputFile> | undefined;
        if (!bundle || !context.chunk) return [];
        const firstPage = collectFiles(bundle, context.chunk.fileName, new Set());
        const wanted = new Set<string>();
        for (const entry of entries) {
          const chunk = Object.values(bundle).find((file) => isChunk(file) && file.facadeModuleId?.endsWith(entry) === true);
          if (!chunk) throw new Error(`prefetchChunks: no chunk is built from ${entry}; is it still loaded with import()?`);
          collectFiles(bundle, chunk.fileName, wanted);
        }
        return [...wanted]
          .filter((fileName) => !firstPage.has(fileName))
          .map((fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'prefetch', href: `${base}${fileName}`, ...(fileName.endsWith('.css') ? { as: 'style' } : { as: 'script', crossorigin: true }) },
            injectTo: 'head',
          }));
      },
    },
  };
}
