import type { Step, Era } from '../trace/index.ts';
import type { RunFacts } from './run-facts.ts';
import { say, type Sentence } from './word-claims.ts';

/**
 * The sentences of the steps that work differently in the two eras (a server reaching back
 * to the client: sampling, elicitation, roots) and of the sampling answers: each says the
 * mechanism of the era this run spoke, never both, never the other one's.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

type EraTexts = Record<Era, string>;

const REACH_BACK: Partial<Record<string, EraTexts>> = {
  'mcp.task.created': {
    '2025-11-25':
      'The client asked for a task (params.task, with the lifetime it wants), and the server answered with one ({ task }: an id, a status, ttl and pollInterval) instead of the result. The tool goes on in the background; the client polls it.',
    '2026-07-28':
      'The request declared the tasks extension, and the server decided to answer with a task (resultType "task": an id, a status, ttlMs and pollIntervalMs at the top) instead of the result. The SDK client of this version refuses a result type it does not know; the host, which speaks the extension, takes the task from the answer.',
  },
  'mcp.task.input-required': {
    '2025-11-25':
      'The task waits for the client. In 2025-11-25 the client calls tasks/result: on its stream the server sends the task’s requests, and the answer to it comes once the task is over.',
    '2026-07-28':
      'The task waits for the client: tasks/get carries its requests in inputRequests, each under a key of the server’s. The client answers them with tasks/update, then polls on.',
  },
  'mcp.task.completed': {
    '2025-11-25': 'The task is over, completed. In 2025-11-25 its status carries no result: the client fetches it with tasks/result.',
    '2026-07-28': 'The task is over, completed. tasks/get carries the tool’s result itself, under result: what the tools/call would have answered.',
  },
  'mcp.task.failed': {
    '2025-11-25': 'The task is over, failed: in 2025-11-25 that is a JSON-RPC error, or a tool result with isError. tasks/result gives the one or the other.',
    '2026-07-28':
      'The task is over, failed: in 2026-07-28 that is for protocol errors only (a tool error is completed, with isError). tasks/get carries the JSON-RPC error under error.',
  },
  'client.sampling-to-host': {
    '2025-11-25':
      'The server wants the host’s model to write something (sampling): its request came on the tools/call stream. The client cannot answer itself: it hands the request to the host, which owns the model and the user’s trust.',
    '2026-07-28':
      'The server wants the host’s model to write something (sampling): its request came inside the call’s input_required result. The client hands it to the host, which owns the model and the user’s trust. Sampling is deprecated in this era, in favour of servers calling a model themselves.',
  },
  'host.elicitation.result': {
    '2025-11-25': 'The host gives the ElicitResult to the client, which sends it to the server as the answer to its request on the tools/call stream.',
    '2026-07-28': 'The host gives the ElicitResult to the client, which sends the same tools/call again with it in inputResponses: a new request, a new id.',
  },
  'client.roots-to-host': {
    '2025-11-25':
      'The server asks the client which roots it may work in (roots/list), as a request of its own. The client hands it to the host, because the host, not the server, decides what to share.',
    '2026-07-28':
      'The server asks which roots it may work in (roots/list) inside an input_required result. The client hands it to the host, because the host, not the server, decides what to share.',
  },
  'host.sampling.timeout': {
    '2025-11-25':
      'The host’s model did not answer the sampling request within the host’s sampling timeout, so the host stopped waiting. Nothing came back to turn into a CreateMessageResult, so the client answers the server’s request with a JSON-RPC error, and the tool decides what follows. The run goes on.',
    '2026-07-28':
      'The host’s model did not answer the sampling request within the host’s sampling timeout, so the host stopped waiting. inputResponses can carry no error, so the client does not send the call again: the call ends at the client with its own error, and the server never hears why. The run goes on.',
  },
};

/** The same requests when they come from a task: on the tasks/result stream (2025-11-25), or inside an input_required tasks/get (2026-07-28). */
const TASK_REACH_BACK: Partial<Record<string, EraTexts>> = {
  'mcp.server-request': {
    '2025-11-25':
      'The task asks the client something, on the tasks/result stream: a request with an id of its own (sampling/createMessage, elicitation/create), marked with the task’s id (related-task). The task waits for the answer.',
    '2026-07-28': 'The task asks the client something: a request of its own, which in 2026-07-28 comes in the inputRequests of a tasks/get.',
  },
  'client.sampling-to-host': {
    '2025-11-25':
      'The task wants the host’s model to write something (sampling): the request came on the tasks/result stream, marked as the task’s (related-task). The client hands it to the host, which owns the model and the user’s trust.',
    '2026-07-28':
      'The task wants the host’s model to write something (sampling): the request came in the inputRequests of an input_required tasks/get. The client hands it to the host, which owns the model and the user’s trust.',
  },
  'client.elicitation-to-host': {
    '2025-11-25':
      'The task asks the user something: the request came on the tasks/result stream, marked as the task’s (related-task). The client hands it to the host, which asks the user.',
    '2026-07-28':
      'The task asks the user something: the request came in the inputRequests of an input_required tasks/get. The client hands it to the host, which asks the user, once for each key.',
  },
  'host.elicitation.result': {
    '2025-11-25':
      'The host gives the ElicitResult to the client, which sends it to the server as the answer to the request on the tasks/result stream; the task goes on.',
    '2026-07-28':
      'The host gives the ElicitResult to the client, which sends it with tasks/update, in inputResponses under the key the task gave; the next tasks/get says how the task goes on.',
  },
  'client.roots-to-host': {
    '2025-11-25':
      'The task asks which roots it may work in (roots/list), on the tasks/result stream. The client hands it to the host, because the host, not the server, decides what to share.',
    '2026-07-28':
      'The task asks which roots it may work in (roots/list), in the inputRequests of an input_required tasks/get. The client hands it to the host, because the host, not the server, decides what to share.',
  },
};

function describeSamplingResult(era: Era | null, step: Step): Sentence | null {
  if (isRecord(step.payload) && 'error' in step.payload) {
    if (era === '2026-07-28')
      return say(
        'The sampling request was declined: no provider request was made and no reply came. inputResponses can carry no error, so the call ends at the client and the server is not told.',
        { kind: 'era-mechanism', era },
      );
    if (era === '2025-11-25')
      return say(
        'The sampling request was declined: no provider request was made and no reply came. The client answers the server’s request with a JSON-RPC error, and the tool decides what follows.',
        { kind: 'era-mechanism', era },
      );
    return say('The sampling request was declined: no provider request was made and no reply came.');
  }
  return say(
    'Translation #4, back: the provider’s reply becomes a CreateMessageResult (role, one text block, the model that answered, stopReason). It waits at the gate, where you may change it, before it goes to the server.',
  );
}

export function describeEraStep(facts: RunFacts, step: Step): Sentence | null {
  const era = facts.era;
  const round = facts.rounds.get(step.iteration);
  const taskTexts = round?.task && Object.hasOwn(TASK_REACH_BACK, step.id) ? TASK_REACH_BACK[step.id] : undefined;
  if (taskTexts && era !== null) return say(taskTexts[era], { kind: 'era-mechanism', era }, { kind: 'task-created', round: step.iteration, created: true });
  if (step.id === 'host.sampling.result') return describeSamplingResult(era, step);
  const texts = Object.hasOwn(REACH_BACK, step.id) ? REACH_BACK[step.id] : undefined;
  if (!texts || era === null) return null;
  return say(texts[era], { kind: 'era-mechanism', era });
}
