import { describe, expect, it } from 'vitest';
import type { Trace } from '../../src/trace/trace.ts';
import { createMockRun, MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A header the learner gave that HTTP cannot carry (a pasted "…", a curly quote, an
 * invisible space, a control character) stops the request before it leaves: fetch throws
 * a TypeError, the same class as a network failure's, and the run used to end with "the
 * server is not running". It now says which header and why, and the settings and the CLI
 * refuse such a header before a run starts.
 */

const server = useServer();

const INVALID_VALUES: [string, string, string][] = [
  ['a character beyond Latin-1 (€)', 'price in €', 'U+20AC'],
  ['a pasted ellipsis', 'Bearer abc…xyz', 'U+2026'],
  ['an invisible space', 'Bearer abc\u200bxyz', 'U+200B'],
  ['a control character', 'abc\u0001xyz', 'U+0001'],
];

function readFault(trace: Trace) {
  expect(trace.status).toBe('failed');
  const fault = trace.steps.at(-1)?.fault;
  if (!fault) throw new Error('The run ended without a fault');
  return fault;
}

describe('a header of the MCP server that cannot be sent', () => {
  it.each(INVALID_VALUES)(
    'holding %s: the run ends naming the header and the character, not as if the server were not running',
    async (_name, value, codePoint) => {
      const trace = await createMockRun(server.url, { mcpHeaders: [{ name: 'X-Team', value }], autoRelease: true, reader: 'cli' }).start();
      const fault = readFault(trace);
      expect(fault.what).toContain('the header X-Team has a value that holds');
      expect(fault.what).toContain(codePoint);
      expect(`${fault.what} ${fault.why}`).not.toMatch(/not running|Could not reach/);
      expect(fault.fix).toContain('--header');
    },
  );
});

describe('an API key that cannot be sent in a header', () => {
  it('ends the run naming the header it went in and the character, not as if the provider were unreachable', async () => {
    const trace = await createMockRun(server.url, {
      provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${server.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL, apiKey: 'sk-abc…xyz' },
      autoRelease: true,
    }).start();
    const fault = readFault(trace);
    expect(fault.what).toContain('the header authorization has a value that holds a character beyond Latin-1 (U+2026)');
    expect(`${fault.what} ${fault.why}`).not.toMatch(/Could not reach|Nothing answered/);
    expect(fault.fix).toContain('API key');
    expect(JSON.stringify(trace)).not.toContain('sk-abc');
  });
});

describe('npm run trace --header', () => {
  it.each(INVALID_VALUES)('refuses a value holding %s before the run, naming the header and the character', async (_name, value, codePoint) => {
    const result = await runTraceCli(['--server', `${server.url}/mcp`, '--header', `X-Team: ${value}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The value of X-Team holds');
    expect(result.stderr).toContain(codePoint);
    expect(result.stdout).not.toContain('not running');
  });
});
