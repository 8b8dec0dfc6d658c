import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import type { CreateMessageRequestParams, ElicitRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readTextBlocks, useToolboxClients } from '../helpers/toolbox-clients.ts';
import { ELICITATION_PAGE_PATH } from '../../server/mcp/tools/reach-back-tools.ts';

/**
 * The toolbox's tools that reach back (phrase_sum: sampling; ask_for_number and
 * sign_in_first: elicitation), with the official v2 client in both eras over real HTTP,
 * asserting on what crossed the wire: in 2025-11-25 the server's request on the call's
 * event stream and the client's answer in a POST of its own, in a session; in
 * 2026-07-28 an input_required result and the call sent again with inputResponses.
 */

const toolbox = useToolboxClients();

type Wire = { sent: unknown[]; received: string[]; sessionIds: (string | null)[]; reads: Promise<unknown>[] };

async function connect(
  mode: 'legacy' | { pin: '2026-07-28' },
  answer: { sampling?: (params: CreateMessageRequestParams) => unknown; elicit?: (params: ElicitRequestParams) => unknown },
): Promise<{ client: Client; wire: Wire }> {
  const wire: Wire = { sent: [], received: [], sessionIds: [], reads: [] };
  const recording = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (typeof init?.body === 'string') wire.sent.push(JSON.parse(init.body));
    const response = await fetch(url, init);
    wire.sessionIds.push(response.headers.get('mcp-session-id'));
    // Read beside the client, not before it: the call's stream stays open until the client has answered.
    if (init?.method === 'POST')
      wire.reads.push(
        response
          .clone()
          .text()
          .then(
            (text) => text && wire.received.push(text),
            () => {},
          ),
      );
    return response;
  };
  const { client } = await toolbox.connect({
    mode,
    name: 'reach-back-test',
    capabilities: { sampling: {}, elicitation: { form: {}, url: {} } },
    fetch: recording,
    prepare: (client) => {
      if (answer.sampling) client.setRequestHandler('sampling/createMessage', async (request) => answer.sampling!(request.params) as never);
      if (answer.elicit) client.setRequestHandler('elicitation/create', async (request) => answer.elicit!(request.params) as never);
    },
  });
  return { client, wire };
}

const texts = readTextBlocks;
const methodsSent = (wire: Wire) => wire.sent.map((message) => (typeof message === 'object' && message && 'method' in message ? message.method : 'answer'));

describe('2025-11-25: the server asks on the call’s stream, in a session', () => {
  it('phrase_sum sends sampling/createMessage and returns the model’s sentence', async () => {
    const asked: CreateMessageRequestParams[] = [];
    const { client, wire } = await connect('legacy', {
      sampling: (params) => {
        asked.push(params);
        return { role: 'assistant', content: { type: 'text', text: 'Five plus seven makes twelve.' }, model: 'test-model', stopReason: 'endTurn' };
      },
    });
    const result = await client.callTool({ name: 'phrase_sum', arguments: { a: 5, b: 7 } });
    expect(texts(result)).toEqual(['Five plus seven makes twelve.']);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.messages[0]!.content).toEqual({ type: 'text', text: 'Put this result into one short sentence for the user: 5 + 7 = 12.' });
    expect(asked[0]!.maxTokens).toBe(100);
    await Promise.all(wire.reads);
    // The request came on the tools/call stream; the answer went back in a POST of its own, in the session.
    expect(wire.received.some((text) => text.includes('"method":"sampling/createMessage"'))).toBe(true);
    expect(methodsSent(wire)).toEqual(['initialize', 'notifications/initialized', 'tools/call', 'answer']);
    expect(wire.sent[3]).toMatchObject({ jsonrpc: '2.0', result: { model: 'test-model' } });
    expect(wire.sessionIds[0]).toMatch(/.+/);
  });

  it('a declined sampling request reaches the tool as an error, and the call says so', async () => {
    const { client, wire } = await connect('legacy', {
      sampling: () => {
        throw new ProtocolError(-1, 'The user declined the sampling request');
      },
    });
    const outcome = await client.callTool({ name: 'phrase_sum', arguments: { a: 5, b: 7 } }).then(texts, (error: unknown) => [String(error)]);
    expect(outcome.join(' ')).toMatch(/declined/);
    expect(wire.sent[3]).toMatchObject({ error: { code: -1, message: 'The user declined the sampling request' } });
  });

  it('ask_for_number elicits a form; accept adds, decline and cancel say what happened', async () => {
    const schemas: unknown[] = [];
    for (const [reply, expected] of [
      [{ action: 'accept', content: { b: 7, confirm: true } }, 'Result: 12'],
      [{ action: 'decline' }, 'The user chose decline: nothing was added to 5. Ask again, or give both numbers.'],
      [{ action: 'cancel' }, 'The user chose cancel: nothing was added to 5. Ask again, or give both numbers.'],
    ] as const) {
      const { client } = await connect('legacy', { elicit: (params) => (schemas.push(params), reply) });
      expect(texts(await client.callTool({ name: 'ask_for_number', arguments: { a: 5 } }))).toEqual([expected]);
    }
    expect(schemas[0]).toMatchObject({ mode: 'form', message: 'What number should be added to 5?', requestedSchema: { required: ['b'] } });
  });

  it('sign_in_first sends the user to a page of the server (URL mode) that answers', async () => {
    let url = '';
    const { client } = await connect('legacy', { elicit: (params) => ((url = params.mode === 'url' ? params.url : ''), { action: 'accept' }) });
    expect(texts(await client.callTool({ name: 'sign_in_first', arguments: {} }))).toEqual([
      "The client answered accept: the user says they are done on the server's page. This teaching server asks nothing there, so it takes their word: signed in.",
    ]);
    expect(url).toBe(`${toolbox.url}${ELICITATION_PAGE_PATH}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('goes to the server alone');
  });

  it('a client that offers neither stays stateless, as before', async () => {
    const { client, transport } = await toolbox.connect({ mode: 'legacy', name: 'plain' });
    expect(transport.sessionId).toBeUndefined();
    const result = await client.callTool({ name: 'phrase_sum', arguments: { a: 5, b: 7 } });
    expect(result.isError).toBe(true);
  });
});

describe('2026-07-28: input_required, and the call again with inputResponses', () => {
  it('phrase_sum answers input_required with a sampling request, then the sentence', async () => {
    const { client, wire } = await connect(
      { pin: '2026-07-28' },
      {
        sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'Five plus seven makes twelve.' }, model: 'test-model' }),
      },
    );
    const result = await client.callTool({ name: 'phrase_sum', arguments: { a: 5, b: 7 } });
    expect(texts(result)).toEqual(['Five plus seven makes twelve.']);
    const calls = wire.sent.filter((message) => typeof message === 'object' && message && 'method' in message && message.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[0]).not.toHaveProperty('params.inputResponses');
    await Promise.all(wire.reads);
    expect(calls[1]).toMatchObject({ params: { name: 'phrase_sum', inputResponses: { phrasing: { role: 'assistant', model: 'test-model' } } } });
    const first = wire.received.find((text) => text.includes('input_required'));
    expect(first).toContain('"method":"sampling/createMessage"');
  });

  it('ask_for_number and sign_in_first ride the same round trip', async () => {
    const { client, wire } = await connect(
      { pin: '2026-07-28' },
      {
        elicit: (params) => (params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: { b: 30, confirm: true } }),
      },
    );
    expect(texts(await client.callTool({ name: 'ask_for_number', arguments: { a: 12 } }))).toEqual(['Result: 42']);
    expect(texts(await client.callTool({ name: 'sign_in_first', arguments: {} }))).toEqual([
      "The client answered accept: the user says they are done on the server's page. This teaching server asks nothing there, so it takes their word: signed in.",
    ]);
    await Promise.all(wire.reads);
    expect(wire.received.some((text) => text.includes('"mode":"url"') || text.includes(ELICITATION_PAGE_PATH))).toBe(true);
  });
});

const ProgressNotificationSchema = z.object({
  method: z.literal('notifications/progress'),
  params: z.object({ progressToken: z.union([z.string(), z.number()]), progress: z.number(), total: z.number().optional() }),
});

/** Every notifications/progress that crossed the wire, from the SSE data lines of every answer (a priming event's data is empty). */
function readProgress(wire: Wire): z.infer<typeof ProgressNotificationSchema>['params'][] {
  return wire.received.flatMap((text) =>
    text.split('\n').flatMap((line) => {
      const data = line.startsWith('data: ') ? line.slice('data: '.length) : '';
      if (!data) return [];
      const parsed = ProgressNotificationSchema.safeParse(JSON.parse(data));
      return parsed.success ? [parsed.data.params] : [];
    }),
  );
}

describe('progress across the rerun after the client’s answer (the spec: it MUST increase, per token; and its total never changes)', () => {
  for (const mode of ['legacy', { pin: '2026-07-28' }] as const) {
    it(`${typeof mode === 'string' ? '2025-11-25' : '2026-07-28'}: phrase_sum's and ask_for_number's progress only goes up for each token`, async () => {
      const { client, wire } = await connect(mode, {
        sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'Five plus seven makes twelve.' }, model: 'test-model' }),
        elicit: () => ({ action: 'accept', content: { b: 7, confirm: true } }),
      });
      await client.callTool({ name: 'phrase_sum', arguments: { a: 5, b: 7 } }, { onprogress: () => {} });
      await client.callTool({ name: 'ask_for_number', arguments: { a: 5 } }, { onprogress: () => {} });
      await Promise.all(wire.reads);
      const progress = readProgress(wire);
      // Lookup, validation and execution for each run of each tool: four runs, twelve reports.
      expect(progress).toHaveLength(12);
      const byToken = new Map<string | number, typeof progress>();
      for (const params of progress) byToken.set(params.progressToken, [...(byToken.get(params.progressToken) ?? []), params]);
      expect(byToken.size).toBe(typeof mode === 'string' ? 2 : 4);
      for (const reports of byToken.values()) {
        const values = reports.map((params) => params.progress);
        expect(values).toEqual([...values].sort((left, right) => left - right));
        expect(new Set(values).size).toBe(values.length);
        for (const params of reports) if (params.total !== undefined) expect(params.progress).toBeLessThanOrEqual(params.total);
        // A bar never jumps back: once a total is given it stays, so 3/3 then 4/6 (a full bar, then two thirds) fails.
        const firstTotal = reports.findIndex((params) => params.total !== undefined);
        if (firstTotal >= 0)
          expect(reports.slice(firstTotal).map((params) => params.total)).toEqual(reports.slice(firstTotal).map(() => reports[firstTotal]!.total));
        // And the last report fills it: the answer is the whole count.
        expect(reports.at(-1)!.total).toBe(reports.at(-1)!.progress);
      }
      if (typeof mode === 'string')
        expect(
          byToken
            .values()
            .next()
            .value!.map((params) => params.progress),
        ).toEqual([1, 2, 3, 4, 5, 6]);
    });
  }
});
