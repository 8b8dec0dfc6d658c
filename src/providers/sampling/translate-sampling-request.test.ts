import { describe, expect, it } from 'vitest';
import { translateSamplingRequest } from './translate-sampling-request.ts';

const params = {
  messages: [
    { role: 'user' as const, content: { type: 'text' as const, text: 'Put this result into one short sentence for the user: 5 + 7 = 12.' } },
    { role: 'assistant' as const, content: { type: 'text' as const, text: 'Sure.' } },
  ],
  systemPrompt: 'You phrase arithmetic results.',
  maxTokens: 100,
};

describe('translation #4, MCP sampling → provider request', () => {
  it('writes each format’s messages, system prompt and token cap', () => {
    expect(translateSamplingRequest({ wire: 'openai-chat', params }).result).toEqual({
      messages: [
        { role: 'system', content: 'You phrase arithmetic results.' },
        { role: 'user', content: params.messages[0]!.content.text },
        { role: 'assistant', content: 'Sure.' },
      ],
      max_completion_tokens: 100,
    });
    expect(translateSamplingRequest({ wire: 'anthropic', params }).result).toEqual({
      messages: [
        { role: 'user', content: params.messages[0]!.content.text },
        { role: 'assistant', content: 'Sure.' },
      ],
      system: 'You phrase arithmetic results.',
      max_tokens: 100,
    });
    expect(translateSamplingRequest({ wire: 'gemini', params }).result).toEqual({
      contents: [
        { role: 'user', parts: [{ text: params.messages[0]!.content.text }] },
        { role: 'model', parts: [{ text: 'Sure.' }] },
      ],
      systemInstruction: { parts: [{ text: 'You phrase arithmetic results.' }] },
      generationConfig: { maxOutputTokens: 100 },
    });
    expect(translateSamplingRequest({ wire: 'openai-responses', params }).result).toMatchObject({
      instructions: 'You phrase arithmetic results.',
      max_output_tokens: 100,
    });
    expect(translateSamplingRequest({ wire: 'ollama', params }).result).toMatchObject({ options: { num_predict: 100 } });
    expect(translateSamplingRequest({ wire: 'openai-functions', params }).result).toMatchObject({ max_tokens: 100 });
  });

  it('says what it could not carry and what the host decides itself', () => {
    const translated = translateSamplingRequest({
      wire: 'openai-responses',
      params: {
        ...params,
        messages: [{ role: 'user', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } }],
        modelPreferences: { hints: [{ name: 'claude-3-sonnet' }] },
        includeContext: 'allServers',
        stopSequences: ['\n'],
      },
    });
    expect(translated.result).toMatchObject({ input: [{ role: 'user', content: '[image]' }] });
    expect(translated.warnings.map((warning) => warning.code)).toEqual([
      'sampling-content-dropped',
      'sampling-model-preferences',
      'sampling-context-not-shared',
      'sampling-stop-dropped',
    ]);
    expect(translated.changes).toContainEqual({ kind: 'moved', from: 'systemPrompt', to: 'instructions', note: 'the system prompt becomes instructions' });
  });

  it('refuses a format it has no translation for, by name', () => {
    expect(() => translateSamplingRequest({ wire: 'carrier-pigeon', params })).toThrow('carrier-pigeon');
  });
});
