import { describe, expect, it } from 'vitest';
import { decideAnyToolReply } from './decide-any-tool-reply.ts';
import type { MockTool, MockToolExchange } from './mock-reply.ts';

const units = { type: 'string', enum: ['meters', 'kilometers', 'miles', 'feet'] };
const convertUnits: MockTool = {
  name: 'convert_units',
  description: 'Converts a length from one unit to another',
  parameters: { type: 'object', properties: { value: { type: 'number' }, from: units, to: units }, required: ['value', 'from', 'to'] },
};
const drawBarChart: MockTool = {
  name: 'draw_bar_chart',
  description: 'Draws a bar chart as a PNG image',
  parameters: { type: 'object', properties: { values: { type: 'array', items: { type: 'number' } }, title: { type: 'string' } }, required: ['values'] },
};
const countSlowly: MockTool = {
  name: 'count_slowly',
  description: 'Counts from 1 to a number, reporting progress',
  parameters: { type: 'object', properties: { to: { type: 'integer' } }, required: ['to'] },
};
const mathPower: MockTool = {
  name: 'math_power',
  description: 'Raises a base to an exponent',
  parameters: { type: 'object', properties: { base: { type: 'number' }, exponent: { type: 'number' } }, required: ['base', 'exponent'] },
};
const echo: MockTool = {
  name: 'echo',
  description: 'Returns the message',
  parameters: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};
const tools = [convertUnits, drawBarChart, countSlowly, mathPower, echo];

function answer(name: string, argumentsGiven: unknown, output: string, isError = false): MockToolExchange[] {
  return [{ name, arguments: argumentsGiven, output, isError }];
}

describe('decideAnyToolReply', () => {
  describe('the examples: a call, then the result in words', () => {
    it.each([
      [
        'Convert 5 kilometers to miles',
        'convert_units',
        { value: 5, from: 'kilometers', to: 'miles' },
        '3.11 miles',
        'The convert_units tool says: 3.11 miles.',
      ],
      ['Draw a bar chart of 3, 1 and 4', 'draw_bar_chart', { values: [3, 1, 4] }, '[image]', 'The draw_bar_chart tool returned an image and no text.'],
      ['Count slowly to 5', 'count_slowly', { to: 5 }, 'Counted to 5.', 'The count_slowly tool says: Counted to 5.'],
      ['What is 2 to the power of 10?', 'math_power', { base: 2, exponent: 10 }, '1024', 'The math_power tool says: 1024.'],
      ['Echo "hello world"', 'echo', { message: 'hello world' }, 'hello world', 'The echo tool says: hello world.'],
    ])('%j calls %s, then says what it answered', (question, name, expected, output, sentence) => {
      const call = decideAnyToolReply({ question, tools, exchanges: [] });
      expect(call).toMatchObject({ type: 'tool-calls', calls: [{ name, arguments: expected }] });
      expect(call?.type === 'tool-calls' && call.calls).toHaveLength(1);
      expect(decideAnyToolReply({ question, tools, exchanges: answer(name, expected, output) })).toMatchObject({ type: 'text', text: sentence });
    });

    it('says in its reasoning which words fit and which arguments it wrote', () => {
      const reply = decideAnyToolReply({ question: 'Convert 5 kilometers to miles', tools, exchanges: [] });
      expect(reply?.reasoning).toContain('"convert" (in its name)');
      expect(reply?.reasoning).toContain('convert_units({"value":5,"from":"kilometers","to":"miles"})');
    });

    it('says in its reasoning when an enum value was not in the question', () => {
      const reply = decideAnyToolReply({ question: 'Convert 5 kilometers', tools, exchanges: [] });
      expect(reply).toMatchObject({ type: 'tool-calls', calls: [{ arguments: { value: 5, from: 'kilometers', to: 'meters' } }] });
      expect(reply?.reasoning).toContain('so to is the first, "meters"');
    });

    it('reads structured content that came back as JSON text', () => {
      const reply = decideAnyToolReply({
        question: 'Convert 5 kilometers to miles',
        tools,
        exchanges: answer('convert_units', {}, '{"value":3.10685596119,"unit":"miles"}'),
      });
      expect(reply).toMatchObject({ type: 'text', text: 'The convert_units tool says: 3.11 miles.' });
    });
  });

  describe('errors', () => {
    it('reports a tool error honestly, without calling again', () => {
      const reply = decideAnyToolReply({
        question: 'Count slowly to 5',
        tools,
        exchanges: answer('count_slowly', { to: 5 }, 'Error (isError: true): too slow', true),
      });
      expect(reply).toMatchObject({ type: 'text', text: 'The count_slowly tool reported an error, so I cannot give the result: too slow' });
    });

    it('answers in words when a required argument is not in the question', () => {
      const reply = decideAnyToolReply({ question: 'Count slowly', tools, exchanges: [] });
      expect(reply).toMatchObject({
        type: 'text',
        text: 'The count_slowly tool fits the question, but it needs a number for to, and the question gives none.',
      });
    });
  });

  describe('no tool fits', () => {
    it.each(['Hello', 'What is the weather in Paris?'])('gives no reply for %j, so the caller answers in words', (question) => {
      expect(decideAnyToolReply({ question, tools, exchanges: [] })).toBeUndefined();
    });
  });
});
