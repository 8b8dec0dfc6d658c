import { describe, expect, it } from 'vitest';
import { parseTraceFile, serializeTrace, traceFileName } from './import-trace.ts';
import { makeStep, makeTrace } from '../trace/sample-trace.test-helper.ts';

const trace = makeTrace(
  [
    makeStep({
      n: 1,
      id: 'user.question',
      canonical: 1,
      from: 'user',
      to: 'host',
      title: 'User asks the question',
      payload: { question: 'What is 5 plus 7?' },
      at: 0,
    }),
  ],
  {
    answer: '5 plus 7 is 12.',
    startedAt: '2026-11-30T12:00:00.000Z',
    mcp: { url: 'http://127.0.0.1:3000/mcp', era: '2025-11-25', protocolVersion: '2025-11-25' },
  },
);

describe('a good trace', () => {
  it('round-trips through the file format unchanged', () => {
    const result = parseTraceFile({ text: serializeTrace(trace) });
    expect(result).toEqual({ ok: true, trace });
  });

  it('is named after its era, wire format and start time', () => {
    expect(traceFileName(trace)).toBe('mcp-trace-2025-11-25-openai-chat-2026-11-30T12-00-00-000.json');
  });
});

describe('files that are not traces', () => {
  it('refuses text that is not JSON, and says so', () => {
    const result = parseTraceFile({ text: '<html><script>alert(1)</script>', name: 'evil.json' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^evil\.json is not JSON/);
  });

  it('refuses JSON of the wrong kind', () => {
    expect(parseTraceFile({ text: '[1,2,3]' })).toMatchObject({ ok: false, error: expect.stringContaining('holds a list, not a trace') });
    expect(parseTraceFile({ text: '{"hello":"world"}' })).toMatchObject({ ok: false, error: expect.stringContaining('not an MCP Lifecycle Explorer trace') });
  });

  it('refuses a trace from another version with a clear reason', () => {
    const result = parseTraceFile({ text: JSON.stringify({ ...trace, version: 2 }) });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('version 2; this explorer reads version 1') });
  });

  it('names the step and field that are wrong in a damaged trace', () => {
    const damaged = { ...trace, steps: [{ ...trace.steps[0], from: 'attacker' }] };
    const result = parseTraceFile({ text: JSON.stringify(damaged) });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('step 1 (from)') });
  });
});

describe('hostile files', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'mcp.teleport'])('refuses a step whose id is %s, naming the step', (id) => {
    const second = { ...trace.steps[0]!, n: 2, id };
    const result = parseTraceFile({ text: JSON.stringify({ ...trace, steps: [trace.steps[0], second] }), name: 'odd.json' });
    expect(result).toEqual({
      ok: false,
      error: `odd.json is not a trace this explorer can show: step 2 has the id "${id}", which is not one of its steps. Nothing from it was loaded. Open it with the explorer that wrote it, or export the run again.`,
    });
  });

  it('refuses nesting too deep to read instead of crashing', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const result = parseTraceFile({ text: deep });
    expect(result.ok).toBe(false);
  });

  it('refuses files over the size limit before parsing them', () => {
    const result = parseTraceFile({ text: ' '.repeat(21 * 1024 * 1024) });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('are refused') });
  });

  it('keeps HTML and script in payloads as plain strings (they are data, never markup)', () => {
    const hostile = { ...trace, question: '<img src=x onerror=alert(1)>', steps: [{ ...trace.steps[0], payload: { question: '<script>alert(1)</script>' } }] };
    const result = parseTraceFile({ text: JSON.stringify(hostile) });
    expect(result.ok && result.trace.steps[0]?.payload).toEqual({ question: '<script>alert(1)</script>' });
  });

  it('accepts invalid Unicode (lone surrogates) as text', () => {
    const result = parseTraceFile({ text: JSON.stringify({ ...trace, answer: 'broken \ud800 text' }) });
    expect(result.ok && result.trace.answer).toBe('broken \ud800 text');
  });
});
