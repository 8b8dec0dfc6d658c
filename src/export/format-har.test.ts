import { describe, expect, it } from 'vitest';
import type { Step } from '../trace/trace.ts';
import { makeStep, makeTrace } from '../trace/sample-trace.test-helper.ts';
import { HarSchema } from '../../tests/helpers/har-schema.ts';
import { formatEventStream, formatHar } from './format-har.ts';

const step = (parts: Partial<Step>) => makeStep({ payload: {}, ...parts });
const trace = (steps: Step[], startedAt = '2026-01-02T03:04:05.000Z') => makeTrace(steps, { status: 'failed', startedAt });

describe('formatHar', () => {
  it('writes an exchange that never got an answer as status 0 with its error, and says so', () => {
    const http = {
      method: 'POST',
      url: 'http://127.0.0.1:1/mcp?x=1',
      requestHeaders: { 'content-type': 'application/json' },
      requestBody: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      error: 'fetch failed: ECONNREFUSED',
    };
    const { result, warnings } = formatHar({
      trace: trace([step({ http }), step({ n: 2, id: 'host.fault', from: 'host', to: 'user', kind: 'fault', at: 30 })]),
    });
    const har = HarSchema.parse(result);
    expect(har.log.entries).toHaveLength(1);
    expect(har.log.entries[0]).toMatchObject({
      startedDateTime: '2026-01-02T03:04:05.010Z',
      time: 0,
      request: { queryString: [{ name: 'x', value: '1' }] },
      response: { status: 0, bodySize: -1 },
    });
    expect(result.log.entries[0]!.response._error).toBe('fetch failed: ECONNREFUSED');
    expect(warnings.map((warning) => warning.code)).toEqual(['no-answer']);
  });

  it('dates a trace whose start is not a date from the epoch, with a warning', () => {
    const { result, warnings } = formatHar({
      trace: trace([step({ http: { method: 'GET', url: 'http://127.0.0.1:1/mcp', requestHeaders: {}, status: 405, durationMs: 3 } })], 'not a date'),
    });
    expect(HarSchema.parse(result).log.entries[0]!.startedDateTime).toBe('1970-01-01T00:00:00.010Z');
    expect(warnings.map((warning) => warning.code)).toEqual(['start-unknown']);
  });

  it('writes an event stream back as its wire text, a data line per line of data', () => {
    expect(
      formatEventStream([
        { event: 'message', id: '7', data: 'one\ntwo', at: 1 },
        { data: '{}', at: 2 },
      ]),
    ).toBe('event: message\nid: 7\ndata: one\ndata: two\n\ndata: {}\n\n');
    // An imported frame cannot forge another frame through its event name or id.
    expect(formatEventStream([{ event: 'message\n\ndata: forged', id: '1\rdata: x', data: 'a\rb', at: 1 }])).toBe(
      'event: message  data: forged\nid: 1 data: x\ndata: a\ndata: b\n\n',
    );
  });
});
