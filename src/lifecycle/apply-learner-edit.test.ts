import { describe, expect, it } from 'vitest';
import { applyLearnerEdit } from './apply-learner-edit.ts';

const sent = { jsonrpc: '2.0' as const, id: 4, method: 'tools/call', params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } };

describe('applyLearnerEdit', () => {
  it('sends the edit, with the id and method the client wrote', () => {
    const edit = { jsonrpc: '2.0', id: 99, method: 'tools/list', params: { name: 'add_numbers', arguments: { a: 50, b: 7 } } };
    expect(applyLearnerEdit({ message: sent, edit })).toEqual({ ...edit, id: 4, method: 'tools/call' });
  });

  it('puts back an id or a method the learner removed', () => {
    expect(applyLearnerEdit({ message: sent, edit: { jsonrpc: '2.0', params: {} } })).toEqual({ jsonrpc: '2.0', params: {}, id: 4, method: 'tools/call' });
  });

  it('adds no id to a notification', () => {
    const edited = applyLearnerEdit({ message: { jsonrpc: '2.0', method: 'notifications/initialized' }, edit: { jsonrpc: '2.0' } });
    expect(edited).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
  });

  it.each([
    ['no edit', undefined],
    ['an array', [sent]],
    ['text', 'tools/call'],
    ['null', null],
  ])('sends the message as the client wrote it when the edit is %s', (_label, edit) => {
    expect(applyLearnerEdit({ message: sent, edit })).toBeUndefined();
  });
});
