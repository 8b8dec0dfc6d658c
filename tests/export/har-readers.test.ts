import { createRequire } from 'node:module';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildExportFile } from '../../src/export/export-formats.ts';
import { runMockLifecycle } from '../helpers/create-mock-run.ts';
import { HarSchema, type HarFile } from '../helpers/har-schema.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { useServer } from '../helpers/use-server.ts';
import { readHarAsDevTools } from './read-har-as-devtools.ts';

/**
 * The HAR export read by readers we did not write: har-schema 2.0.0's JSON schemas (the
 * ones har-validator and the HTTP Archive tools use) under ajv, and the import rules of
 * Chrome DevTools' own HAR reader. A real run on a real server, the CLI's --har, and a
 * broken file each reader must refuse.
 */

const require = createRequire(import.meta.url);
const draft06: object = require('ajv/dist/refs/json-schema-draft-06.json');
const harSchemas: Record<string, object> = require('har-schema');

function compileHarSchema(): ValidateFunction {
  // har-schema writes "min" beside its types, a word of its own that JSON Schema ignores: strict mode would refuse the schema itself.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addMetaSchema(draft06);
  for (const [name, schema] of Object.entries(harSchemas)) if (name !== 'har') ajv.addSchema(schema);
  return ajv.compile(harSchemas.har!);
}

const validateHar = compileHarSchema();

function expectBothReadersAccept(text: string): HarFile {
  const har: unknown = JSON.parse(text);
  expect(validateHar(har), JSON.stringify(validateHar.errors)).toBe(true);
  expect(readHarAsDevTools(har)).toEqual([]);
  return HarSchema.parse(har);
}

describe("the HAR export, read by har-schema and by Chrome DevTools' import rules", () => {
  const server = useServer();

  it('a streamed run on a real server: every entry, the SSE bodies of MCP and the model included', async () => {
    const trace = await runMockLifecycle({ serverUrl: server.url, wire: 'openai-chat', stream: true });
    const har = expectBothReadersAccept(buildExportFile({ trace, format: 'har' }).text);
    const streams = har.log.entries.filter((entry) => entry.response.content.mimeType.startsWith('text/event-stream'));
    expect(streams.length).toBeGreaterThanOrEqual(2);
    for (const stream of streams) expect(stream.response.content.text).toMatch(/^(event: .*\n)?(id: .*\n)?data: /);
  }, 30_000);

  it("the CLI's --har, as a user saves it", async () => {
    const result = await runTraceCli(['--har']);
    expect(result.code, result.stderr).toBe(0);
    expect(expectBothReadersAccept(result.stdout).log.entries).toHaveLength(7);
  }, 70_000);

  it('refuses what they should: both readers can fail', () => {
    const broken = {
      log: {
        version: '1.2',
        creator: { name: 'x', version: '1' },
        entries: [
          {
            startedDateTime: 'yesterday',
            time: 'soon',
            request: {},
            response: { content: 'none' },
            cache: {},
            timings: { send: 0, wait: 'a while', receive: 0 },
            pageref: 'elsewhere',
            _resourceType: 'rpc',
          },
        ],
      },
    };
    expect(validateHar(broken)).toBe(false);
    expect(readHarAsDevTools(broken)).toEqual([
      'log.entries[0].startedDateTime: "Invalid date format"',
      'log.entries[0].time: "Casting to number results in NaN"',
      'log.entries[0].request.headersSize: "Casting to number results in NaN"',
      'log.entries[0].request.bodySize: "Casting to number results in NaN"',
      'log.entries[0].response.status: "Casting to number results in NaN"',
      'log.entries[0].response.headersSize: "Casting to number results in NaN"',
      'log.entries[0].response.bodySize: "Casting to number results in NaN"',
      'log.entries[0].response.content: not an object ("First parameter is expected to be an object")',
      'log.entries[0].timings.wait: "Casting to number results in NaN"',
      'log.entries[0].pageref: no page "elsewhere", the entry is shown without its page',
      'log.entries[0]._resourceType: "rpc" is no resource type DevTools knows',
    ]);
    expect(readHarAsDevTools({ log: { creator: {}, entries: {} } })).toEqual(['log.entries: "log.entries is expected to be an array"']);
  });
});
