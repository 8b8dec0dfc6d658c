import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineChatCompletionsReplySchema } from './chat-completions-reply.ts';

describe('defineChatCompletionsReplySchema', () => {
  const schema = defineChatCompletionsReplySchema(z.looseObject({ role: z.literal('assistant'), content: z.string() }));

  it('reads the choices around the message schema it is given, keeping fields it does not name', () => {
    const reply = { id: 'chatcmpl-1', model: 'gpt-4o-mini', choices: [{ index: 0, message: { role: 'assistant', content: '12' }, finish_reason: 'stop' }] };
    expect(schema.parse(reply)).toEqual(reply);
  });

  it('refuses a reply without a choice, or whose message the format cannot read, naming the field', () => {
    expect(schema.safeParse({ choices: [] }).error?.issues[0]).toMatchObject({ path: ['choices'], code: 'too_small' });
    expect(schema.safeParse({ choices: [{ message: { role: 'user', content: '12' } }] }).error?.issues[0]).toMatchObject({
      path: ['choices', 0, 'message', 'role'],
    });
  });
});
