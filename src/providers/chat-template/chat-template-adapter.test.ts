import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { McpTool, ToolRoundResult } from '../types.ts';
import { createChatTemplateAdapter } from './chat-template-adapter.ts';
import { detectTemplateFamily, type TemplateFamily } from './template-family.ts';

/**
 * The named families' own templates (__fixtures__/README.md says where each came from):
 * each renders the tools and the question as its model reads them, the call each family
 * writes is read back, and the result goes back through the same template.
 */

const readTemplate = (file: string) => readFileSync(new URL(`./__fixtures__/${file}`, import.meta.url), 'utf8');

const ADD: McpTool = {
  name: 'add',
  description: 'Add two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};

const FAMILIES: { file: string; family: TemplateFamily; tokens: { bos: string; eos: string }; call: string; turnStart: string; toolsText: string }[] = [
  {
    file: 'qwen2.5-instruct.jinja',
    family: 'hermes',
    tokens: { bos: '', eos: '<|im_end|>' },
    call: '<tool_call>\n{"name": "add", "arguments": {"a": 5, "b": 7}}\n</tool_call>',
    turnStart: '<|im_start|>assistant\n',
    toolsText: '<tools>\n{"type": "function", "function": {"name": "add"',
  },
  {
    file: 'qwen3.jinja',
    family: 'qwen3',
    tokens: { bos: '', eos: '<|im_end|>' },
    call: '<tool_call>\n{"name": "add", "arguments": {"a": 5, "b": 7}}\n</tool_call>',
    turnStart: '<|im_start|>assistant\n<think>\n\n</think>\n\n',
    toolsText: '<tools>\n{"type": "function", "function": {"name": "add"',
  },
  {
    file: 'llama-3.2-instruct.jinja',
    family: 'llama3',
    tokens: { bos: '<|begin_of_text|>', eos: '<|eot_id|>' },
    call: '{"name": "add", "parameters": {"a": 5, "b": 7}}',
    turnStart: '<|start_header_id|>assistant<|end_header_id|>\n\n',
    toolsText: '"name": "add"',
  },
  {
    file: 'smollm2-instruct.jinja',
    family: 'no-tools',
    tokens: { bos: '', eos: '<|im_end|>' },
    call: '<tool_call>\n[{"name": "add", "arguments": {"a": 5, "b": 7}}]\n</tool_call>',
    turnStart: '<|im_start|>assistant\n',
    toolsText: '<tools>\n{"type":"function","function":{"name":"add"',
  },
];

describe.each(FAMILIES)('the $file template', ({ file, family, tokens, call, turnStart, toolsText }) => {
  const template = readTemplate(file);
  const create = (grammar = true) =>
    createChatTemplateAdapter({ template, specialTokens: tokens, grammar, maxTokens: 256, seed: 1, question: 'What is 5 plus 7?' });

  it(`is read as the ${family} family`, () => {
    expect(detectTemplateFamily(template).family).toBe(family);
  });

  it('writes the tools and the question into the prompt, ending where the model writes its turn (translation #1)', () => {
    const adapter = create();
    const prepared = adapter.prepareTools({ tools: [ADD] });
    const { prompt } = prepared.result.tools;
    expect(prompt).toContain('What is 5 plus 7?');
    expect(prompt).toContain(toolsText);
    expect(prompt.endsWith(turnStart)).toBe(true);
    if (family === 'llama3') expect(prompt.startsWith('<|begin_of_text|>')).toBe(true);
    // Only a template with no tool section makes the host write the tools itself, and it says so.
    expect(prepared.warnings.some((warning) => warning.code === 'template-has-no-tools')).toBe(family === 'no-tools');
  });

  it('reads the call the family writes (translation #2) and constrains the first round with a grammar in that syntax', () => {
    const adapter = create();
    const tools = adapter.prepareTools({ tools: [ADD] }).result;
    const conversation = adapter.startConversation({ question: 'What is 5 plus 7?' });
    const request = adapter.buildRequest({ model: '', conversation, tools: tools.tools });
    const grammar = String(request.body.grammar);
    expect(grammar).toMatch(/^root ::= /);
    expect(grammar).toContain(family === 'llama3' ? String.raw`\"parameters\": ` : String.raw`\"arguments\": `);
    const reply = adapter.readResponse({ body: { text: call, finish_reason: 'stop' } });
    expect(reply.toolCalls).toHaveLength(1);
    const plan = adapter.convertToolCall({ call: reply.toolCalls[0]!, nameMap: tools.nameMap });
    expect(plan.result).toEqual({ ok: true, params: { name: 'add', arguments: { a: 5, b: 7 } } });
    // The second round answers freely: no grammar.
    expect(adapter.buildRequest({ model: '', conversation, tools: tools.tools }).body.grammar).toBeNull();
  });

  it('writes the result back with the same template (translation #3)', () => {
    const adapter = create();
    const tools = adapter.prepareTools({ tools: [ADD] }).result;
    const conversation = adapter.startConversation({ question: 'What is 5 plus 7?' });
    adapter.buildRequest({ model: '', conversation, tools: tools.tools });
    const reply = adapter.readResponse({ body: { text: call, finish_reason: 'stop' } });
    const results: ToolRoundResult[] = [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: '12' }] } } }];
    const appended = adapter.appendToolResults({ conversation, reply, results });
    const added = String(appended.result.messages[0]);
    expect(added).toContain('12');
    expect(added.endsWith(turnStart)).toBe(true);
    const next = adapter.buildRequest({ model: '', conversation: appended.result.conversation, tools: tools.tools });
    expect(String(next.body.prompt)).toContain('12');
  });

  it('says why a call it cannot read is no call, and keeps an answer as the answer', () => {
    const adapter = create();
    const nameMap = { add: 'add' };
    if (family !== 'llama3') {
      const broken = adapter.readResponse({ body: { text: '<tool_call>\n{"name": "add", "arguments": {"a": 5,\n</tool_call>', finish_reason: 'stop' } });
      expect(adapter.convertToolCall({ call: broken.toolCalls[0]!, nameMap }).result.ok).toBe(false);
    }
    const answer = adapter.readResponse({ body: { text: '5 plus 7 is 12.', finish_reason: 'stop' } });
    expect(answer.toolCalls).toHaveLength(0);
    expect(answer.text).toBe('5 plus 7 is 12.');
    const cut = adapter.readResponse({ body: { text: '5 plus', finish_reason: 'length' } });
    expect(cut.stop.outcome).not.toBe('finished');
  });
});

describe('the grammar', () => {
  it('names each tool and bounds what it repeats', () => {
    const adapter = createChatTemplateAdapter({
      template: readTemplate('qwen2.5-instruct.jinja'),
      specialTokens: { bos: '', eos: '<|im_end|>' },
      grammar: true,
      maxTokens: 64,
      seed: 1,
      question: 'q',
    });
    const echo: McpTool = {
      name: 'echo',
      inputSchema: { type: 'object', properties: { text: { type: 'string', pattern: '^a' }, times: { type: 'integer' } } },
    };
    const tools = adapter.prepareTools({ tools: [ADD, echo] }).result;
    const grammar = String(adapter.buildRequest({ model: '', conversation: [], tools: tools.tools }).body.grammar);
    expect(grammar).toContain(String.raw`{\"name\": \"add\"`);
    expect(grammar).toContain(String.raw`{\"name\": \"echo\"`);
    expect(grammar).not.toMatch(/\*|\+ /);
  });

  it('is left out when the learner turns it off', () => {
    const adapter = createChatTemplateAdapter({
      template: readTemplate('qwen2.5-instruct.jinja'),
      specialTokens: { bos: '', eos: '<|im_end|>' },
      grammar: false,
      maxTokens: 64,
      seed: 1,
      question: 'q',
    });
    const tools = adapter.prepareTools({ tools: [ADD] }).result;
    expect(adapter.buildRequest({ model: '', conversation: [], tools: tools.tools }).body.grammar).toBeNull();
  });
});
