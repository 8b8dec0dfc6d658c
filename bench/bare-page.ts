import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The floor under the first paint: a page of one paragraph, no script, no stylesheet, served
 * from a folder of its own by the same kind of server as the page it is compared with. What
 * our first paint costs beyond it is what the explorer adds.
 */

const BARE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>A bare page</title>
  </head>
  <body>
    <p>One question, "What is 5 plus 7?", through the whole MCP tool-call lifecycle, one real message at a time.</p>
  </body>
</html>
`;

export type BarePageFolder = { directory: string; remove: () => Promise<void> };

export async function writeBarePage(): Promise<BarePageFolder> {
  const directory = await mkdtemp(join(tmpdir(), 'explorer-bench-bare-'));
  await writeFile(join(directory, 'index.html'), BARE_PAGE);
  return { directory, remove: () => rm(directory, { recursive: true, force: true }) };
}
