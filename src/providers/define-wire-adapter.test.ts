import { describe, expect, it } from 'vitest';
import { defineWireAdapter, type WireTranslations } from './define-wire-adapter.ts';
import { openAiChatAdapter } from './openai-chat/openai-chat-adapter.ts';
import { WIRE_CATALOG } from './wire-catalog.ts';

type Turn = { role: 'user' | 'assistant'; content: string };

/** A tiny format of one message type, to check what defineWireAdapter holds each function to. */
const translations: WireTranslations<Turn[], string[], Turn> = {
  startConversation: ({ question }) => [{ role: 'user', content: question }],
  convertPromptMessages: () => ({ result: [], warnings: [], changes: [] }),
  prepareTools: ({ tools }) => ({ result: { tools: tools.map((tool) => tool.name), nameMap: {} }, warnings: [], changes: [] }),
  buildRequest: ({ model, conversation, tools }) => ({ path: '/chat', headers: {}, body: { model, messages: conversation, tools } }),
  readResponse: () => ({
    toolCalls: [],
    text: 'twelve',
    stop: { outcome: 'finished' },
    assistantMessage: { role: 'assistant', content: 'twelve' },
    finishReason: null,
    model: null,
  }),
  convertToolCall: ({ call }) => ({ result: { ok: true, params: { name: call.name, arguments: {} } }, warnings: [], changes: [] }),
  formatToolCall: ({ name, arguments: values }) => ({ name, arguments: values, raw: { name } }),
  convertToolResults: () => ({ result: [], warnings: [], changes: [] }),
  appendToolResults: ({ conversation, reply }) => ({
    result: { conversation: [...conversation, reply.assistantMessage], messages: [] },
    warnings: [],
    changes: [],
  }),
};

describe('defineWireAdapter', () => {
  it('puts the translations under the catalog entry of the format', () => {
    const adapter = defineWireAdapter('openai-chat', translations);
    const { id, label, mockBasePath } = WIRE_CATALOG.find((wire) => wire.id === 'openai-chat')!;
    expect(adapter).toMatchObject({ id, label, mockBasePath, startConversation: translations.startConversation });
    expect(
      adapter.appendToolResults({
        conversation: adapter.startConversation({ question: 'What is 5 plus 7?' }),
        reply: adapter.readResponse({ body: {} }),
        results: [],
      }).result.conversation,
    ).toEqual([
      { role: 'user', content: 'What is 5 plus 7?' },
      { role: 'assistant', content: 'twelve' },
    ]);
  });

  it('refuses a format the catalog does not list', () => {
    expect(() => defineWireAdapter('carrier-pigeon', translations)).toThrow('The wire catalog has no entry for "carrier-pigeon".');
  });

  it('holds every function to the same message types (checked by tsc, which runs over this file)', () => {
    defineWireAdapter<Turn[], string[], Turn>('openai-chat', {
      ...translations,
      // @ts-expect-error The assistant turn kept by readResponse must be a Turn.
      readResponse: () => ({ toolCalls: [], text: null, assistantMessage: 12, finishReason: null, model: null }),
    });
    defineWireAdapter<Turn[], string[], Turn>('openai-chat', {
      ...translations,
      // @ts-expect-error The conversation buildRequest reads is the Turn[] the other functions make.
      buildRequest: ({ conversation }: { conversation: number[] }) => ({ path: '/chat', headers: {}, body: { count: conversation.length } }),
    });
    // A real adapter reads its own reply without a cast: the type of what it echoes is its own.
    const reply = openAiChatAdapter.readResponse({ body: { choices: [{ message: { role: 'assistant', content: 'twelve' } }] } });
    expect(reply.assistantMessage.content).toBe('twelve');
  });
});
