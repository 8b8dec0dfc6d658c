import { describe, expect, it } from 'vitest';
import { TraceSchema } from '../../src/trace/trace.ts';
import { serve } from '../../server/node/serve.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { startEchoingProvider } from '../helpers/start-echoing-provider.ts';

/** The trace CLI as a user runs it: a child process that starts its own server and prints the run. */

const runCli = (...parameters: string[]) => runTraceCli(parameters);

describe('npm run trace', () => {
  describe('--json', () => {
    it.each(['2025-11-25', '2026-07-28'])(
      'prints only a valid trace on stdout in the %s era',
      async (era) => {
        const result = await runCli('What is 5 plus 7?', '--json', '--era', era);
        expect(result.code, result.stderr).toBe(0);
        const trace = TraceSchema.parse(JSON.parse(result.stdout));
        expect(trace.status).toBe('complete');
        expect(trace.answer).toBe('5 plus 7 is 12.');
        expect(trace.mcp.era).toBe(era);
        expect(trace.mcp.protocolVersion).toBe(era);
        expect(trace.steps.filter((step) => step.canonical !== null)).toHaveLength(20);
      },
      70_000,
    );
  });

  describe('--wire', () => {
    // One process, one format after another: the machine has two cores and the others run too.
    it('runs the lifecycle in every wire format, with that format at steps 8 and 10', async () => {
      const expectations: Record<string, { request: string; reply: string }> = {
        'openai-chat': { request: '"tools":[{"type":"function","function"', reply: '"tool_calls"' },
        'openai-functions': { request: '"functions":[{"name":"add_numbers"', reply: '"function_call"' },
        'openai-responses': { request: '"tools":[{"type":"function","name":"add_numbers"', reply: '"type":"function_call"' },
        anthropic: { request: '"input_schema"', reply: '"type":"tool_use"' },
        gemini: { request: '"functionDeclarations"', reply: '"functionCall"' },
        ollama: { request: '"stream":false', reply: '"tool_calls"' },
      };
      for (const [wire, expected] of Object.entries(expectations)) {
        const result = await runCli('What is 5 plus 7?', '--json', '--wire', wire);
        expect(result.code, `${wire}: ${result.stderr}`).toBe(0);
        const trace = TraceSchema.parse(JSON.parse(result.stdout));
        expect(trace.model.wire).toBe(wire);
        expect(trace.answer, wire).toBe('5 plus 7 is 12.');
        const request = trace.steps.find((step) => step.canonical === 8)!;
        const reply = trace.steps.find((step) => step.canonical === 10)!;
        expect(JSON.stringify(request.payload), wire).toContain(expected.request);
        expect(JSON.stringify(reply.payload), wire).toContain(expected.reply);
      }
    }, 180_000);

    it('refuses an unknown format and a real model without its key, with exit code 2', async () => {
      const unknown = await runCli('x', '--wire', 'carrier-pigeon');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('Unknown wire format "carrier-pigeon"');
      const keyless = await runTraceCli(['x', '--wire', 'anthropic', '--model', 'real'], { env: { ...process.env, ANTHROPIC_API_KEY: '' } });
      expect(keyless.code).toBe(2);
      expect(keyless.stderr).toContain('set ANTHROPIC_API_KEY');
    }, 70_000);
  });

  describe('text output', () => {
    it('prints the steps and ends with the answer', async () => {
      const result = await runCli('What is 5 plus 7?');
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('Question: What is 5 plus 7?');
      expect(result.stdout).toContain('Client sends tools/list');
      expect(result.stdout).toContain('Status: complete');
      expect(result.stdout).toContain('Answer: 5 plus 7 is 12.');
    }, 70_000);
  });

  describe('bad input', () => {
    it('refuses an unknown era with exit code 2 and names the eras it knows', async () => {
      const result = await runCli('What is 5 plus 7?', '--era', '2024-01-01');
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('Unknown era "2024-01-01"');
      expect(result.stderr).toContain('2025-11-25');
      expect(result.stderr).toContain('2026-07-28');
      expect(result.stderr).toContain('Usage:');
    }, 70_000);

    it('refuses a --server that is not a URL with exit code 2', async () => {
      const result = await runCli('What is 5 plus 7?', '--server', 'not a url');
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('is not a URL');
    }, 70_000);

    it('exits with code 1 and prints the fault when the run fails', async () => {
      const result = await runCli('', '--json');
      expect(result.code).toBe(1);
      const trace = TraceSchema.parse(JSON.parse(result.stdout));
      expect(trace.status).toBe('failed');
      expect(trace.steps.at(-1)!.fault!.what).toBe('The question is empty.');
    }, 70_000);
  });
});

describe('npm run trace with a real provider’s key', () => {
  it('sends the key to the provider only: it never appears in the JSON trace, the text output or stderr', async () => {
    const key = 'sk-ant-cli-DO-NOT-LEAK-7373';
    const provider = await serve({ port: 0 });
    try {
      const env = { ...process.env, ANTHROPIC_API_KEY: key };
      const baseUrl = `${provider.url}/mock/anthropic/v1`;
      const common = ['What is 5 plus 7?', '--wire', 'anthropic', '--model', 'real', '--model-name', 'mock-model-deterministic', '--base-url', baseUrl];
      const json = await runTraceCli([...common, '--json'], { env });
      expect(json.code, json.stderr).toBe(0);
      const trace = TraceSchema.parse(JSON.parse(json.stdout));
      expect(trace.answer).toBe('5 plus 7 is 12.');
      // The key did travel: the recorded request shows its header, redacted.
      expect(trace.steps.find((step) => step.canonical === 8)!.http!.requestHeaders['x-api-key']).toBe('[redacted]');
      const text = await runTraceCli([...common, '--full'], { env });
      expect(text.code, text.stderr).toBe(0);
      for (const output of [json.stdout, json.stderr, text.stdout, text.stderr]) expect(output).not.toContain(key);
    } finally {
      await provider.close();
    }
  }, 120_000);

  it('keeps the key out of the trace, the text output and stderr when the provider echoes it in its body, a header and a 401 message', async () => {
    const key = 'sk-ant-echoed-DO-NOT-LEAK-8484';
    const mock = await serve({ port: 0 });
    const echoing = await startEchoingProvider(mock.url);
    try {
      const env = { ...process.env, ANTHROPIC_API_KEY: key };
      // Whole replies: the echoing provider rewrites a whole body, not a stream.
      const common = ['What is 5 plus 7?', '--wire', 'anthropic', '--model', 'real', '--model-name', 'mock-model-deterministic', '--whole'];
      const json = await runTraceCli([...common, '--base-url', `${echoing.url}/mock/anthropic/v1`, '--json'], { env });
      expect(json.code, json.stderr).toBe(0);
      const trace = TraceSchema.parse(JSON.parse(json.stdout));
      // The echo did happen, and shows as redacted where it landed.
      expect(trace.answer).toBe('5 plus 7 is 12. (your key is [redacted])');
      const reply = trace.steps.find((step) => step.canonical === 10)!;
      expect(reply.http!.responseHeaders!['x-echo']).toBe('[redacted]');
      expect(JSON.parse(reply.http!.responseBody!).echo).toEqual({ received: '[redacted]' });
      const text = await runTraceCli([...common, '--base-url', `${echoing.url}/mock/anthropic/v1`, '--full'], { env });
      expect(text.code, text.stderr).toBe(0);
      const refusedJson = await runTraceCli([...common, '--base-url', `${echoing.url}/unauthorized/v1`, '--json'], { env });
      expect(refusedJson.code).toBe(1);
      const refused = TraceSchema.parse(JSON.parse(refusedJson.stdout));
      expect(refused.steps.at(-1)!.fault!.what).toContain('invalid x-api-key: [redacted]');
      const refusedText = await runTraceCli([...common, '--base-url', `${echoing.url}/unauthorized/v1`, '--full'], { env });
      expect(refusedText.stdout).toContain('invalid x-api-key: [redacted]');
      for (const output of [json, text, refusedJson, refusedText].flatMap((result) => [result.stdout, result.stderr])) expect(output).not.toContain(key);
    } finally {
      await echoing.close();
      await mock.close();
    }
  }, 180_000);
});
