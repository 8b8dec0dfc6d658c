import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import type { FieldChange, Warning } from '../../trace/index.ts';
import type { Translated } from '../types.ts';

/**
 * Translation #4, on the way out: an MCP sampling/createMessage (a server asking the
 * host's model) as the fields of a request in the learner's wire format. The host puts
 * them over the wire adapter's own request (path, headers, key, model), so the sampling
 * request reaches the same provider, in the same format, as the conversation does.
 *
 * Only text travels here. What the format has no place for, and what the host decides
 * itself (the model: modelPreferences are a server's wish, includeContext asks for
 * context the host does not share), is dropped with a warning that says why.
 */

type SamplingWire = 'openai-chat' | 'openai-functions' | 'openai-responses' | 'anthropic' | 'gemini' | 'ollama';
const SAMPLING_WIRES: readonly string[] = ['openai-chat', 'openai-functions', 'openai-responses', 'anthropic', 'gemini', 'ollama'];

type TextMessage = { role: 'user' | 'assistant'; text: string };

/** The messages as plain text, with a warning for each block that is not text. */
function readTextMessages(params: CreateMessageRequestParams, warnings: Warning[], changes: FieldChange[]): TextMessage[] {
  return params.messages.map((message, index) => {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const texts = blocks.map((block, blockIndex) => {
      if (block.type === 'text') return block.text;
      warnings.push({
        code: 'sampling-content-dropped',
        message: `Message ${index} carries a ${block.type} block: the host sends text only to the model, so it goes as the words "[${block.type}]".`,
        path: `messages[${index}].content${Array.isArray(message.content) ? `[${blockIndex}]` : ''}`,
      });
      changes.push({ kind: 'dropped', from: `messages[${index}].content`, note: `a ${block.type} block is not sent` });
      return `[${block.type}]`;
    });
    return { role: message.role, text: texts.join('\n') };
  });
}

/** Each message's text block becomes the format's own message, and says so once. */
function writeMessages(wire: SamplingWire, messages: TextMessage[], system: string | undefined, changes: FieldChange[]): Record<string, unknown> {
  const plain = messages.map((message) => ({ role: message.role, content: message.text }));
  const note = (to: string, what: string) => changes.push({ kind: 'retyped', from: 'messages', to, note: what });
  switch (wire) {
    case 'openai-chat':
    case 'openai-functions':
    case 'ollama':
      note('messages', 'each content block { type: "text", text } becomes the message’s content string');
      if (system !== undefined)
        changes.push({ kind: 'moved', from: 'systemPrompt', to: 'messages[0]', note: 'the system prompt becomes a first message with role "system"' });
      return { messages: system === undefined ? plain : [{ role: 'system', content: system }, ...plain] };
    case 'openai-responses':
      note('input', 'the messages become the input items, each content block its content string');
      if (system !== undefined) changes.push({ kind: 'moved', from: 'systemPrompt', to: 'instructions', note: 'the system prompt becomes instructions' });
      return { input: plain, ...(system === undefined ? {} : { instructions: system }) };
    case 'anthropic':
      note('messages', 'each content block { type: "text", text } becomes the message’s content string');
      if (system !== undefined) changes.push({ kind: 'moved', from: 'systemPrompt', to: 'system', note: 'the system prompt is a field of its own' });
      return { messages: plain, ...(system === undefined ? {} : { system }) };
    case 'gemini':
      note('contents', 'each message becomes a content with parts, and "assistant" is called "model"');
      if (system !== undefined)
        changes.push({ kind: 'moved', from: 'systemPrompt', to: 'systemInstruction.parts[0].text', note: 'the system prompt becomes systemInstruction' });
      return {
        contents: messages.map((message) => ({ role: message.role === 'assistant' ? 'model' : 'user', parts: [{ text: message.text }] })),
        ...(system === undefined ? {} : { systemInstruction: { parts: [{ text: system }] } }),
      };
    default: {
      const unknownWire: never = wire;
      throw new Error(`No sampling translation for ${String(unknownWire)}`);
    }
  }
}

/** maxTokens, temperature and stopSequences under the names (and the nesting) the format uses. */
function writeLimits(wire: SamplingWire, params: CreateMessageRequestParams, warnings: Warning[], changes: FieldChange[]): Record<string, unknown> {
  const { maxTokens, temperature, stopSequences } = params;
  const rename = (from: string, to: string) => changes.push({ kind: from === to ? 'moved' : 'renamed', from, to, note: `${from} is ${to} here` });
  const names: Record<SamplingWire, { maxTokens: string; stop: string | null; nest?: string }> = {
    'openai-chat': { maxTokens: 'max_completion_tokens', stop: 'stop' },
    'openai-functions': { maxTokens: 'max_tokens', stop: 'stop' },
    'openai-responses': { maxTokens: 'max_output_tokens', stop: null },
    anthropic: { maxTokens: 'max_tokens', stop: 'stop_sequences' },
    gemini: { maxTokens: 'maxOutputTokens', stop: 'stopSequences', nest: 'generationConfig' },
    ollama: { maxTokens: 'num_predict', stop: 'stop', nest: 'options' },
  };
  const { maxTokens: maxName, stop: stopName, nest } = names[wire];
  const prefix = nest ? `${nest}.` : '';
  const fields: Record<string, unknown> = { [maxName]: maxTokens };
  rename('maxTokens', `${prefix}${maxName}`);
  if (temperature !== undefined) {
    fields.temperature = temperature;
    rename('temperature', `${prefix}temperature`);
  }
  if (stopSequences && stopSequences.length > 0) {
    if (stopName) {
      fields[stopName] = stopSequences;
      rename('stopSequences', `${prefix}${stopName}`);
    } else {
      warnings.push({
        code: 'sampling-stop-dropped',
        message: 'OpenAI Responses has no stop sequences: stopSequences is not sent, so the model may write past them.',
        path: 'stopSequences',
      });
      changes.push({ kind: 'dropped', from: 'stopSequences', note: 'the format has no stop sequences' });
    }
  }
  return nest ? { [nest]: fields } : fields;
}

/** What a server may ask that the host decides itself, or does not share. */
function reportHostDecisions(params: CreateMessageRequestParams, warnings: Warning[], changes: FieldChange[]): void {
  if (params.modelPreferences) {
    warnings.push({
      code: 'sampling-model-preferences',
      message: 'modelPreferences are the server’s wish: the host keeps the provider and model the learner chose, as the spec lets a client do.',
      path: 'modelPreferences',
    });
    changes.push({ kind: 'dropped', from: 'modelPreferences', note: 'the host chooses the model' });
  }
  if (params.includeContext && params.includeContext !== 'none') {
    warnings.push({
      code: 'sampling-context-not-shared',
      message: `includeContext "${params.includeContext}" asks for the host’s conversation: the host shares none of it with a server (the spec has soft-deprecated this field), so only the server’s own messages go.`,
      path: 'includeContext',
    });
    changes.push({ kind: 'dropped', from: 'includeContext', note: 'the host does not share its context' });
  }
  if (params.metadata) changes.push({ kind: 'dropped', from: 'metadata', note: 'provider-specific metadata is not passed on' });
  if ('tools' in params && params.tools) {
    warnings.push({
      code: 'sampling-tools-dropped',
      message: 'The server offered tools for this sampling request: the host sends none of them, so the model answers in words.',
      path: 'tools',
    });
    changes.push({ kind: 'dropped', from: 'tools', note: 'tools in sampling are not sent' });
  }
}

export function isSamplingWire(wire: string): wire is SamplingWire {
  return SAMPLING_WIRES.includes(wire);
}

/** The request fields for the provider: the messages key of the format, the system prompt and the limits. */
export function translateSamplingRequest({ wire, params }: { wire: string; params: CreateMessageRequestParams }): Translated<Record<string, unknown>> {
  if (!isSamplingWire(wire)) throw new Error(`No sampling translation for the wire format "${wire}".`);
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const messages = readTextMessages(params, warnings, changes);
  reportHostDecisions(params, warnings, changes);
  const result = { ...writeMessages(wire, messages, params.systemPrompt, changes), ...writeLimits(wire, params, warnings, changes) };
  return { result, warnings, changes };
}
