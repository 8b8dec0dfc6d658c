import { describe, expect, it } from 'vitest';
import callWithSignature from './__fixtures__/call-with-signature-no-id.json';
import maxTokens from './__fixtures__/max-tokens.json';
import { readGeminiResponse } from './read-gemini-response.ts';

function candidate(finishReason: string, parts: unknown[] | undefined, extra: Record<string, unknown> = {}) {
  return { candidates: [{ ...(parts ? { content: { role: 'model', parts } } : {}), finishReason, index: 0, ...extra }], modelVersion: 'gemini-test' };
}

describe('how a Gemini candidate ended', () => {
  it.each([
    ['SAFETY', 'blocked', 'safety'],
    ['IMAGE_SAFETY', 'blocked', 'safety'],
    ['RECITATION', 'blocked', 'recitation'],
    ['BLOCKLIST', 'blocked', 'blocklist'],
    ['PROHIBITED_CONTENT', 'blocked', 'prohibited-content'],
    ['SPII', 'blocked', 'personal-data'],
    ['LANGUAGE', 'failed', 'language'],
    ['MALFORMED_FUNCTION_CALL', 'failed', 'malformed-call'],
    ['UNEXPECTED_TOOL_CALL', 'failed', 'malformed-call'],
    ['TOO_MANY_TOOL_CALLS', 'failed', 'malformed-call'],
    ['OTHER', 'failed', 'other'],
  ])('names finishReason %s (%s, %s), even with no content at all', (reason, outcome, cause) => {
    expect(readGeminiResponse({ body: candidate(reason, undefined) }).stop).toEqual({ outcome, cause, path: 'candidates[0].finishReason', value: reason });
    expect(readGeminiResponse({ body: candidate(reason, [{ text: 'partly' }]) }).stop).toMatchObject({ outcome, cause });
  });

  it('names MAX_TOKENS the token limit, and a cut call when the candidate holds a call', () => {
    expect(readGeminiResponse({ body: candidate('MAX_TOKENS', [{ text: '5 plus' }]) }).stop).toMatchObject({ outcome: 'truncated', cause: 'token-limit' });
    expect(readGeminiResponse({ body: candidate('MAX_TOKENS', [{ functionCall: { name: 'add_numbers', args: {} } }]) }).stop).toMatchObject({
      cause: 'tool-call-cut',
    });
  });

  it('keeps Gemini’s finishMessage as the explanation', () => {
    const body = candidate('MALFORMED_FUNCTION_CALL', undefined, { finishMessage: 'Malformed function call: add_numbers(a=5' });
    expect(readGeminiResponse({ body }).stop).toMatchObject({ message: 'Malformed function call: add_numbers(a=5' });
  });

  it('names a prompt blocked before any candidate, with promptFeedback.blockReason', () => {
    const reply = readGeminiResponse({ body: { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } } });
    expect(reply.stop).toEqual({ outcome: 'blocked', cause: 'prompt-blocked', path: 'promptFeedback.blockReason', value: 'PROHIBITED_CONTENT' });
    expect(reply).toMatchObject({ toolCalls: [], text: null });
  });

  it('reads a candidate with no finishReason as one still being written: interrupted, even when it holds a whole call', () => {
    const { finishReason: _none, ...unfinished } = candidate('STOP', [{ functionCall: { name: 'add_numbers', args: { a: 5, b: 7 } } }]).candidates[0]!;
    const reply = readGeminiResponse({ body: { candidates: [unfinished] } });
    expect(reply.stop).toEqual({ outcome: 'interrupted', cause: 'stop-missing', path: 'candidates[0].finishReason', value: 'missing' });
  });

  it('reads STOP, and a reason that is only an object’s own key, as finished', () => {
    expect(readGeminiResponse({ body: candidate('STOP', [{ text: 'twelve' }]) }).stop).toEqual({ outcome: 'finished' });
    expect(readGeminiResponse({ body: candidate('toString', [{ text: 'twelve' }]) }).stop).toEqual({ outcome: 'finished' });
  });
});

describe('Gemini replies recorded from the real API (js-genai’s system-test recordings)', () => {
  it('reads a current model’s call: no id, a thoughtSignature kept on the part to echo back', () => {
    const reply = readGeminiResponse({ body: callWithSignature });
    expect(reply.stop).toEqual({ outcome: 'finished' });
    expect(reply.toolCalls).toHaveLength(1);
    expect('id' in reply.toolCalls[0]!).toBe(false);
    expect(reply.toolCalls[0]).toMatchObject({ name: 'concatStringFunction', arguments: { firstString: 'hello', secondString: 'world' } });
    expect(reply.assistantMessage.parts[0]).toHaveProperty('thoughtSignature', callWithSignature.candidates[0]!.content.parts[0]!.thoughtSignature);
  });

  it('reads the recorded MAX_TOKENS reply as truncated, with the half answer that came', () => {
    const reply = readGeminiResponse({ body: maxTokens });
    expect(reply.stop).toMatchObject({ outcome: 'truncated', cause: 'token-limit', value: 'MAX_TOKENS' });
    expect(reply.text).toMatch(/^The sky is blue because of something called \*\*Rayleigh Scattering\*\*/);
  });
});
