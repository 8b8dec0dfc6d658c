import { describe, expect, it } from 'vitest';
import { asksForStreamUsage } from './chat-stream-usage.ts';

describe('asksForStreamUsage', () => {
  it.each([
    ['https://api.openai.com/v1', 'real'],
    ['http://127.0.0.1:3000/mock/openai/v1', 'mock'],
    ['https://aoai-example.openai.azure.com/openai/v1', 'real'],
    ['https://aoai-example.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-08-01-preview', 'real'],
    ['https://aoai-example.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21', 'real'],
    ['https://aoai-example.openai.azure.com/openai/deployments/gpt-4o?api-version=2025-04-01-preview', 'real'],
  ] as const)('asks %s (%s): its documentation has the option', (baseUrl, kind) => {
    expect(asksForStreamUsage({ baseUrl, kind })).toBe(true);
  });

  it.each([
    // Older Azure versions answer "Unrecognized request argument supplied: stream_options".
    'https://aoai-example.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-06-01',
    'https://aoai-example.openai.azure.com/openai/deployments/gpt-4o?api-version=2023-05-15',
    'https://aoai-example.openai.azure.com/openai/deployments/gpt-4o',
    'http://127.0.0.1:8080/v1',
    'https://api.deepseek.com',
    'https://api.groq.com/openai/v1',
    'not a url',
  ])('does not ask %s: the host cannot know that it takes the option', (baseUrl) => {
    expect(asksForStreamUsage({ baseUrl, kind: 'real' })).toBe(false);
  });
});
