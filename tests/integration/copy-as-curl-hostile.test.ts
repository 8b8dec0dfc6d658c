import { describe, expect, it } from 'vitest';
import { formatCurl } from '../../src/mcp/format-curl.ts';
import { parseTraceFile, serializeTrace } from '../../src/lifecycle/import-trace.ts';
import type { HttpExchange, Step, Trace } from '../../src/trace/trace.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { startHostileHeaderProxy } from '../helpers/start-hostile-header-proxy.ts';
import { HOSTILE_HEADER_NAMES, HOSTILE_VALUES, PASTE_SHELLS, expectedArguments, runPasted, type PasteShell } from '../helpers/run-pasted-command.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * "Copy as curl" on what a hostile server really sent, recorded by a real run, and on an
 * imported trace doctored with every hostile value: each command, pasted into bash, dash, zsh and fish,
 * runs nothing and gives curl the recorded values intact.
 */

const server = useServer();
const env = { API_KEY: 'key-from-the-environment', MCP_AUTHORIZATION: 'Bearer mcp-from-the-environment' };

/** Session ids a server may choose: any visible ASCII, as the spec allows, and spaces besides. */
const HOSTILE_SESSION_IDS = [
  `abc\\'; touch pwned-fish; #`,
  '[redacted]$(touch pwned-marker)',
  `"; touch pwned-double; "`,
  `'; touch pwned-single; '`,
  '`touch pwned-backtick`',
  '\\$(touch${IFS}pwned-backslash)\\',
  '!!;!-1;$HOME',
];

function audienceOf(step: Step): 'provider' | 'mcp' {
  return step.from === 'llm' || step.to === 'llm' ? 'provider' : 'mcp';
}

async function expectPastesSafely(step: Step & { http: HttpExchange }): Promise<void> {
  const command = formatCurl({ http: step.http, audience: audienceOf(step) });
  for (const shell of Object.keys(PASTE_SHELLS) as PasteShell[]) {
    const pasted = await runPasted({ command: command.result, env, shell });
    expect(pasted.leftBehind, `step ${step.n} ${step.id} in ${shell}`).toEqual([]);
    expect(pasted.argv, `step ${step.n} ${step.id} in ${shell}`).toEqual(expectedArguments({ http: step.http, warnings: command.warnings, env }));
  }
}

function stepsWithHttp(trace: Trace): (Step & { http: HttpExchange })[] {
  return trace.steps.filter((step): step is Step & { http: HttpExchange } => step.http !== undefined);
}

describe('copy as curl after a real run against a hostile server', () => {
  it.each(HOSTILE_SESSION_IDS)(
    'runs nothing and repeats the session id %s intact',
    async (sessionId) => {
      const hostile = await startHostileHeaderProxy({
        target: server.url,
        sessionId,
        headers: { 'x-hostile': `'"; touch pwned-header; $(touch pwned-header) \`touch pwned-header\`` },
      });
      try {
        const trace = await createMockRun(server.url, { mcpUrl: `${hostile.url}/mcp`, autoRelease: true }).start();
        expect(trace.status, JSON.stringify(trace.steps.at(-1)?.fault)).toBe('complete');
        // The client did adopt the hostile id: it is on the requests the run recorded.
        expect(hostile.received).toContain(sessionId);
        const withSession = stepsWithHttp(trace).filter((step) => step.http.requestHeaders['mcp-session-id'] === sessionId);
        expect(withSession.length).toBeGreaterThan(0);
        for (const step of stepsWithHttp(trace)) await expectPastesSafely(step);
      } finally {
        await hostile.close();
      }
    },
    60_000,
  );
});

describe('copy as curl on an imported trace', () => {
  it('runs nothing and repeats every hostile value intact, leaving out only what no request could carry', async () => {
    const trace = await createMockRun(server.url, { autoRelease: true }).start();
    const steps = stepsWithHttp(trace);
    expect(steps.length, JSON.stringify(trace.steps.map((step) => step.http?.error))).toBeGreaterThan(4);
    // Every value in every place a file can put it: session id, another header, the URL, the body; then the names.
    HOSTILE_VALUES.forEach(({ value }, index) => {
      const step = steps[index % steps.length]!;
      step.http.requestHeaders[`mcp-session-id`] = value;
      step.http.requestHeaders[`x-hostile-${index}`] = `before ${value} after`;
      if (!value.includes('\u0000')) step.http.url = `${step.http.url}?q=${value}`;
      step.http.requestBody = `${step.http.requestBody ?? ''}${value}`;
    });
    for (const name of HOSTILE_HEADER_NAMES) steps[0]!.http.requestHeaders[name] = `value of ${name}`;
    const imported = parseTraceFile({ text: serializeTrace(trace) });
    if (!imported.ok) throw new Error(imported.error);
    const importedSteps = stepsWithHttp(imported.trace);
    expect(importedSteps.map((step) => step.http)).toEqual(steps.map((step) => step.http));
    for (const step of importedSteps) await expectPastesSafely(step);
  }, 120_000);
});
