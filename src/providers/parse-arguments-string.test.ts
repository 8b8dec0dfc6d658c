import { describe, expect, it } from 'vitest';
import { parseArgumentsString, planCallFromArgumentsString } from './parse-arguments-string.ts';

describe('parseArgumentsString', () => {
  it('reads a JSON object, and an empty string as no arguments', () => {
    expect(parseArgumentsString({ name: 'add', text: '{"a":5,"b":7}', format: 'Chat Completions' })).toEqual({ ok: true, value: { a: 5, b: 7 } });
    expect(parseArgumentsString({ name: 'add', text: '  ', format: 'Chat Completions' })).toEqual({ ok: true, value: {} });
  });

  it('says what is wrong with arguments that are not a JSON object', () => {
    expect(parseArgumentsString({ name: 'add', text: 5, format: 'Chat Completions' })).toEqual({
      ok: false,
      error: 'The arguments of add are not a JSON string as Chat Completions requires.',
    });
    expect(parseArgumentsString({ name: 'add', text: '{"a":5', format: 'Chat Completions' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The arguments for add are not valid JSON \(.+\)\. Received: \{"a":5$/),
    });
    expect(parseArgumentsString({ name: 'add', text: '[5,7]', format: 'Chat Completions' })).toEqual({
      ok: false,
      error: 'The arguments for add must be a JSON object, but were: [5,7]',
    });
  });
});

describe('planCallFromArgumentsString', () => {
  const call = { id: 'call_1', name: 'add_numbers_2', arguments: '{"a":5,"b":7}', raw: {} };

  it('plans the MCP call under the MCP name, reporting the parse at the format’s path', () => {
    expect(planCallFromArgumentsString({ call, name: 'add-numbers', format: 'the Responses API', path: 'arguments' })).toEqual({
      result: { ok: true, params: { name: 'add-numbers', arguments: { a: 5, b: 7 } } },
      warnings: [
        { code: 'arguments-parsed', message: 'The arguments arrived as a JSON string; MCP wants an object, so the host parsed it.', path: 'arguments' },
      ],
      changes: [{ kind: 'retyped', from: 'arguments', to: 'arguments', note: 'a JSON string becomes an object' }],
    });
  });

  it('turns arguments it cannot read into a host error naming the tool the model called', () => {
    expect(
      planCallFromArgumentsString({ call: { ...call, arguments: 'five and seven' }, name: 'add-numbers', format: 'the Responses API', path: 'arguments' }),
    ).toEqual({
      result: { ok: false, error: expect.stringContaining('The arguments for add_numbers_2 are not valid JSON') },
      warnings: [],
      changes: [],
    });
  });
});
