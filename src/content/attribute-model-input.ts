import type { Step } from '../trace/index.ts';
import { childPath } from './json-paths.ts';
import { readJsonField } from './read-json-field.ts';

/**
 * "What the model sees": every part of one provider request, named by where it came
 * from. A part is a value of the request body (a string, or an object that is a tool's
 * structured content), matched against what the run recorded before it: the question,
 * the tools/list answer, tool results, prompts, resources, the model's own earlier
 * replies. What is left is the wire format's own wording (roles, the model name).
 */
export const INPUT_ORIGINS = [
  'question',
  'tool-description',
  'tool-schema',
  'tool-result',
  'structured-content',
  'prompt',
  'resource',
  'model-output',
  'host',
] as const;
export type InputOrigin = (typeof INPUT_ORIGINS)[number];

export const INPUT_ORIGIN_LABELS: Record<InputOrigin, string> = {
  question: 'The question',
  'tool-description': 'Tool names and descriptions',
  'tool-schema': 'Tool input schemas',
  'tool-result': "A tool result's text",
  'structured-content': 'Structured content',
  prompt: 'A prompt',
  resource: 'A resource',
  'model-output': "The model's own earlier reply",
  host: "The host's own wording",
};

/**
 * Tokens are estimated, not counted: one token per 4 characters of JSON text, rounded up
 * (OpenAI's published rule of thumb for English; each model's tokenizer differs, by a
 * quarter either way on text like this). Only a real provider's usage figures count.
 */
export const TOKEN_ESTIMATE_NOTE = 'Estimated at 1 token per 4 characters (OpenAI’s rule of thumb for English text); each model’s tokenizer differs.';

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export type InputPart = { origin: InputOrigin; path: string; text: string; tokens: number };
export type LeftOut = { what: string; from: string; detail: string };

type Sources = {
  question: string | null;
  toolTexts: Set<string>;
  resultTexts: string[];
  structured: string[];
  prompts: string[];
  resources: string[];
  modelStrings: Set<string>;
};

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, into));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((item) => collectStrings(item, into));
}

function listArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function readResultOf(steps: readonly Step[], id: string): unknown[] {
  return steps.filter((step) => step.id === id).map((step) => readJsonField(step.payload, 'result'));
}

function textsOf(blocks: unknown[]): string[] {
  return blocks.map((block) => readJsonField(block, 'text')).filter((text): text is string => typeof text === 'string' && text !== '');
}

function gatherSources(before: readonly Step[]): Sources {
  const toolTexts = new Set<string>();
  for (const result of readResultOf(before, 'mcp.tools-list.response')) {
    for (const tool of listArray(readJsonField(result, 'tools'))) {
      for (const key of ['name', 'description', 'title']) {
        const text = readJsonField(tool, key);
        if (typeof text === 'string') toolTexts.add(text);
      }
    }
  }
  const callResults = readResultOf(before, 'mcp.tools-call.response');
  const modelStrings = new Set<string>();
  before.filter((step) => step.from === 'llm' && step.http).forEach((step) => collectStrings(step.payload, modelStrings));
  const question = readJsonField(before.find((step) => step.id === 'user.question')?.payload, 'question');
  return {
    question: typeof question === 'string' ? question : null,
    toolTexts,
    resultTexts: callResults.flatMap((result) => textsOf(listArray(readJsonField(result, 'content')))),
    structured: callResults
      .map((result) => readJsonField(result, 'structuredContent'))
      .filter((value) => value !== undefined)
      .map((value) => JSON.stringify(value)),
    prompts: before
      .filter((step) => readJsonField(step.payload, 'result') !== undefined)
      .flatMap((step) =>
        listArray(readJsonField(readJsonField(step.payload, 'result'), 'messages')).flatMap((message) => textsOf([readJsonField(message, 'content')])),
      ),
    resources: before.flatMap((step) => textsOf(listArray(readJsonField(readJsonField(step.payload, 'result'), 'contents')))),
    modelStrings,
  };
}

const TOOL_LIST_KEYS = new Set(['tools', 'functions', 'functionDeclarations']);

function attributeString({ text, inTools, sources }: { text: string; inTools: boolean; sources: Sources }): InputOrigin {
  if (inTools) return sources.toolTexts.has(text) ? 'tool-description' : 'tool-schema';
  if (sources.question !== null && text === sources.question) return 'question';
  if (sources.resultTexts.some((result) => text === result || text.includes(result))) return 'tool-result';
  if (sources.structured.some((structured) => text.includes(structured))) return 'structured-content';
  if (sources.prompts.some((prompt) => text === prompt)) return 'prompt';
  if (sources.resources.some((resource) => text === resource || text.includes(resource))) return 'resource';
  if (sources.modelStrings.has(text)) return 'model-output';
  return 'host';
}

function walkParts({ value, path, inTools, sources, parts }: { value: unknown; path: string; inTools: boolean; sources: Sources; parts: InputPart[] }): void {
  if (typeof value === 'string') {
    parts.push({ origin: attributeString({ text: value, inTools, sources }), path, text: value, tokens: estimateTokens(JSON.stringify(value)) });
    return;
  }
  if (typeof value !== 'object' || value === null) {
    const text = JSON.stringify(value);
    parts.push({ origin: inTools ? 'tool-schema' : 'host', path, text, tokens: estimateTokens(text) });
    return;
  }
  // A tool's structured content passed on as an object (Gemini's functionResponse) is one part, not its leaves.
  const json = JSON.stringify(value);
  if (!inTools && sources.structured.includes(json)) {
    parts.push({ origin: 'structured-content', path, text: json, tokens: estimateTokens(json) });
    return;
  }
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    walkParts({ value: item, path: childPath(path, key), inTools: inTools || (typeof key === 'string' && TOOL_LIST_KEYS.has(key)), sources, parts });
  }
}

/** What the MCP side offered that this request does not carry, by name. */
function findLeftOut({ before, body }: { before: readonly Step[]; body: string }): LeftOut[] {
  const leftOut: LeftOut[] = [];
  const absent = (value: unknown) => !body.includes(JSON.stringify(value).slice(1, -1));
  for (const result of readResultOf(before, 'mcp.tools-list.response')) {
    for (const tool of listArray(readJsonField(result, 'tools'))) {
      const name = String(readJsonField(tool, 'name'));
      for (const key of ['_meta', 'annotations', 'outputSchema', 'title', 'icons', 'execution']) {
        const value = readJsonField(tool, key);
        if (value !== undefined && absent(value)) leftOut.push({ what: key, from: `tool ${name} (tools/list)`, detail: JSON.stringify(value).slice(0, 200) });
      }
    }
    const meta = readJsonField(result, '_meta');
    if (meta !== undefined && absent(meta)) leftOut.push({ what: '_meta', from: 'the tools/list result', detail: JSON.stringify(meta).slice(0, 200) });
  }
  for (const result of readResultOf(before, 'mcp.tools-call.response')) {
    for (const key of ['_meta', 'structuredContent']) {
      const value = readJsonField(result, key);
      if (value !== undefined && absent(value)) leftOut.push({ what: key, from: 'a tools/call result', detail: JSON.stringify(value).slice(0, 200) });
    }
    for (const block of listArray(readJsonField(result, 'content'))) {
      const annotations = readJsonField(block, 'annotations');
      if (annotations !== undefined && absent(annotations))
        leftOut.push({ what: 'annotations', from: 'a content block of a tools/call result', detail: JSON.stringify(annotations).slice(0, 200) });
    }
  }
  return leftOut;
}

/** Whether a step is a request the host sent to the model. */
export function isProviderRequest(step: Step): boolean {
  return step.from === 'host' && step.to === 'llm' && step.http !== undefined;
}

/**
 * The request at `index`, part by part, with the estimated tokens of each origin, the
 * wire's own structure (keys, brackets: the body's estimate minus the parts), and what
 * the host did not pass on.
 */
export function attributeModelInput({ steps, index }: { steps: readonly Step[]; index: number }): {
  parts: InputPart[];
  totals: { origin: InputOrigin; tokens: number }[];
  structureTokens: number;
  bodyTokens: number;
  leftOut: LeftOut[];
} | null {
  const step = steps[index];
  if (!step || !isProviderRequest(step)) return null;
  const before = steps.slice(0, index);
  const sources = gatherSources(before);
  const parts: InputPart[] = [];
  walkParts({ value: step.payload, path: '', inTools: false, sources, parts });
  const body = step.http?.requestBody ?? JSON.stringify(step.payload);
  const totals = INPUT_ORIGINS.map((origin) => ({
    origin,
    tokens: parts.filter((part) => part.origin === origin).reduce((sum, part) => sum + part.tokens, 0),
  })).filter((total) => total.tokens > 0);
  const bodyTokens = estimateTokens(body);
  const partTokens = totals.reduce((sum, total) => sum + total.tokens, 0);
  return { parts, totals, structureTokens: Math.max(0, bodyTokens - partTokens), bodyTokens, leftOut: findLeftOut({ before, body }) };
}
