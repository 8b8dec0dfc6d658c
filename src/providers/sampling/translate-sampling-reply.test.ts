import { describe, expect, it } from 'vitest';
import type { ProviderReply } from '../types.ts';
import { translateSamplingReply } from './translate-sampling-reply.ts';

const reply: ProviderReply = {
  toolCalls: [],
  text: 'Five plus seven is twelve.',
  assistantMessage: {},
  finishReason: 'end_turn',
  model: 'claude-test',
  stop: { outcome: 'finished' },
};

describe('translation #4, provider reply → CreateMessageResult', () => {
  it('puts the words in a text block, names the model and maps the stop reason', () => {
    expect(translateSamplingReply({ reply, requestedModel: 'asked' }).result).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Five plus seven is twelve.' },
      model: 'claude-test',
      stopReason: 'endTurn',
    });
    expect(translateSamplingReply({ reply: { ...reply, finishReason: 'length' }, requestedModel: 'asked' }).result.stopReason).toBe('maxTokens');
    expect(translateSamplingReply({ reply: { ...reply, finishReason: 'content_filter' }, requestedModel: 'asked' }).result.stopReason).toBe('content_filter');
  });

  it('says when the reply stopped short, and a cut-off is maxTokens whatever the provider calls it', () => {
    const stop = { outcome: 'truncated', cause: 'token-limit', path: 'candidates[0].finishReason', value: 'MAX_TOKENS' } as const;
    const translated = translateSamplingReply({ reply: { ...reply, text: 'Five plus', finishReason: 'MAX_TOKENS', stop }, requestedModel: 'asked' });
    expect(translated.result.stopReason).toBe('maxTokens');
    expect(translated.warnings.map((warning) => warning.code)).toEqual(['sampling-reply-stopped']);
    expect(translated.warnings[0]!.message).toContain('candidates[0].finishReason is "MAX_TOKENS"');
  });

  it('names the requested model when the provider does not, and warns about what it drops', () => {
    const translated = translateSamplingReply({
      reply: { ...reply, model: null, text: null, finishReason: null, toolCalls: [{ name: 'x', arguments: {}, raw: {} }] },
      requestedModel: 'asked',
    });
    expect(translated.result).toEqual({ role: 'assistant', content: { type: 'text', text: '' }, model: 'asked' });
    expect(translated.warnings.map((warning) => warning.code)).toEqual(['sampling-tool-calls-dropped', 'sampling-empty-answer']);
  });
});
