import { describe, expect, it } from 'vitest';
import { openAiChatAdapter } from './openai-chat/openai-chat-adapter.ts';
import { translateToolCall } from './translate-tool-call.ts';
import type { McpTool } from './types.ts';

/** The everything server's get-annotated-message, as it lists it. */
const ANNOTATED: McpTool = {
  name: 'get-annotated-message',
  inputSchema: {
    type: 'object',
    properties: { messageType: { type: 'string', enum: ['error', 'success', 'debug'] }, includeImage: { default: false, type: 'boolean' } },
    required: ['messageType'],
  },
};

const call = (args: string) =>
  openAiChatAdapter.formatToolCall({ id: 'call_1', name: 'get-annotated-message', arguments: JSON.parse(args) as Record<string, unknown> });

describe('translateToolCall (translation #2 whole)', () => {
  it('for a tool sent strict: leaves out the null strict mode made the model write, as a warning and a dropped field', () => {
    const toolSet = openAiChatAdapter.prepareTools({ tools: [ANNOTATED], strict: true }).result;
    const translated = translateToolCall({ adapter: openAiChatAdapter, call: call('{"messageType":"success","includeImage":null}'), toolSet });
    expect(translated.result).toEqual({ ok: true, params: { name: 'get-annotated-message', arguments: { messageType: 'success' } } });
    expect(translated.warnings.at(-1)).toEqual({
      code: 'strict-null-removed',
      message:
        'Strict mode made every optional field required but nullable, and the model wrote null for "includeImage". The server\'s schema has that field optional but not nullable, so the host leaves it out, as the model meant: not set.',
      path: 'arguments',
    });
    expect(translated.changes.at(-1)).toEqual({
      kind: 'dropped',
      from: 'arguments.includeImage',
      note: 'null left out: strict mode made this optional field nullable; the MCP schema does not allow null',
    });
  });

  it('is the format’s translation alone when nothing was null, when the tool went without strict mode, or when the call could not be read', () => {
    const strict = openAiChatAdapter.prepareTools({ tools: [ANNOTATED], strict: true }).result;
    const plain = openAiChatAdapter.prepareTools({ tools: [ANNOTATED] }).result;
    const written = call('{"messageType":"success","includeImage":true}');
    expect(translateToolCall({ adapter: openAiChatAdapter, call: written, toolSet: strict })).toEqual(
      openAiChatAdapter.convertToolCall({ call: written, nameMap: strict.nameMap }),
    );
    const nullWithoutStrict = call('{"messageType":"success","includeImage":null}');
    expect(translateToolCall({ adapter: openAiChatAdapter, call: nullWithoutStrict, toolSet: plain }).result).toMatchObject({
      ok: true,
      params: { arguments: { includeImage: null } },
    });
    const broken = { ...written, arguments: '{"messageType":' };
    expect(translateToolCall({ adapter: openAiChatAdapter, call: broken, toolSet: strict }).result).toMatchObject({ ok: false });
  });
});
