import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import sirv from 'sirv';

/**
 * Mermaid's own parser and renderer in Chromium, the reader a slide deck or a Markdown
 * viewer uses: the `mermaid` package's browser build, served from node_modules by sirv
 * on loopback (it needs a DOM, so it cannot run in Node). Test code, not the app's.
 */
const MERMAID_DIST = fileURLToPath(new URL('../node_modules/mermaid/dist', import.meta.url));
const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>Mermaid reader</title><script src="/mermaid/mermaid.min.js"></script></head><body></body></html>';

export async function startMermaidReader(): Promise<{ url: string; close: () => Promise<void> }> {
  const serveMermaid = sirv(MERMAID_DIST, { dev: false });
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    if (request.url?.startsWith('/mermaid/')) {
      request.url = request.url.slice('/mermaid'.length);
      serveMermaid(request, response, () => void response.writeHead(404).end());
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The Mermaid reader has no port.');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What Mermaid made of a diagram: the texts it drew for messages, notes and participants, and anything that is not text. */
export type MermaidReading = {
  diagramType: string;
  messages: string[];
  notes: string[];
  actors: string[];
  scripts: number;
  handlers: string[];
  foreign: number;
};

/** mermaid.parse then mermaid.render, in strict security as a viewer runs it; throws with Mermaid's own words when it refuses. */
export async function readWithMermaid(page: Page, text: string): Promise<MermaidReading> {
  return page.evaluate(async (diagram) => {
    type MermaidApi = {
      initialize: (config: Record<string, unknown>) => void;
      parse: (text: string) => Promise<{ diagramType: string }>;
      render: (id: string, text: string) => Promise<{ svg: string }>;
    };
    const mermaid = (window as unknown as { mermaid: MermaidApi }).mermaid;
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', sequence: { mirrorActors: false } });
    const parsed = await mermaid.parse(diagram);
    const id = `diagram${Math.random().toString(36).slice(2)}`;
    const { svg } = await mermaid.render(id, diagram);
    // Chromium's XML parser reads the picture as a file viewer would: nothing of it runs here.
    const host = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const texts = (selector: string) => [...host.querySelectorAll(selector)].map((node) => node.textContent ?? '');
    const handlers = [...host.querySelectorAll('*')].flatMap((node) =>
      [...node.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => `${node.localName} ${attribute.name}`),
    );
    const reading = {
      diagramType: parsed.diagramType,
      messages: texts('.messageText'),
      notes: texts('.noteText'),
      // Mermaid draws the participants last to first; their place on the page is their order.
      actors: [...host.querySelectorAll('text.actor')]
        .sort((one, other) => Number(one.getAttribute('x')) - Number(other.getAttribute('x')))
        .map((node) => node.textContent ?? ''),
      scripts: host.querySelectorAll('script').length,
      handlers,
      foreign: host.querySelectorAll('foreignObject, iframe, img, object, embed, parsererror').length,
    };
    return reading;
  }, text);
}
