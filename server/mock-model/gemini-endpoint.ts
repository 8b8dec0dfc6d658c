import { z } from 'zod';
import { countTokens, readToolOutcome, writeArgumentsValue, type MockReply, type MockTool, type MockToolExchange } from './mock-reply.ts';
import { readMockVariant } from './mock-variants.ts';
import { jsonResponse } from '../shared/index.ts';
import { createMockEndpoint, MockRequestFault, type MockAnswer, type MockConversation, type MockFault } from './serve-mock-endpoint.ts';
import { checkThoughtSignatures, writeThoughtSignature } from './gemini-thought-signatures.ts';
import { stableId } from './stable-id.ts';
import { breakOffGeminiStream, streamGeminiAnswer, type GeminiAnswer } from './stream-whole-call-answers.ts';

/**
 * The mock model behind `POST /mock/gemini/v1beta/models/{model}:generateContent`, in
 * the Gemini API wire format: same request fields, same response shape, and errors in
 * Google's `{ error: { code, message, status } }` shape. Only what the mock reads is parsed.
 */

export const GEMINI_MOCK_PATH = /^\/mock\/gemini\/v1beta\/models\/([^/]+):(?:generateContent|streamGenerateContent)$/;

/** String args are what the broken-json variant wrote itself; the host echoes them back, so the mock reads them. */
const FunctionCallSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  args: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
});
const FunctionResponseSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string(),
  response: z.record(z.string(), z.unknown()),
});

const PartSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  functionCall: FunctionCallSchema.optional(),
  functionResponse: FunctionResponseSchema.optional(),
});

const ContentSchema = z.looseObject({
  role: z.enum(['user', 'model']).optional(),
  parts: z.array(PartSchema).min(1),
});

const FunctionDeclarationSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  parametersJsonSchema: z.record(z.string(), z.unknown()).optional(),
});

export const GeminiRequestSchema = z.looseObject({
  contents: z.array(ContentSchema).min(1),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(FunctionDeclarationSchema).optional() })).optional(),
  toolConfig: z.looseObject({ functionCallingConfig: z.looseObject({ mode: z.string().optional() }).optional() }).optional(),
});
type GeminiRequest = z.infer<typeof GeminiRequestSchema>;
type Part = z.infer<typeof PartSchema>;

/** Google names each status; a body too large for the mock is, like any bad argument, INVALID_ARGUMENT. */
const STATUS_NAMES: Record<number, string> = { 400: 'INVALID_ARGUMENT', 404: 'NOT_FOUND', 405: 'UNIMPLEMENTED', 413: 'INVALID_ARGUMENT' };

function writeGoogleError({ status, message }: MockFault): Response {
  return jsonResponse(status, { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } });
}

/** The older `parameters` field spells types in capitals (OBJECT, NUMBER); the mock reads JSON Schema spelling. */
function lowercaseTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lowercaseTypes);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === 'type' && typeof value === 'string' ? value.toLowerCase() : lowercaseTypes(value)]),
  );
}

/** Gemini's rule for a function name (FunctionDeclaration.name), checked before the mode, as the API checks the request first. */
const GEMINI_FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/;

function checkFunctionNames(request: GeminiRequest): void {
  (request.tools ?? []).forEach((tool, toolIndex) =>
    (tool.functionDeclarations ?? []).forEach((declaration, index) => {
      if (GEMINI_FUNCTION_NAME.test(declaration.name)) return;
      throw new MockRequestFault(
        `* GenerateContentRequest.tools[${toolIndex}].function_declarations[${index}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 128.`,
      );
    }),
  );
}

function readTools(request: GeminiRequest): MockTool[] {
  checkFunctionNames(request);
  if (request.toolConfig?.functionCallingConfig?.mode === 'NONE') return [];
  return (request.tools ?? []).flatMap((tool) =>
    (tool.functionDeclarations ?? []).map((declaration) => ({
      name: declaration.name,
      description: declaration.description,
      parameters: declaration.parametersJsonSchema ?? lowercaseTypes(declaration.parameters),
    })),
  );
}

function isQuestion(content: GeminiRequest['contents'][number]): boolean {
  return (content.role ?? 'user') === 'user' && content.parts.some((part) => typeof part.text === 'string');
}

function textOf(parts: Part[]): string {
  return parts.map((part) => (part.thought ? '' : (part.text ?? ''))).join('');
}

/** Pairs each function call after the question with its function response: by id when both have one, else by name in order. */
function readExchanges(contents: GeminiRequest['contents']): MockToolExchange[] {
  const calls = contents.flatMap((content) =>
    content.role === 'model' ? content.parts.flatMap((part) => (part.functionCall ? [part.functionCall] : [])) : [],
  );
  const responses = contents.flatMap((content) =>
    content.role !== 'model' ? content.parts.flatMap((part) => (part.functionResponse ? [part.functionResponse] : [])) : [],
  );
  const used = new Set<number>();
  const exchanges: MockToolExchange[] = [];
  for (const call of calls) {
    const index = responses.findIndex(
      (response, position) =>
        !used.has(position) && (call.id !== undefined && response.id !== undefined ? call.id === response.id : call.name === response.name),
    );
    if (index < 0) continue;
    used.add(index);
    const { response, parts } = responses[index]!;
    const isError = response.error !== undefined;
    const value = isError ? response.error : (response.output ?? response);
    // Images ride beside the response in its parts; beside a result the model notes them, beside an error it reports the error alone.
    const media =
      !isError && Array.isArray(parts) ? parts.filter((part) => typeof part === 'object' && part !== null && 'inlineData' in part).map(() => '[image]') : [];
    const output = [typeof value === 'string' ? value : JSON.stringify(value), ...media].filter(Boolean).join('\n');
    exchanges.push({ name: call.name, arguments: call.args ?? {}, output, ...readToolOutcome(output, isError) });
  }
  return exchanges;
}

/** Gemini names the model in the path; a name that is not valid percent-encoding selects no variant. */
function readModelName(pathname: string): string {
  try {
    return decodeURIComponent(GEMINI_MOCK_PATH.exec(pathname)?.[1] ?? '');
  } catch {
    return '';
  }
}

/** The model's calls as current models write them: no id, the turn's thought signature on the first call. */
function writeCallParts({ calls, turn }: { calls: Extract<MockReply, { type: 'tool-calls' }>['calls']; turn: number }) {
  const thoughtSignature = writeThoughtSignature({ turn, calls });
  return calls.map((call, index) => ({ functionCall: { name: call.name, args: writeArgumentsValue(call) }, ...(index === 0 ? { thoughtSignature } : {}) }));
}

/** Safety ratings as Gemini lists them on a candidate it stopped for SAFETY. */
const SAFETY_RATINGS = [
  { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
  { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
  { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', probability: 'NEGLIGIBLE' },
];

/**
 * The candidate for each reply: a refusal is words (Gemini has no refusal signal, so the
 * host cannot tell it from an answer), the token limit is MAX_TOKENS with the half answer,
 * a filter is SAFETY with no content.
 */
function writeCandidate({ reply, turn }: { reply: MockReply; turn: number }): GeminiAnswer['candidates'][number] {
  if (reply.type === 'tool-calls') return { content: { role: 'model', parts: writeCallParts({ calls: reply.calls, turn }) }, finishReason: 'STOP', index: 0 };
  if (reply.type === 'stop' && reply.stop === 'cut-off')
    return { content: { role: 'model', parts: [{ text: reply.text }] }, finishReason: 'MAX_TOKENS', index: 0 };
  if (reply.type === 'stop' && reply.stop === 'content-filter') return { finishReason: 'SAFETY', index: 0, safetyRatings: SAFETY_RATINGS };
  return { content: { role: 'model', parts: [{ text: reply.text }] }, finishReason: 'STOP', index: 0 };
}

function describeGeminiReasoning(reply: MockReply): string {
  if (reply.type !== 'stop' || reply.stop !== 'refusal') return reply.reasoning;
  return `${reply.reasoning} Gemini has no refusal field: the refusal arrives as words with finishReason STOP, so to the host it is an answer.`;
}

function writeGeminiAnswer({ reply, body, conversation }: { reply: MockReply; body: GeminiRequest; conversation: MockConversation }): MockAnswer<GeminiAnswer> {
  const candidate = writeCandidate({ reply, turn: body.contents.length });
  const promptTokens = countTokens(JSON.stringify(body.contents) + JSON.stringify(body.tools ?? []));
  const candidateTokens = countTokens(JSON.stringify(candidate.content ?? ''));
  return {
    reasoning: describeGeminiReasoning(reply),
    body: {
      candidates: [candidate],
      usageMetadata: { promptTokenCount: promptTokens, candidatesTokenCount: candidateTokens, totalTokenCount: promptTokens + candidateTokens },
      modelVersion: readMockVariant(conversation.model),
      responseId: `mock-${stableId(JSON.stringify(body.contents))}`,
    },
  };
}

export const geminiEndpoint = createMockEndpoint<GeminiRequest, GeminiAnswer>({
  requestSchema: GeminiRequestSchema,
  describeWrongMethod: (method) => `Use POST for models/{model}:generateContent, not ${method}.`,
  invalidJsonMessage: 'Invalid JSON payload received. Send a JSON object with "contents".',
  describeSchemaIssue: (issue) => ({ message: `Invalid request: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not understood'}.` }),
  writeError: writeGoogleError,
  readConversation: ({ body, request }) => {
    const { contents } = body;
    const questionIndex = contents.findLastIndex(isQuestion);
    const question = questionIndex >= 0 ? textOf(contents[questionIndex]!.parts) : '';
    const model = readModelName(new URL(request.url).pathname);
    checkThoughtSignatures({ turns: contents.slice(questionIndex + 1) });
    return { model, question, tools: readTools(body), exchanges: readExchanges(contents.slice(questionIndex + 1)) };
  },
  writeAnswer: writeGeminiAnswer,
  // Gemini asks for a stream by the path, not the body.
  asksForStream: ({ request }) => {
    const url = new URL(request.url);
    if (!url.pathname.endsWith(':streamGenerateContent')) return false;
    if (url.searchParams.get('alt') !== 'sse') {
      throw new MockRequestFault(
        'The mock model streams Gemini replies as server-sent events only: call :streamGenerateContent?alt=sse, as the Gemini SDKs do.',
      );
    }
    return true;
  },
  streamAnswer: streamGeminiAnswer,
  breakOffStream: breakOffGeminiStream,
});
