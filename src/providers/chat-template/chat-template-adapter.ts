import type { FieldChange, Warning } from '../../trace/index.ts';
import { isPlainObject } from '../is-plain-object.ts';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { convertPromptMessages } from '../prompt-messages.ts';
import { FINISHED, nameTokenLimit } from '../reply-stop.ts';
import { restoreCalledToolName } from '../restore-called-tool-name.ts';
import { reportLostToolFields } from '../lost-tool-fields.ts';
import { convertOutcomeToText } from '../tool-outcome-text.ts';
import type { McpCallPlan, McpTool, PreparedTools, ProviderReply, ProviderToolCall, ToolNameMap, ToolRoundResult, Translated, WireAdapter } from '../types.ts';
import { buildToolGrammar } from './build-tool-grammar.ts';
import { parseTemplateReply } from './parse-template-reply.ts';
import { renderChatTemplate, type ChatMessage, type SpecialTokens, type TemplateTool } from './render-chat-template.ts';
import { detectTemplateFamily, type FamilyDescription } from './template-family.ts';
import { TabModelReplySchema, type TabModelRequest } from './tab-model-request.ts';
import type { PromptToken } from './tokenize-prompt.ts';

/**
 * The model in the tab as a wire format: its three translations are text. #1 writes the
 * tools into the prompt with the model's own chat template, #2 reads a call out of the
 * model's raw text in its family's syntax, #3 writes the results back with the template.
 * The request is the prompt text (the learner may edit it at the gate) with the grammar
 * that constrains the sampler; the reply is the text the model wrote, token by token.
 */

export const CHAT_TEMPLATE_WIRE = 'chat-template';

/** The tools as the template takes them, the prompt translation #1 renders from them, and its tokens. */
export type TemplateToolSet = { tools: TemplateTool[]; prompt: string; tokenCount?: number; tokens?: PromptToken[] };

export type ChatTemplateOptions = {
  template: string;
  specialTokens: SpecialTokens;
  /** Constrain the first round to a valid call (the grammar); off lets the model write what it will. */
  grammar: boolean;
  maxTokens: number;
  seed: number;
  /** The question the run starts from: translation #1 shows the prompt it makes with the tools. */
  question: string;
  /** Splits the prompt into the model's tokens (from the GGUF's vocabulary), when the explorer can. */
  tokenize?: (text: string) => PromptToken[];
};

function prepareTemplateTools({ tools }: { tools: McpTool[] }): { tools: TemplateTool[]; nameMap: ToolNameMap; warnings: Warning[]; changes: FieldChange[] } {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const nameMap: ToolNameMap = {};
  const converted = tools.map((tool, index): TemplateTool => {
    nameMap[tool.name] = tool.name;
    changes.push(
      { kind: 'added', to: `tools[${index}].type`, note: 'every tool is wrapped as a "function", the shape chat templates take' },
      { kind: 'moved', from: `[${index}].name`, to: `tools[${index}].function.name`, note: 'the name moves into "function"; the model reads it as text' },
      {
        kind: 'renamed',
        from: `[${index}].inputSchema`,
        to: `tools[${index}].function.parameters`,
        note: 'inputSchema is called parameters here; the template writes it into the prompt as JSON',
      },
    );
    const lost = reportLostToolFields({ tool, index, provider: 'The chat template', place: 'a template tool' });
    warnings.push(...lost.warnings);
    changes.push(...lost.changes);
    return {
      type: 'function',
      function: { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), parameters: tool.inputSchema },
    };
  });
  return { tools: converted, nameMap, warnings, changes };
}

function convertTemplateToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  if (call.name === '') {
    return {
      result: { ok: false, error: `The model's call is not a JSON object with a "name": it wrote ${JSON.stringify(call.raw)}` },
      warnings: [],
      changes: [],
    };
  }
  const { result: name, warnings, changes } = restoreCalledToolName({ name: call.name, nameMap, path: 'name' });
  if (!isPlainObject(call.arguments)) {
    return {
      result: { ok: false, error: `The arguments for ${call.name} must be a JSON object, but were: ${JSON.stringify(call.arguments) ?? 'missing'}` },
      warnings,
      changes,
    };
  }
  changes.push({ kind: 'retyped', from: 'text', to: 'arguments', note: 'the JSON the model wrote as text, read into an object' });
  return { result: { ok: true, params: { name, arguments: call.arguments } }, warnings, changes };
}

function convertTemplateToolResults({ results }: { results: ToolRoundResult[] }): Translated<ChatMessage[]> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const messages = results.map(({ call, outcome }, index): ChatMessage => {
    const text = convertOutcomeToText({ call, outcome, provider: 'The chat template', index, to: `[${index}].content` });
    warnings.push(...text.warnings);
    changes.push(...text.changes, { kind: 'added', to: `[${index}].role`, note: 'a "tool" turn, which the template writes in its own words' });
    return { role: 'tool', name: call.name, content: text.result };
  });
  return { result: messages, warnings, changes };
}

/** The assistant's turn kept for the next prompt: the calls as the template writes them, or the raw text when a call could not be read. */
function echoAssistantTurn(text: string, calls: ProviderToolCall[], rest: string): ChatMessage {
  const readable = calls.every((call) => call.name !== '' && isPlainObject(call.arguments));
  if (!readable || calls.length === 0) return { role: 'assistant', content: calls.length === 0 ? rest : text };
  return {
    role: 'assistant',
    content: rest,
    tool_calls: calls.map((call) => ({ type: 'function', function: { name: call.name, arguments: isPlainObject(call.arguments) ? call.arguments : {} } })),
  };
}

/** The longest common start of two texts: what translation #3 added is what follows it. */
export function findAddedText(before: string, after: string): string {
  let index = 0;
  while (index < before.length && before[index] === after[index]) index++;
  return after.slice(index);
}

type RenderTemplate = (messages: ChatMessage[], tools: TemplateTool[]) => ReturnType<typeof renderChatTemplate>;

/** Translation #1 here: the tools in the template's terms, and the one string (and its tokens) the model reads them in. */
function prepareTools({ tools, options, render }: { tools: McpTool[]; options: ChatTemplateOptions; render: RenderTemplate }): PreparedTools<TemplateToolSet> {
  const prepared = prepareTemplateTools({ tools });
  const rendered = render([{ role: 'user', content: options.question }], prepared.tools);
  const changes: FieldChange[] = [
    ...prepared.changes,
    { kind: 'added', to: 'prompt', note: "the model's chat template writes the tools and the question into the one string the model reads" },
  ];
  const tokens = options.tokenize?.(rendered.text);
  if (tokens)
    changes.push({
      kind: 'added',
      to: 'tokens',
      note: `the same string as the model's ${tokens.length} tokens, by the vocabulary in its GGUF file (llama.cpp adds a BOS token itself where the model asks for one)`,
    });
  return {
    result: { tools: { tools: prepared.tools, prompt: rendered.text, ...(tokens ? { tokenCount: tokens.length, tokens } : {}) }, nameMap: prepared.nameMap },
    warnings: [...prepared.warnings, ...rendered.warnings],
    changes,
  };
}

/** The model's text read in its family's way: the calls it wrote, and the text around them as its answer. */
function readTemplateReply({ body, family }: { body: unknown; family: FamilyDescription['family'] }): ProviderReply<ChatMessage> {
  const reply = parseProviderReply({ schema: TabModelReplySchema, value: body, what: "the model's text" });
  const parsed = parseTemplateReply({ text: reply.text, family });
  return {
    toolCalls: parsed.calls,
    text: parsed.text !== '' || parsed.calls.length === 0 ? parsed.text : null,
    stop: reply.finish_reason === 'length' ? nameTokenLimit({ hasToolCalls: parsed.calls.length > 0, path: 'finish_reason', value: 'length' }) : FINISHED,
    assistantMessage: echoAssistantTurn(reply.text, parsed.calls, parsed.text),
    finishReason: reply.finish_reason,
    model: null,
  };
}

export function createChatTemplateAdapter(
  options: ChatTemplateOptions,
): WireAdapter<ChatMessage[], TemplateToolSet, ChatMessage> & { describeFamily: () => FamilyDescription } {
  const description = detectTemplateFamily(options.template);
  const { family } = description;
  const render = (messages: ChatMessage[], tools: TemplateTool[]) =>
    renderChatTemplate({ template: options.template, family, messages, tools, specialTokens: options.specialTokens });
  const rounds: { sent: number; lastPrompt: string; lastTools: TemplateTool[] } = { sent: 0, lastPrompt: '', lastTools: [] };
  return {
    id: CHAT_TEMPLATE_WIRE,
    label: 'Model in this tab (chat template)',
    mockBasePath: '',
    defaultBaseUrl: '',
    defaultModel: '',
    supportsStrict: false,
    keyVariable: null,
    browserNote: 'Runs in this tab with llama.cpp compiled to WebAssembly: no key, no server, no HTTP request.',
    describeFamily: () => description,
    startConversation: ({ question }) => [{ role: 'user', content: question }],
    convertPromptMessages: ({ messages }) => convertPromptMessages({ messages, writeTurn: ({ role, text }): ChatMessage => ({ role, content: text }) }),
    prepareTools: ({ tools }) => prepareTools({ tools, options, render }),
    buildRequest: ({ conversation, tools }) => {
      const rendered = render(conversation, tools.tools);
      rounds.lastPrompt = rendered.text;
      rounds.lastTools = tools.tools;
      // The grammar constrains the first round, where the model is to call a tool; after the results it answers freely.
      const constrained = options.grammar && rounds.sent++ === 0 && tools.tools.length > 0;
      const body: TabModelRequest = {
        prompt: rendered.text,
        grammar: constrained ? buildToolGrammar({ tools: tools.tools, family }).grammar : null,
        max_tokens: options.maxTokens,
        temperature: 0,
        seed: options.seed,
      };
      return { path: '', headers: {}, body };
    },
    readResponse: ({ body }) => readTemplateReply({ body, family }),
    convertToolCall: convertTemplateToolCall,
    formatToolCall: ({ id, name, arguments: values }) => {
      const raw = family === 'llama3' ? JSON.stringify({ name, parameters: values }) : JSON.stringify({ name, arguments: values });
      return { id, name, arguments: values, raw };
    },
    convertToolResults: convertTemplateToolResults,
    appendToolResults: ({ conversation, reply, results }) => {
      const translated = convertTemplateToolResults({ results });
      const next = [...conversation, reply.assistantMessage, ...translated.result];
      // What the learner sees translated: the text the template adds to the last prompt, the model's turn echoed and the results.
      const added = findAddedText(rounds.lastPrompt, render(next, rounds.lastTools).text);
      return { result: { conversation: next, messages: [added] }, warnings: translated.warnings, changes: translated.changes };
    },
  };
}
