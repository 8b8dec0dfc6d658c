import type { CreateMessageResult } from '@modelcontextprotocol/client';
import type { FieldChange, Warning } from '../../trace/index.ts';
import type { ProviderReply, Translated } from '../types.ts';

/**
 * Translation #4, on the way back: the provider's reply (already read by the wire
 * adapter) as the CreateMessageResult the server asked for. The model that answered is
 * named, since the spec has the client say which one it used; the provider's finish
 * reason becomes MCP's stopReason where the two mean the same, and is kept as it is
 * otherwise (the field is open).
 */

const STOP_REASONS: Record<string, string> = {
  // Chat Completions, Ollama, Gemini (lower-cased), Anthropic, Responses.
  stop: 'endTurn',
  end_turn: 'endTurn',
  completed: 'endTurn',
  length: 'maxTokens',
  max_tokens: 'maxTokens',
  incomplete: 'maxTokens',
  stop_sequence: 'stopSequence',
};

export function translateSamplingReply({ reply, requestedModel }: { reply: ProviderReply; requestedModel: string }): Translated<CreateMessageResult> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [{ kind: 'moved', from: 'text', to: 'content.text', note: 'the model’s words become one text block' }];
  if (reply.toolCalls.length > 0) {
    warnings.push({
      code: 'sampling-tool-calls-dropped',
      message: `The model asked for ${reply.toolCalls.length} tool call(s) in its answer to a sampling request: the host offered none, so they are not passed on.`,
    });
    changes.push({ kind: 'dropped', from: 'toolCalls', note: 'tool calls are not part of this answer' });
  }
  // A refusal's words may come apart from the answer (Chat Completions' message.refusal): they are what the server reads.
  const text = reply.text ?? (reply.stop.outcome === 'refused' ? (reply.stop.message ?? '') : '');
  if (reply.stop.outcome !== 'finished') {
    warnings.push({
      code: 'sampling-reply-stopped',
      message: `The model's reply to the sampling request stopped short (${reply.stop.outcome}: ${reply.stop.path} is ${JSON.stringify(reply.stop.value)}): the server gets ${text === '' ? 'no words' : 'the words that came'} and that stop reason.`,
    });
  }
  if (text === '') warnings.push({ code: 'sampling-empty-answer', message: 'The model answered with no words: the server gets an empty text block.' });
  // A cut-off reply is MCP's maxTokens whatever the provider's field is called (Responses' incomplete_details, Gemini's MAX_TOKENS).
  const finish = reply.stop.outcome === 'truncated' ? 'length' : reply.finishReason?.toLowerCase();
  // A refusal is "refusal" in every format, whatever finish reason came beside it (Chat Completions says "stop" and puts the words in message.refusal).
  const stop = reply.stop;
  const refused = stop.outcome === 'refused';
  const stopReason = refused ? 'refusal' : finish === undefined ? undefined : (STOP_REASONS[finish] ?? reply.finishReason ?? undefined);
  if (stop.outcome === 'refused')
    changes.push({
      kind: 'added',
      from: stop.path,
      to: 'stopReason',
      note: `the provider’s refusal (${stop.path} is ${JSON.stringify(stop.value)}) is MCP’s open stopReason "refusal"`,
    });
  else if (finish !== undefined)
    changes.push({
      kind: STOP_REASONS[finish] ? 'renamed' : 'moved',
      from: 'finishReason',
      to: 'stopReason',
      note: STOP_REASONS[finish] ? `"${reply.finishReason}" is MCP’s "${STOP_REASONS[finish]}"` : 'kept as the provider said it',
    });
  const model = reply.model ?? requestedModel;
  changes.push({
    kind: reply.model ? 'moved' : 'added',
    from: 'model',
    to: 'model',
    note: reply.model ? 'the model that answered' : 'the provider did not say, so the model the host asked for',
  });
  return {
    result: { role: 'assistant', content: { type: 'text', text }, model, ...(stopReason ? { stopReason } : {}) },
    warnings,
    changes,
  };
}
