import { describe, expect, it } from 'vitest';
import { SERVER_STAGE_META_KEY } from '../trace/server-report.ts';
import {
  classifyBridgeEvent,
  classifyHttpAnswer,
  classifyIncoming,
  classifyOutgoing,
  findResumableEventId,
  isBrokenAnswer,
  parseJsonBody,
  readJsonRpcMessage,
} from './classify-mcp-message.ts';

const request = (method: string, id = 1) => ({ jsonrpc: '2.0' as const, id, method, params: {} });
const notification = (method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0' as const, method, params });

describe('readJsonRpcMessage', () => {
  it.each([
    ['a request', request('tools/call')],
    ['a notification', notification('notifications/initialized')],
    ['a result', { jsonrpc: '2.0', id: 1, result: { tools: [] } }],
    ['an error', { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } }],
  ])('reads %s, as it came', (_label, value) => {
    expect(readJsonRpcMessage(value)).toBe(value);
  });

  it.each([
    ['no jsonrpc member', { id: 1, result: {} }],
    ['an error without its message', { jsonrpc: '2.0', id: 1, error: { code: -32602 } }],
    ['a result that is not an object', { jsonrpc: '2.0', id: 1, result: 5 }],
    ['an array', [request('ping')]],
    ['text', 'initialize'],
    ['nothing', undefined],
  ])('is not fooled by %s', (_label, value) => {
    expect(readJsonRpcMessage(value)).toBeUndefined();
  });
});

describe('parseJsonBody', () => {
  it('parses JSON, and gives nothing for an empty body or one that is not JSON', () => {
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonBody('  ')).toBeUndefined();
    expect(parseJsonBody(undefined)).toBeUndefined();
    expect(parseJsonBody('{"a":')).toBeUndefined();
  });
});

describe('classifyOutgoing', () => {
  it.each([
    ['initialize', 'mcp.initialize.request'],
    ['notifications/initialized', 'mcp.initialized.notification'],
    ['server/discover', 'mcp.discover.request'],
    ['tools/list', 'mcp.tools-list.request'],
    ['tools/call', 'mcp.tools-call.request'],
    ['ping', 'mcp.request'],
  ])('a POST of %s is the step %s', (method, stepId) => {
    expect(classifyOutgoing({ httpMethod: 'POST', message: request(method) })).toBe(stepId);
  });

  it('a GET opens the stream and a DELETE ends the session, whatever the body', () => {
    expect(classifyOutgoing({ httpMethod: 'GET', message: undefined })).toBe('mcp.stream.open');
    expect(classifyOutgoing({ httpMethod: 'GET', message: undefined, lastEventId: '8' })).toBe('mcp.stream.resume');
    expect(classifyOutgoing({ httpMethod: 'DELETE', message: request('tools/call') })).toBe('mcp.session.delete');
  });

  it('a POST of the client answering the server is that answer; one of no message at all is a plain request', () => {
    expect(classifyOutgoing({ httpMethod: 'POST', message: { jsonrpc: '2.0', id: 7, result: {} } })).toBe('mcp.server-request.answer');
    expect(classifyOutgoing({ httpMethod: 'POST', message: { jsonrpc: '2.0', id: 7, error: { code: -1, message: 'declined' } } })).toBe(
      'mcp.server-request.answer',
    );
    expect(classifyOutgoing({ httpMethod: 'POST', message: undefined })).toBe('mcp.request');
  });
});

describe('classifyIncoming', () => {
  it('places an answer by the request it answers', () => {
    const result = { jsonrpc: '2.0' as const, id: 3, result: {} };
    expect(classifyIncoming({ message: result, answers: 'mcp.tools-call.request' })).toBe('mcp.tools-call.response');
    expect(classifyIncoming({ message: result, answers: 'mcp.initialize.request' })).toBe('mcp.initialize.response');
    expect(classifyIncoming({ message: { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'no' } }, answers: 'mcp.tools-list.request' })).toBe(
      'mcp.tools-list.response',
    );
  });

  it('an answer to a request it does not know, or to one without a response step of its own, is a plain response', () => {
    const result = { jsonrpc: '2.0' as const, id: 3, result: {} };
    expect(classifyIncoming({ message: result, answers: undefined })).toBe('mcp.response');
    expect(classifyIncoming({ message: result, answers: 'mcp.initialized.notification' })).toBe('mcp.response');
  });

  it('an error without an id answers nothing', () => {
    expect(classifyIncoming({ message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }, answers: undefined })).toBeUndefined();
  });

  it('progress is a stage of the server when its _meta names one, plain progress otherwise', () => {
    const staged = notification('notifications/progress', {
      progressToken: 1,
      progress: 1,
      _meta: { [SERVER_STAGE_META_KEY]: { stage: 'validate-arguments' } },
    });
    expect(classifyIncoming({ message: staged, answers: undefined })).toBe('server.validate-arguments');
    expect(classifyIncoming({ message: notification('notifications/progress', { progressToken: 1, progress: 2 }), answers: undefined })).toBe(
      'server.progress',
    );
  });

  it('any other notification is a notification step; a request of the server (it has an id) is the server asking', () => {
    expect(classifyIncoming({ message: notification('notifications/message', { level: 'info', data: 'x' }), answers: undefined })).toBe('mcp.notification');
    expect(classifyIncoming({ message: request('ping', 9), answers: 'mcp.tools-call.request' })).toBe('mcp.server-request');
    expect(classifyIncoming({ message: request('sampling/createMessage', 0), answers: 'mcp.tools-call.request' })).toBe('mcp.server-request');
  });

  it('a 2026-07-28 input_required result is its own step, not the tool result', () => {
    const message = { jsonrpc: '2.0' as const, id: 4, result: { resultType: 'input_required', inputRequests: {} } };
    expect(classifyIncoming({ message, answers: 'mcp.tools-call.request' })).toBe('mcp.input-required');
  });
});

describe('classifyHttpAnswer', () => {
  it('a 404 to a request with a session id is an expired session, for every HTTP method', () => {
    for (const httpMethod of ['POST', 'GET', 'DELETE']) {
      expect(classifyHttpAnswer({ httpMethod, status: 404, sentSessionId: true })).toBe('session-expired');
    }
  });

  it('a 404 without a session id is an answer like any other', () => {
    expect(classifyHttpAnswer({ httpMethod: 'POST', status: 404, sentSessionId: false })).toBe('messages');
  });

  it('a GET or a DELETE has only its status to tell; a POST carries messages', () => {
    expect(classifyHttpAnswer({ httpMethod: 'GET', status: 405, sentSessionId: false })).toBe('stream-status');
    expect(classifyHttpAnswer({ httpMethod: 'DELETE', status: 200, sentSessionId: true })).toBe('stream-status');
    expect(classifyHttpAnswer({ httpMethod: 'POST', status: 200, sentSessionId: true })).toBe('messages');
  });
});

describe('isBrokenAnswer', () => {
  it('is only an event stream to a POST that ended before its answer', () => {
    expect(isBrokenAnswer({ httpMethod: 'POST', eventStream: true, answered: false })).toBe(true);
    expect(isBrokenAnswer({ httpMethod: 'POST', eventStream: true, answered: true })).toBe(false);
    expect(isBrokenAnswer({ httpMethod: 'POST', eventStream: false, answered: false })).toBe(false);
    expect(isBrokenAnswer({ httpMethod: 'GET', eventStream: true, answered: false })).toBe(false);
  });
});

describe('classifyBridgeEvent', () => {
  const frame = (kind: string) => JSON.stringify({ kind, line: '{"jsonrpc":"2.0","id":1,"method":"ping"}', server: 'everything', at: 12 });

  it.each([
    ['stdin', 'bridge.stdio.write'],
    ['stdout', 'bridge.stdio.read'],
    ['stderr', 'bridge.stderr'],
    ['exit', 'bridge.exit'],
  ])('names a %s frame %s', (kind, stepId) => {
    expect(classifyBridgeEvent({ event: 'bridge', data: frame(kind) })).toMatchObject({ stepId, frame: { kind, server: 'everything', at: 12 } });
  });

  it('reads only the bridge event, and only a frame of its shape', () => {
    expect(classifyBridgeEvent({ event: undefined, data: frame('stdin') })).toBeUndefined();
    expect(classifyBridgeEvent({ event: 'message', data: frame('stdin') })).toBeUndefined();
    expect(classifyBridgeEvent({ event: 'bridge', data: '{"kind":"shell","line":"x","server":"a","at":1}' })).toBeUndefined();
    expect(classifyBridgeEvent({ event: 'bridge', data: 'not json' })).toBeUndefined();
  });
});

describe('findResumableEventId', () => {
  it('is the id of the last event that had one, so the client can ask for what followed', () => {
    expect(findResumableEventId({ frames: [{ id: '1' }, { id: '2' }, {}], stopped: false })).toBe('2');
  });
  it('is undefined when no event had an id, or when the recorder stopped the stream itself', () => {
    expect(findResumableEventId({ frames: [{}, { id: '' }], stopped: false })).toBeUndefined();
    expect(findResumableEventId({ frames: [{ id: '4' }], stopped: true })).toBeUndefined();
    expect(findResumableEventId({ frames: undefined, stopped: false })).toBeUndefined();
  });
});

describe('classifyIncoming: tasks and subscriptions', () => {
  const task = { taskId: 't-1', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z' };

  it('a tools/call answered with a task, in either era, is the task created; a plain result is not', () => {
    expect(
      classifyIncoming({
        message: { jsonrpc: '2.0', id: 1, result: { resultType: 'task', ...task, status: 'working', ttlMs: 1 } },
        answers: 'mcp.tools-call.request',
      }),
    ).toBe('mcp.task.created');
    expect(
      classifyIncoming({ message: { jsonrpc: '2.0', id: 1, result: { task: { ...task, status: 'working', ttl: 1 } } }, answers: 'mcp.tools-call.request' }),
    ).toBe('mcp.task.created');
    // A tool result that happens to carry a "task" field beside its content is still a result.
    expect(classifyIncoming({ message: { jsonrpc: '2.0', id: 1, result: { content: [], task: {} } }, answers: 'mcp.tools-call.request' })).toBe(
      'mcp.tools-call.response',
    );
  });

  it.each([
    ['working', 'mcp.task.working'],
    ['input_required', 'mcp.task.input-required'],
    ['completed', 'mcp.task.completed'],
    ['failed', 'mcp.task.failed'],
    ['cancelled', 'mcp.task.cancelled'],
  ] as const)('a task in status %s, from tasks/get, tasks/cancel or a status notification, is %s', (status, stepId) => {
    expect(classifyIncoming({ message: { jsonrpc: '2.0', id: 2, result: { ...task, status } }, answers: 'mcp.tasks-get.request' })).toBe(stepId);
    expect(classifyIncoming({ message: { jsonrpc: '2.0', id: 3, result: { ...task, status } }, answers: 'mcp.tasks-cancel.request' })).toBe(stepId);
    expect(classifyIncoming({ message: notification('notifications/tasks/status', { ...task, status }), answers: undefined })).toBe(stepId);
    expect(classifyIncoming({ message: notification('notifications/tasks', { ...task, status }), answers: undefined })).toBe(stepId);
  });

  it('an unknown status is no task step; the acknowledgements are their own steps', () => {
    expect(classifyIncoming({ message: { jsonrpc: '2.0', id: 2, result: { ...task, status: 'sleeping' } }, answers: 'mcp.tasks-get.request' })).toBe(
      'mcp.response',
    );
    expect(classifyIncoming({ message: { jsonrpc: '2.0', id: 3, result: { resultType: 'complete' } }, answers: 'mcp.tasks-cancel.request' })).toBe(
      'mcp.tasks-cancel.response',
    );
    expect(classifyIncoming({ message: { jsonrpc: '2.0', id: 4, result: {} }, answers: 'mcp.tasks-update.request' })).toBe('mcp.tasks-update.response');
    expect(classifyIncoming({ message: { jsonrpc: '2.0', id: 5, result: { content: [] } }, answers: 'mcp.tasks-result.request' })).toBe(
      'mcp.tasks-result.response',
    );
    expect(
      classifyIncoming({
        message: notification('notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true } }),
        answers: undefined,
      }),
    ).toBe('mcp.subscriptions.acknowledged');
  });

  it.each([
    ['tasks/get', 'mcp.tasks-get.request'],
    ['tasks/result', 'mcp.tasks-result.request'],
    ['tasks/update', 'mcp.tasks-update.request'],
    ['tasks/cancel', 'mcp.tasks-cancel.request'],
    ['subscriptions/listen', 'mcp.subscriptions-listen.request'],
  ])('a POST of %s is the step %s', (method, stepId) => {
    expect(classifyOutgoing({ httpMethod: 'POST', message: request(method) })).toBe(stepId);
  });
});
