import { describe, expect, it } from 'vitest';
import { buildOpenAiJsonHeaders, isAzureOpenAiUrl } from './openai-key-headers.ts';

describe('isAzureOpenAiUrl', () => {
  it.each([
    'https://aoai-example.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21',
    'https://aoai-example.openai.azure.com/openai/v1',
    'https://aoai-example.openai.azure.com/openai/v1/',
    'https://foundry-example.services.ai.azure.com/openai/v1',
    'https://foundry-example.cognitiveservices.azure.com/openai/deployments/d?api-version=2025-04-01-preview',
    'https://gov-example.openai.azure.us/openai/v1',
    // Behind an API Management gateway or a custom domain, the deployment form keeps Azure's path and query.
    'https://gateway.example.com/ai/openai/deployments/gpt-4o?api-version=2024-10-21',
    'http://127.0.0.1:8080/openai/deployments/mock/?api-version=2024-10-21',
  ])('%s is Azure', (url) => {
    expect(isAzureOpenAiUrl(url)).toBe(true);
  });

  it.each([
    'https://api.openai.com/v1',
    'https://api.groq.com/openai/v1',
    'https://api.deepseek.com',
    'http://127.0.0.1:8080/v1',
    'https://gateway.example.com/openai/deployments/gpt-4o',
    'https://openai.azure.com.example.com/v1',
    'not a url',
  ])('%s is not', (url) => {
    expect(isAzureOpenAiUrl(url)).toBe(false);
  });
});

describe('buildOpenAiJsonHeaders', () => {
  it('sends the key as api-key to Azure, and as a bearer token elsewhere', () => {
    expect(buildOpenAiJsonHeaders({ apiKey: 'k-123456789', baseUrl: 'https://x.openai.azure.com/openai/v1' })).toEqual({
      'content-type': 'application/json',
      'api-key': 'k-123456789',
    });
    expect(buildOpenAiJsonHeaders({ apiKey: 'k-123456789', baseUrl: 'https://api.openai.com/v1' })).toEqual({
      'content-type': 'application/json',
      authorization: 'Bearer k-123456789',
    });
  });

  it('sends no key header without a key, to Azure or not', () => {
    expect(buildOpenAiJsonHeaders({ apiKey: undefined, baseUrl: 'https://x.openai.azure.com/openai/v1' })).toEqual({ 'content-type': 'application/json' });
    expect(buildOpenAiJsonHeaders({ apiKey: '', baseUrl: undefined })).toEqual({ 'content-type': 'application/json' });
  });
});
