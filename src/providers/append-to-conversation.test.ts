import { describe, expect, it } from 'vitest';
import { appendToConversation } from './append-to-conversation.ts';

describe('appendToConversation', () => {
  it('appends the echoed turn, then the results, and reports the results alone with their warnings and changes', () => {
    const question = { role: 'user', content: 'What is 5 plus 7?' };
    const assistant = { role: 'assistant', tool_calls: [{ id: 'call_1' }] };
    const answer = { role: 'tool', tool_call_id: 'call_1', content: '12' };
    type Message = { role: string; [field: string]: unknown };
    const appended = appendToConversation<Message>({
      conversation: [question],
      echoed: [assistant],
      translated: {
        result: [answer],
        warnings: [{ code: 'is-error-in-text', message: 'stated in the text' }],
        changes: [{ kind: 'added', to: '[0].role', note: 'a tool message' }],
      },
    });
    expect(appended).toEqual({
      result: { conversation: [question, assistant, answer], messages: [answer] },
      warnings: [{ code: 'is-error-in-text', message: 'stated in the text' }],
      changes: [{ kind: 'added', to: '[0].role', note: 'a tool message' }],
    });
  });

  it('leaves the conversation it was given as it was', () => {
    const conversation = [{ role: 'user' }];
    appendToConversation({ conversation, echoed: [{ role: 'assistant' }], translated: { result: [{ role: 'tool' }], warnings: [], changes: [] } });
    expect(conversation).toEqual([{ role: 'user' }]);
  });
});
