import { describe, expect, it } from 'vitest';
import { formatTraceJson, formatTraceText } from './format-trace-text.ts';
import { hasTerminalControl } from '../trace/terminal-text.ts';
import { makeTrace } from '../trace/sample-trace.test-helper.ts';
import type { Step, Trace } from '../trace/trace.ts';

function step(fields: Partial<Step> & Pick<Step, 'n' | 'id'>): Step {
  return {
    canonical: null,
    iteration: 1,
    phase: 'discovery',
    from: 'client',
    to: 'server',
    kind: 'request',
    title: 'A step',
    payload: {},
    at: 0,
    ...fields,
  };
}

const trace = (steps: Step[], fields: Partial<Trace> = {}): Trace =>
  makeTrace(steps, {
    answer: '5 plus 7 is 12.',
    startedAt: '2026-01-01T00:00:00.000Z',
    mcp: { url: 'http://127.0.0.1:3000/mcp', era: '2025-11-25', protocolVersion: '2025-11-25' },
    ...fields,
  });

describe('formatTraceText', () => {
  describe('the header and the end', () => {
    it('names the question, the server, the model, the status and the answer', () => {
      const text = formatTraceText({ trace: trace([]) });
      expect(text.split('\n').slice(0, 3)).toEqual([
        'Question: What is 5 plus 7?',
        'MCP server: http://127.0.0.1:3000/mcp (era 2025-11-25, protocol 2025-11-25)',
        'Model: mock-model-deterministic (openai-chat, mock)',
      ]);
      expect(text.endsWith('Status: complete\nAnswer: 5 plus 7 is 12.')).toBe(true);
    });

    it('says when no protocol was negotiated and leaves out a missing answer', () => {
      const text = formatTraceText({ trace: trace([], { answer: null, status: 'failed', mcp: { url: 'x', era: '2026-07-28', protocolVersion: null } }) });
      expect(text).toContain('protocol not negotiated');
      expect(text).not.toContain('Answer:');
    });
  });

  describe('steps', () => {
    it('starts a heading at each change of phase, and marks handshake steps with a dot', () => {
      const text = formatTraceText({
        trace: trace([
          step({ n: 1, id: 'mcp.initialize.request', title: 'Handshake' }),
          step({ n: 2, id: 'host.translate-tools', canonical: 7, phase: 'decision', from: 'host', to: 'host', title: 'Translation #1' }),
        ]),
      });
      expect(text).toContain('── Discovery');
      expect(text).toContain('── Decision');
      expect(text).toMatch(/ {2}1\. step {3}· {2}MCP Client → MCP Server +Handshake/);
      expect(text).toMatch(/ {2}2\. step {3}7 {2}Host → Host +Translation #1/);
    });

    it('shows the round of a repeated step', () => {
      const text = formatTraceText({ trace: trace([step({ n: 1, id: 'llm.decide', canonical: 9, iteration: 2 })]) });
      expect(text).toContain('step   9 (round 2)');
    });

    it('shows the HTTP line with the path, the status and the number of SSE frames', () => {
      const http = {
        method: 'POST',
        url: 'http://127.0.0.1:3000/mcp?x=1',
        status: 200,
        requestHeaders: {},
        sse: [
          { data: '{}', at: 1 },
          { data: '{}', at: 2 },
        ],
      };
      expect(formatTraceText({ trace: trace([step({ n: 1, id: 'a', http })]) })).toContain('HTTP POST /mcp → 200 (SSE, 2 frames)');
    });

    it('shows the network error when no status came back', () => {
      const http = { method: 'POST', url: 'http://127.0.0.1:1/mcp', requestHeaders: {}, error: 'TypeError: fetch failed' };
      expect(formatTraceText({ trace: trace([step({ n: 1, id: 'a', http })]) })).toContain('HTTP POST /mcp → TypeError: fetch failed');
    });

    it('shows warnings, notes and faults', () => {
      const text = formatTraceText({
        trace: trace([
          step({
            n: 1,
            id: 'a',
            translation: { number: 2, input: {}, output: {}, warnings: [{ code: 'w', message: 'Something changed.' }] },
            note: 'A rule.',
            fault: { what: 'Broke.', why: 'Because.', fix: 'Retry.' },
          }),
        ]),
      });
      expect(text).toContain('! Something changed.');
      expect(text).toContain('note: A rule.');
      expect(text).toContain('why: Because.');
      expect(text).toContain('what to do: Retry.');
    });
  });

  describe('long payloads', () => {
    const payload = { text: 'x'.repeat(1000) };

    it('shortens them and says how much is hidden', () => {
      const text = formatTraceText({ trace: trace([step({ n: 1, id: 'a', payload })]), maxPayloadLength: 100 });
      const hidden = JSON.stringify(payload).length - 100;
      expect(text).toContain(`… (${hidden} more characters; --full shows all)`);
    });

    it('shows them whole when the limit is 0', () => {
      const text = formatTraceText({ trace: trace([step({ n: 1, id: 'a', payload })]), maxPayloadLength: 0 });
      expect(text).toContain(JSON.stringify(payload));
    });
  });

  describe('text from a server, a model or a file', () => {
    const escape = '\u001b]0;pwned\u0007\u001b[2J\u001b[H\u009b31m\u202eevil\u2066\u007f\r';
    const hostile = trace(
      [
        step({
          n: 1,
          id: 'mcp.tools-list.response',
          title: `Server sends ${escape}`,
          payload: { tools: [{ name: 'add_numbers', description: `Adds ${escape}` }] },
          note: `note ${escape}`,
          fault: { what: 'x', why: `why ${escape}`, fix: `fix ${escape}` },
          translation: { number: 1, input: [], output: [], warnings: [{ code: 'w', message: `renamed ${escape}` }] },
          http: { method: `POST${escape}`, url: `not a url ${escape}`, requestHeaders: {}, error: `error ${escape}` },
        }),
      ],
      {
        question: `q ${escape}`,
        answer: `line one\n\tline two ${escape}`,
        model: { wire: 'openai-chat', kind: 'real', name: `model ${escape}` },
        mcp: { url: `http://learner:hunter2-password@mcp.example/mcp?x=${escape}`, era: '2025-11-25', protocolVersion: escape },
      },
    );

    it('shows every control character escaped, keeping only the answer’s own line breaks and tabs', () => {
      const text = formatTraceText({ trace: hostile, maxPayloadLength: 0 });
      expect(hasTerminalControl(text.replace(/[\n\t]/g, ''))).toBe(false);
      expect(text).toContain('Server sends \\x1b]0;pwned\\x07\\x1b[2J\\x1b[H\\x9b31m\\u202eevil\\u2066\\x7f\\x0d');
      expect(text).toContain('Answer: line one\n\tline two \\x1b]0;pwned');
      // The question, server, model, step, HTTP, warning, note, why, fix and answer lines; the payload is JSON, whose own escape JSON wrote.
      expect(text.split('\n').filter((line) => line.includes('\\x1b'))).toHaveLength(10);
      expect(text).toContain('"description":"Adds \\u001b]0;pwned\\u0007\\u001b[2J\\u001b[H\\x9b31m\\u202eevil');
    });

    it('prints JSON that parses back to the same trace, with no control character raw and no URL password', () => {
      const json = formatTraceJson({ trace: hostile });
      expect(hasTerminalControl(json.replace(/\n/g, ''))).toBe(false);
      const parsed = JSON.parse(json) as Trace;
      expect(parsed.steps).toEqual(hostile.steps);
      expect(parsed.answer).toBe(hostile.answer);
      expect(parsed.mcp.url).not.toContain('hunter2-password');
      expect(formatTraceText({ trace: hostile })).not.toContain('hunter2-password');
    });
  });
});
