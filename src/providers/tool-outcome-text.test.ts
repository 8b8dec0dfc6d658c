import { describe, expect, it } from 'vitest';
import { convertOutcomeToText } from './tool-outcome-text.ts';
import type { ProviderToolCall } from './types.ts';

const call: ProviderToolCall = { id: 'call_1', name: 'add_numbers', arguments: '{}', raw: {} };

describe('convertOutcomeToText', () => {
  it('sends a result as its text, each change and warning under the result’s index', () => {
    const converted = convertOutcomeToText({
      call,
      outcome: { type: 'result', result: { content: [{ type: 'text', text: 'bad' }], isError: true } },
      provider: 'Ollama',
      index: 2,
      to: '[2].content',
    });
    expect(converted).toEqual({
      result: 'Error (isError: true): bad',
      warnings: [
        {
          code: 'is-error-in-text',
          message: 'Ollama tool results have no error flag: isError is stated as "Error (isError: true):" at the start of the text.',
          path: '[2].isError',
        },
      ],
      changes: [
        { kind: 'retyped', from: '[2].content', to: '[2].content', note: 'content blocks become one string' },
        { kind: 'dropped', from: '[2].isError', note: 'no error flag here: stated in the text' },
      ],
    });
  });

  it('says structured content is the text when nothing else came, and dropped when content came with it', () => {
    const alone = convertOutcomeToText({
      call,
      outcome: { type: 'result', result: { content: [], structuredContent: { sum: 12 } } },
      provider: 'Ollama',
      index: 0,
      to: '[0].output',
    });
    expect(alone.result).toBe('{"sum":12}');
    expect(alone.changes[1]).toEqual({
      kind: 'retyped',
      from: '[0].structuredContent',
      to: '[0].output',
      note: 'no text came with it, so it is sent as JSON text',
    });
    // An image becomes a note, so there is text, and the structured content is left out, as its warning says.
    const withImage = convertOutcomeToText({
      call,
      outcome: { type: 'result', result: { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }], structuredContent: { sum: 12 } } },
      provider: 'Ollama',
      index: 0,
      to: '[0].content',
    });
    expect(withImage.warnings.map((warning) => warning.code)).toEqual(['image-not-carried', 'structured-content-dropped']);
    expect(withImage.changes[1]).toMatchObject({ kind: 'dropped', from: '[0].structuredContent' });
  });

  it("sends the host's error when no tool ran, and warns", () => {
    expect(
      convertOutcomeToText({ call, outcome: { type: 'host-error', message: 'No tool named made_up.' }, provider: 'Ollama', index: 1, to: '[1].content' }),
    ).toEqual({
      result: 'Error (no tool result): No tool named made_up.',
      warnings: [
        { code: 'host-error-returned', message: "No tool result came for add_numbers: the host's error goes back to the model instead.", path: '[1]' },
      ],
      changes: [{ kind: 'retyped', from: '[1].hostError', to: '[1].content', note: "the host's error, as text" }],
    });
  });
});
