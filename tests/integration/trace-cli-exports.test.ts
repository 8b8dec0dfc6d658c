import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { HarSchema } from '../helpers/har-schema.ts';
import { OtlpTraceRequestSchema } from '../helpers/otlp-json-schema.ts';
import { readMermaidSequence } from '../helpers/read-mermaid-sequence.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';

/** npm run trace with an export flag: the export and nothing else on stdout; --otlp-endpoint posts to a real collector on loopback. */

describe('npm run trace exports', () => {
  it('--har prints only a HAR 1.2 log of the run', async () => {
    const result = await runTraceCli(['--har']);
    expect(result.code, result.stderr).toBe(0);
    const har = HarSchema.parse(JSON.parse(result.stdout));
    expect(har.log.entries).toHaveLength(7);
  }, 70_000);

  it('--otlp prints only an OTLP/JSON trace of the run', async () => {
    const result = await runTraceCli(['--otlp', '--scenario', 'two-rounds']);
    expect(result.code, result.stderr).toBe(0);
    const spans = OtlpTraceRequestSchema.parse(JSON.parse(result.stdout)).resourceSpans[0]!.scopeSpans[0]!.spans;
    expect(spans.filter((span) => span.name.startsWith('tools/call '))).toHaveLength(2);
  }, 70_000);

  it('--mermaid prints only a sequenceDiagram', async () => {
    const result = await runTraceCli(['--mermaid', '--wire', 'anthropic']);
    expect(result.code, result.stderr).toBe(0);
    expect(readMermaidSequence(result.stdout).filter((statement) => statement.type === 'participant')).toHaveLength(5);
  }, 70_000);

  it('refuses two outputs at once, saying why', async () => {
    const result = await runTraceCli(['--har', '--json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--har and --json each print the whole run on stdout');
    expect(result.stdout).toBe('');
  }, 70_000);

  describe('--otlp-endpoint', () => {
    let collector: TestServer;
    beforeAll(async () => {
      collector = await startHttpServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"partialSuccess":{}}');
      });
    });
    afterAll(() => collector.close());

    it('posts the spans to URL/v1/traces as application/json, and still prints the text output', async () => {
      const result = await runTraceCli(['--otlp-endpoint', `${collector.url}/`]);
      expect(result.code, result.stderr).toBe(0);
      expect(collector.received).toHaveLength(1);
      const [request] = collector.received;
      expect(request!.method).toBe('POST');
      expect(request!.url).toBe('/v1/traces');
      expect(request!.headers['content-type']).toBe('application/json');
      const spans = OtlpTraceRequestSchema.parse(JSON.parse(request!.body)).resourceSpans[0]!.scopeSpans[0]!.spans;
      expect(spans.map((span) => span.name)).toContain('tools/call add_numbers');
      expect(result.stderr).toContain(`Sent the run's spans to ${collector.url}/v1/traces: HTTP 200`);
      expect(result.stdout).toContain('5 plus 7 is 12.');
    }, 70_000);

    it('fails with exit code 1 and says so when no collector listens', async () => {
      const closed = await startHttpServer(() => undefined);
      await closed.close();
      const result = await runTraceCli(['--otlp', '--otlp-endpoint', closed.url]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`The spans were not sent to ${closed.url}/v1/traces`);
      OtlpTraceRequestSchema.parse(JSON.parse(result.stdout));
    }, 70_000);
  });
});
