import { describe, expect, it } from 'vitest';
import { anthropicAdapter } from './anthropic/anthropic-adapter.ts';
import { geminiAdapter } from './gemini/gemini-adapter.ts';
import { convertPromptMessages } from './prompt-messages.ts';

const conversation = [
  { role: 'user' as const, content: { type: 'text' as const, text: 'Use the tools.' } },
  { role: 'assistant' as const, content: { type: 'text' as const, text: 'Understood.' } },
  { role: 'user' as const, content: { type: 'text' as const, text: 'Convert 5 kilometers to miles' } },
];

describe('translation #5: prompt messages to a provider conversation', () => {
  it('keeps text turns and their roles, in the format of each provider', () => {
    expect(anthropicAdapter.convertPromptMessages({ messages: conversation }).result).toEqual([
      { role: 'user', content: 'Use the tools.' },
      { role: 'assistant', content: 'Understood.' },
      { role: 'user', content: 'Convert 5 kilometers to miles' },
    ]);
    const gemini = geminiAdapter.convertPromptMessages({ messages: conversation });
    expect(gemini.result.map((turn) => turn.role)).toEqual(['user', 'model', 'user']);
    expect(gemini.warnings).toEqual([]);
  });

  it('writes an embedded text resource as text with its URI, and says so', () => {
    const translated = convertPromptMessages({
      messages: [{ role: 'user', content: { type: 'resource', resource: { uri: 'toolbox://about', mimeType: 'text/plain', text: 'About.' } } }],
      writeTurn: (turn) => turn,
    });
    expect(translated.result).toEqual([{ role: 'user', text: 'toolbox://about:\nAbout.' }]);
    expect(translated.changes).toEqual([expect.objectContaining({ kind: 'retyped', from: '[0].content.resource.text', to: '[0]' })]);
  });

  it('leaves an image out with a warning, and warns when nothing is left to send', () => {
    const translated = convertPromptMessages({
      messages: [{ role: 'user', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } }],
      writeTurn: (turn) => turn,
    });
    expect(translated.result).toEqual([]);
    expect(translated.warnings.map((warning) => warning.code)).toEqual(['prompt-media-dropped', 'prompt-empty']);
    expect(translated.changes).toEqual([expect.objectContaining({ kind: 'dropped', from: '[0].content' })]);
  });
});
