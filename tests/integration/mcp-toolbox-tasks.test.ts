import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { postMcp, type JsonRpcMessage } from '../helpers/mcp-http.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * count_in_background on /mcp/toolbox, a task in both eras, read by clients we did not
 * write: the released v1 SDK's experimental tasks client (2025-11-25: params.task, polls,
 * tasks/result carrying the elicitation), and raw HTTP for 2026-07-28, which no SDK
 * client speaks yet (the tasks extension: resultType "task", tasks/get, tasks/update).
 */

const server = useServer();
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connectV1(answer: ElicitResult): Promise<{ client: Client; asked: unknown[] }> {
  const asked: unknown[] = [];
  const client = new Client({ name: 'sdk-v1-tasks', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params);
    return answer;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/toolbox`)));
  clients.push(client);
  return { client, asked };
}

async function runStream(client: Client, to: number) {
  const seen: { type: string; status?: string; text?: string; error?: string }[] = [];
  for await (const message of client.experimental.tasks.callToolStream({ name: 'count_in_background', arguments: { to } }, undefined, {
    task: { ttl: 60_000 },
  })) {
    if (message.type === 'taskCreated' || message.type === 'taskStatus') seen.push({ type: message.type, status: message.task.status });
    else if (message.type === 'result') seen.push({ type: 'result', text: JSON.stringify(message.result.content) });
    else if (message.type === 'error') seen.push({ type: 'error', error: message.error.message });
  }
  return seen;
}

describe('count_in_background in 2025-11-25, by the v1 SDK client', () => {
  it('is declared a task tool, and is refused (-32601) when called without params.task', async () => {
    const { client } = await connectV1({ action: 'accept', content: { goOn: true } });
    expect(client.getServerCapabilities()?.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } });
    await expect(client.callTool({ name: 'count_in_background', arguments: { to: 2 } })).rejects.toThrow(/-32601.*runs only as a task/);
  });

  it('creates a task, works, asks halfway on the tasks/result stream (related-task), and completes', async () => {
    const { client, asked } = await connectV1({ action: 'accept', content: { goOn: true } });
    const seen = await runStream(client, 3);
    expect(seen[0]).toEqual({ type: 'taskCreated', status: 'working' });
    expect(seen.map((message) => message.status)).toContain('input_required');
    expect(seen.at(-1)).toEqual({ type: 'result', text: JSON.stringify([{ type: 'text', text: 'Counted to 3 in the background.' }]) });
    expect(asked).toEqual([
      expect.objectContaining({
        message: 'Counted 2 of 3. Go on counting to 3?',
        _meta: { 'io.modelcontextprotocol/related-task': { taskId: expect.any(String) } },
      }),
    ]);
  });

  it('stops where it is when the user unticks "go on"', async () => {
    const { client } = await connectV1({ action: 'accept', content: { goOn: false } });
    expect((await runStream(client, 4)).at(-1)?.text).toContain('Stopped at 2 of 4, as the user asked.');
  });

  it('fails past the counter, and tasks/result gives the JSON-RPC error', async () => {
    const { client } = await connectV1({ action: 'accept', content: { goOn: true } });
    expect((await runStream(client, 11)).at(-1)?.error).toMatch(/-32603.*The counter overflowed at 11/);
  });

  it('cancels: the task says cancelled, and cancelling it again is refused (-32602)', async () => {
    const { client } = await connectV1({ action: 'accept', content: { goOn: true } });
    const created = await client.experimental.tasks
      .callToolStream({ name: 'count_in_background', arguments: { to: 8 } }, undefined, { task: { ttl: 60_000 } })
      .next();
    const task = created.value?.type === 'taskCreated' ? created.value.task : undefined;
    expect(task?.status).toBe('working');
    expect(await client.experimental.tasks.cancelTask(task!.taskId)).toMatchObject({ status: 'cancelled' });
    expect(await client.experimental.tasks.getTask(task!.taskId)).toMatchObject({
      status: 'cancelled',
      statusMessage: 'The client cancelled the task (tasks/cancel).',
    });
    await expect(client.experimental.tasks.cancelTask(task!.taskId)).rejects.toThrow(/-32602.*already in terminal status 'cancelled'/);
  });
});

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } },
};

async function postModern(
  id: number,
  method: string,
  params: Record<string, unknown>,
  name?: string,
  meta: Record<string, unknown> = MODERN_META,
): Promise<JsonRpcMessage> {
  const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name === undefined ? {} : { 'mcp-name': name }) };
  const answer = await postMcp(`${server.url}/mcp/toolbox`, { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }, headers);
  const message = answer.messages.find((candidate) => candidate.id === id);
  if (!message) throw new Error(`No answer to ${method} (HTTP ${answer.status})`);
  return message;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('count_in_background in 2026-07-28 (the tasks extension), over raw HTTP', () => {
  it('answers resultType "task", then tasks/get, tasks/update and the inlined result', async () => {
    const created = await postModern(1, 'tools/call', { name: 'count_in_background', arguments: { to: 2 } }, 'count_in_background');
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 300_000, pollIntervalMs: 500 });
    expect(created.result).not.toHaveProperty('task');
    const taskId = String(created.result?.taskId);
    let detailed: JsonRpcMessage | undefined;
    for (let poll = 0; poll < 40; poll += 1) {
      await sleep(100);
      detailed = await postModern(2 + poll, 'tasks/get', { taskId }, taskId);
      if (detailed.result?.status === 'input_required') break;
    }
    expect(detailed?.result).toMatchObject({ resultType: 'complete', status: 'input_required', inputRequests: { 'ask-1': { method: 'elicitation/create' } } });
    expect(await postModern(50, 'tasks/update', { taskId, inputResponses: { 'ask-1': { action: 'accept', content: { goOn: true } } } }, taskId)).toMatchObject({
      result: { resultType: 'complete' },
    });
    for (let poll = 0; poll < 40 && detailed?.result?.status !== 'completed'; poll += 1) {
      await sleep(100);
      detailed = await postModern(60 + poll, 'tasks/get', { taskId }, taskId);
    }
    expect(detailed?.result).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'Counted to 2 in the background.' }] } });
  });

  it('refuses -32021 to a client that did not declare the extension, naming it', async () => {
    const undeclared = { ...MODERN_META, 'io.modelcontextprotocol/clientCapabilities': {} };
    const refused = await postModern(1, 'tools/call', { name: 'count_in_background', arguments: { to: 2 } }, 'count_in_background', undeclared);
    expect(refused.error).toMatchObject({ code: -32021 });
    expect(JSON.stringify(refused.error)).toContain('io.modelcontextprotocol/tasks');
    expect((await postModern(2, 'tasks/get', { taskId: 'any' }, 'any', undeclared)).error).toMatchObject({ code: -32021 });
  });

  it('acknowledges a cancel with an empty result; the next tasks/get says cancelled', async () => {
    const created = await postModern(1, 'tools/call', { name: 'count_in_background', arguments: { to: 8 } }, 'count_in_background');
    const taskId = String(created.result?.taskId);
    expect(await postModern(2, 'tasks/cancel', { taskId }, taskId)).toMatchObject({ result: { resultType: 'complete' } });
    expect((await postModern(3, 'tasks/get', { taskId }, taskId)).result).toMatchObject({ status: 'cancelled' });
    expect(await postModern(4, 'tasks/cancel', { taskId }, taskId)).toMatchObject({ result: { resultType: 'complete' } }); // idempotent
  });

  it('answers -32602 for a task it does not know, and -32020 when Mcp-Name disagrees with the taskId', async () => {
    expect((await postModern(1, 'tasks/get', { taskId: 'no-such-task' }, 'no-such-task')).error).toMatchObject({ code: -32602 });
    const mismatch = await postMcp(
      `${server.url}/mcp/toolbox`,
      { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId: 'a', _meta: MODERN_META } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tasks/get', 'mcp-name': 'b' },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.messages[0]?.error).toMatchObject({ code: -32020 });
  });
});
