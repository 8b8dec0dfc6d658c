import { Template } from '@huggingface/jinja';
import type { Warning } from '../../trace/index.ts';
import type { TemplateFamily } from './template-family.ts';

/**
 * The deepest translation: the conversation and the tool list become the one string the
 * model reads, written by the model's own chat template (Jinja, from the GGUF's
 * `tokenizer.chat_template`), rendered by @huggingface/jinja, an implementation made for
 * these templates. The messages are the shape every template expects (Hugging Face's chat
 * format, the same as Chat Completions with arguments as objects).
 */

export type TemplateToolCall = { type: 'function'; function: { name: string; arguments: Record<string, unknown> } };

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: TemplateToolCall[] }
  | { role: 'tool'; content: string; name: string };

/** A tool as the templates take it: `{ type: "function", function: { name, description, parameters } }`. */
export type TemplateTool = { type: 'function'; function: { name: string; description?: string; parameters: Record<string, unknown> } };

export type SpecialTokens = { bos: string; eos: string };

/** The tools in a system message of the host's own, in the Hermes style, for a template that has no tool section. */
export function writeHostToolPrompt(tools: TemplateTool[]): string {
  return [
    'You may call one of these tools. Their signatures are within <tools></tools>:',
    '<tools>',
    ...tools.map((tool) => JSON.stringify(tool)),
    '</tools>',
    '',
    'To call a tool, answer with a JSON object of its name and arguments within <tool_call></tool_call> tags:',
    '<tool_call>',
    '{"name": <tool-name>, "arguments": <arguments-object>}',
    '</tool_call>',
  ].join('\n');
}

function writeCallText(call: TemplateToolCall): string {
  return `<tool_call>\n${JSON.stringify({ name: call.function.name, arguments: call.function.arguments })}\n</tool_call>`;
}

/**
 * A template with no tool section cannot write the tools, a call or a result: the host
 * writes them as text in the Hermes style (tools in a system message, the call as the
 * model wrote it, each result as a user turn in <tool_response> tags) and says so.
 */
function writeToolsAsText(messages: ChatMessage[], tools: TemplateTool[]): { messages: ChatMessage[]; warnings: Warning[] } {
  const warnings: Warning[] = [];
  let written = messages.map((message): ChatMessage => {
    if (message.role === 'assistant' && message.tool_calls?.length) {
      return { role: 'assistant', content: [message.content, ...message.tool_calls.map(writeCallText)].filter(Boolean).join('\n') };
    }
    if (message.role === 'tool') return { role: 'user', content: `<tool_response>\n${message.content}\n</tool_response>` };
    return message;
  });
  if (tools.length > 0) {
    const first = written[0];
    const system = writeHostToolPrompt(tools);
    written =
      first?.role === 'system'
        ? [{ role: 'system', content: `${first.content}\n\n${system}` }, ...written.slice(1)]
        : [{ role: 'system', content: system }, ...written];
    warnings.push({
      code: 'template-has-no-tools',
      message:
        "This model's chat template has no tool section: it never writes a tool list, a call or a result. The host writes the tools into a system message of its own (Hermes style, <tool_call> tags), the model's calls as it wrote them, and each result as a user turn in <tool_response> tags.",
    });
  }
  return { messages: written, warnings };
}

/** Renders the whole prompt: the conversation, the tools, and the opening of the model's turn. */
export function renderChatTemplate(input: {
  template: string;
  family: TemplateFamily;
  messages: ChatMessage[];
  tools: TemplateTool[];
  specialTokens: SpecialTokens;
}): { text: string; warnings: Warning[] } {
  const { family, specialTokens } = input;
  const asText = family === 'no-tools' ? writeToolsAsText(input.messages, input.tools) : { messages: input.messages, warnings: [] };
  const context: Record<string, unknown> = {
    messages: asText.messages,
    add_generation_prompt: true,
    bos_token: specialTokens.bos,
    eos_token: specialTokens.eos,
    ...(family !== 'no-tools' && input.tools.length > 0 ? { tools: input.tools } : {}),
  };
  const warnings = [...asText.warnings];
  // Qwen3 thinks first unless told not to: a small model in a tab answers sooner without it, and the template says how.
  if (family === 'qwen3') {
    context.enable_thinking = false;
    warnings.push({
      code: 'thinking-off',
      message:
        'Qwen3 would think first (<think>…</think>); the host renders its template with enable_thinking=false, so the model starts its turn after an empty think block.',
    });
  }
  return { text: new Template(input.template).render(context), warnings };
}
