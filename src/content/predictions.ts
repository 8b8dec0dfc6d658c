import type { Step } from '../trace/index.ts';
import { readJsonField as readField } from './read-json-field.ts';
import { PARTICIPANT_LABELS, PARTICIPANTS, type Participant } from '../trace/index.ts';

/**
 * "Predict the next step": before each reveal the learner says what comes next, and the
 * answer is read from the step the run really recorded, never from a key written in
 * advance. A question is data (a kind, keyed in a lesson file by the id of the step on
 * show); the kind says which later step it is about and how its answer is read.
 */
export const PREDICTION_KINDS = ['sender', 'method', 'headers', 'error-kind', 'model-calls'] as const;
export type PredictionKind = (typeof PREDICTION_KINDS)[number];

/** The MCP methods a learner chooses among; anything else is answered as it was sent. */
export const METHOD_CHOICES = [
  'initialize',
  'notifications/initialized',
  'server/discover',
  'tools/list',
  'tools/call',
  'notifications/progress',
  'no MCP message',
] as const;

/** The headers that carry MCP's own meaning (recorded lowercase, as fetch gives them). */
export const MCP_HEADER_CHOICES = ['mcp-protocol-version', 'mcp-session-id', 'mcp-method', 'mcp-name', 'last-event-id'] as const;

export const ERROR_KIND_CHOICES = ['a success', 'an isError result', 'a JSON-RPC error', 'no tools/call answer'] as const;

export type PredictionAnswer = {
  /** One value, or for headers the sorted list joined by ", " ("none" when empty). */
  answer: string;
  why: string;
  /** The index of the step the answer was read from. */
  stepIndex: number;
};

/** What the learner is asked; its answer is read once the run has the step it is about. */
export const PREDICTION_PROMPTS: Record<PredictionKind, string> = {
  sender: 'Who sends the next message?',
  method: 'Which MCP method does the next step carry?',
  headers: "Which MCP headers does the next step's HTTP request carry?",
  'error-kind': 'When the server answers the coming tools/call, is it a success, an isError result or a JSON-RPC error?',
  'model-calls': 'How many requests will the host have sent to the model once the next step is shown?',
};

export function listChoices(kind: PredictionKind): readonly string[] {
  switch (kind) {
    case 'sender':
      return PARTICIPANTS.map((participant) => PARTICIPANT_LABELS[participant]);
    case 'method':
      return METHOD_CHOICES;
    case 'headers':
      return MCP_HEADER_CHOICES;
    case 'error-kind':
      return ERROR_KIND_CHOICES;
    case 'model-calls':
      return ['0', '1', '2', '3', '4'];
    default: {
      const unknown: never = kind;
      return unknown;
    }
  }
}

/** The JSON-RPC method a step carries; an answer carries its request's method, found by id. */
export function readStepMethod({ steps, index }: { steps: readonly Step[]; index: number }): string | null {
  const step = steps[index];
  if (!step || !step.http || step.from === 'llm' || step.to === 'llm') return null;
  const method = readField(step.payload, 'method');
  if (typeof method === 'string') return method;
  const id = readField(step.payload, 'id');
  if (id === undefined) return null;
  for (let earlier = index - 1; earlier >= 0; earlier--) {
    const candidate = steps[earlier]!;
    if (candidate.from === 'client' && readField(candidate.payload, 'id') === id && typeof readField(candidate.payload, 'method') === 'string') {
      return String(readField(candidate.payload, 'method'));
    }
  }
  return null;
}

/** The requests the host sent to the model up to and including this index. */
export function countModelCalls({ steps, index }: { steps: readonly Step[]; index: number }): number {
  return steps.slice(0, index + 1).filter((step) => step.from === 'host' && step.to === 'llm' && step.http !== undefined).length;
}

function isToolsCallAnswer({ steps, index }: { steps: readonly Step[]; index: number }): boolean {
  const step = steps[index]!;
  return step.from === 'server' && step.kind === 'response' && readStepMethod({ steps, index }) === 'tools/call';
}

function describeSender(participant: Participant): string {
  return PARTICIPANT_LABELS[participant];
}

/** Which JSON-RPC method the next step carries, or that it carries none. */
function answerMethod({ steps, nextIndex, next }: { steps: readonly Step[]; nextIndex: number; next: Step }): PredictionAnswer {
  const method = readStepMethod({ steps, index: nextIndex });
  return method
    ? {
        answer: method,
        why: `Step ${next.n} is a JSON-RPC ${next.kind} of ${method}${next.kind === 'response' ? ', matched to its request by id' : ''}.`,
        stepIndex: nextIndex,
      }
    : {
        answer: 'no MCP message',
        why: `Step ${next.n}, "${next.title}", is ${next.http ? 'an HTTP exchange with the model' : 'work inside one part, with no MCP message on the wire'}.`,
        stepIndex: nextIndex,
      };
}

/** Which MCP headers the next step's request carried. */
function answerHeaders({ nextIndex, next }: { nextIndex: number; next: Step }): PredictionAnswer {
  const http = next.http;
  if (!http) return { answer: 'none', why: `Step ${next.n} crosses no HTTP connection, so it has no headers.`, stepIndex: nextIndex };
  const present = MCP_HEADER_CHOICES.filter((name) => Object.keys(http.requestHeaders).some((header) => header.toLowerCase() === name));
  const where = `${http.method} ${http.url}`;
  return {
    answer: present.length ? present.join(', ') : 'none',
    why: present.length
      ? `The request of step ${next.n} (${where}) carried ${present.join(', ')}.`
      : `The request of step ${next.n} (${where}) carried no MCP header.`,
    stepIndex: nextIndex,
  };
}

/** How the next answer to a tools/call came: a JSON-RPC error, an isError result or a success; null while none has come. */
function answerErrorKind({ steps, nextIndex, finished }: { steps: readonly Step[]; nextIndex: number; finished: boolean }): PredictionAnswer | null {
  for (let index = nextIndex; index < steps.length; index++) {
    if (!isToolsCallAnswer({ steps, index })) continue;
    const step = steps[index]!;
    const error = readField(step.payload, 'error');
    if (error !== undefined)
      return {
        answer: 'a JSON-RPC error',
        why: `Step ${step.n} has "error" (code ${String(readField(error, 'code'))}) instead of "result": the request itself failed, no tool result exists.`,
        stepIndex: index,
      };
    if (readField(readField(step.payload, 'result'), 'isError') === true)
      return {
        answer: 'an isError result',
        why: `Step ${step.n} is a normal result with isError: true: the tool ran (or was looked for) and its failure is text the model can read.`,
        stepIndex: index,
      };
    return { answer: 'a success', why: `Step ${step.n} is a result without isError: the tool's content goes back to the model.`, stepIndex: index };
  }
  return finished
    ? { answer: 'no tools/call answer', why: 'The run ended without the server answering a tools/call after this step.', stepIndex: steps.length - 1 }
    : null;
}

/**
 * The answer to a question asked while the step at `askedAt` is on show, read from the
 * steps recorded since; null while the step it is about has not happened yet (the
 * learner presses Next and the answer comes with it).
 */
export function answerPrediction({
  steps,
  askedAt,
  kind,
  finished,
}: {
  steps: readonly Step[];
  askedAt: number;
  kind: PredictionKind;
  finished: boolean;
}): PredictionAnswer | null {
  const nextIndex = askedAt + 1;
  const next = steps[nextIndex];
  switch (kind) {
    case 'sender':
      return next
        ? {
            answer: describeSender(next.from),
            why: `Step ${next.n}, "${next.title}", travels from ${describeSender(next.from)} to ${describeSender(next.to)}.`,
            stepIndex: nextIndex,
          }
        : null;
    case 'method':
      return next ? answerMethod({ steps, nextIndex, next }) : null;
    case 'headers':
      return next ? answerHeaders({ nextIndex, next }) : null;
    case 'error-kind':
      return answerErrorKind({ steps, nextIndex, finished });
    case 'model-calls': {
      if (!next) return null;
      const count = countModelCalls({ steps, index: nextIndex });
      return {
        answer: String(count),
        why: `Counting every request from the host to the model up to step ${next.n}: ${count}. Each round of tool calls costs one more.`,
        stepIndex: nextIndex,
      };
    }
    default: {
      const unknown: never = kind;
      return unknown;
    }
  }
}

/** Whether the learner's choice matches; headers compare as sets, written in any order. */
export function isPredictionRight({ kind, given, answer }: { kind: PredictionKind; given: string; answer: string }): boolean {
  if (kind !== 'headers') return given.trim() === answer;
  const normalise = (text: string) =>
    text
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '' && part !== 'none')
      .sort()
      .join(',');
  return normalise(given) === normalise(answer);
}
