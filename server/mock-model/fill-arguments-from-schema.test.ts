import { describe, expect, it } from 'vitest';
import { fillArgumentsFromSchema } from './fill-arguments-from-schema.ts';

const units = { type: 'string', enum: ['meters', 'kilometers', 'miles', 'feet'] };
const convertUnits = { type: 'object', properties: { value: { type: 'number' }, from: units, to: units }, required: ['value', 'from', 'to'] };

function fill(schema: unknown, question: string, toolName = 'some_tool') {
  return fillArgumentsFromSchema({ schema, question, toolName });
}

describe('fillArgumentsFromSchema', () => {
  describe('numbers and integers', () => {
    it('fills numeric properties with the numbers of the question, in property order', () => {
      const schema = { type: 'object', properties: { base: { type: 'number' }, exponent: { type: 'number' } }, required: ['base', 'exponent'] };
      expect(fill(schema, 'What is 2 to the power of 10?', 'math_power')).toEqual({ ok: true, arguments: { base: 2, exponent: 10 }, notes: [] });
    });

    it('reads numbers written as words, negatives and decimals', () => {
      const schema = { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' }, z: { type: 'number' } }, required: ['x', 'y', 'z'] };
      expect(fill(schema, 'Use five, -2 and 3.5')).toMatchObject({ arguments: { x: 5, y: -2, z: 3.5 } });
    });

    it('fills an integer, and rounds a decimal with a note', () => {
      const schema = { type: 'object', properties: { to: { type: 'integer' } }, required: ['to'] };
      expect(fill(schema, 'Count slowly to 5', 'count_slowly')).toEqual({ ok: true, arguments: { to: 5 }, notes: [] });
      const rounded = fill(schema, 'Count slowly to 4.6', 'count_slowly');
      expect(rounded).toMatchObject({ ok: true, arguments: { to: 5 } });
      expect(rounded.ok && rounded.notes[0]).toContain('rounded');
    });

    it('takes a required number from the default when the question has none, and says what is missing otherwise', () => {
      expect(fill({ type: 'object', properties: { n: { type: 'number', default: 3 } }, required: ['n'] }, 'Count')).toMatchObject({ arguments: { n: 3 } });
      expect(fill({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }, 'Count')).toEqual({ ok: false, missing: 'a number for n' });
    });

    it('fills an optional number only when a number is left', () => {
      const schema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a'] };
      expect(fill(schema, 'Take 4')).toMatchObject({ arguments: { a: 4 } });
      expect(fill(schema, 'Take 4 and 9')).toMatchObject({ arguments: { a: 4, b: 9 } });
    });

    it('does not take numbers inside quoted text', () => {
      const schema = { type: 'object', properties: { text: { type: 'string' }, times: { type: 'integer' } }, required: ['text', 'times'] };
      expect(fill(schema, 'Repeat "3 cats" 2 times')).toMatchObject({ arguments: { text: '3 cats', times: 2 } });
    });
  });

  describe('arrays', () => {
    it('fills an array of numbers with every number of the question', () => {
      const schema = { type: 'object', properties: { values: { type: 'array', items: { type: 'number' } }, title: { type: 'string' } }, required: ['values'] };
      expect(fill(schema, 'Draw a bar chart of 3, 1 and 4', 'draw_bar_chart')).toEqual({ ok: true, arguments: { values: [3, 1, 4] }, notes: [] });
    });

    it('fills the optional title only when the question quotes one', () => {
      const schema = { type: 'object', properties: { values: { type: 'array', items: { type: 'number' } }, title: { type: 'string' } }, required: ['values'] };
      expect(fill(schema, 'Draw a bar chart of 3, 1 and 4 titled "Scores"', 'draw_bar_chart')).toMatchObject({
        arguments: { values: [3, 1, 4], title: 'Scores' },
      });
    });

    it('fills an array of strings with the quoted parts, or the list after the verb', () => {
      const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } }, required: ['tags'] };
      expect(fill(schema, 'Tag it "red" and "blue"', 'tag')).toMatchObject({ arguments: { tags: ['red', 'blue'] } });
      expect(fill(schema, 'Tag red, green and blue', 'tag')).toMatchObject({ arguments: { tags: ['red', 'green', 'blue'] } });
    });

    it('says what is missing when a required array of numbers finds none', () => {
      const schema = { type: 'object', properties: { values: { type: 'array', items: { type: 'number' } } }, required: ['values'] };
      expect(fill(schema, 'Draw a bar chart')).toEqual({ ok: false, missing: 'numbers for values' });
    });
  });

  describe('enums', () => {
    it('takes the values the question names, in the order it names them', () => {
      expect(fill(convertUnits, 'Convert 5 kilometers to miles', 'convert_units')).toEqual({
        ok: true,
        arguments: { value: 5, from: 'kilometers', to: 'miles' },
        notes: [],
      });
      expect(fill(convertUnits, 'Convert 5 miles to kilometers', 'convert_units')).toMatchObject({ arguments: { from: 'miles', to: 'kilometers' } });
    });

    it('matches singular and plural, and whole words only ("meters" is not in "kilometers")', () => {
      expect(fill(convertUnits, 'Convert 1 kilometer to feet', 'convert_units')).toMatchObject({ arguments: { value: 1, from: 'kilometers', to: 'feet' } });
    });

    it('takes the first value when the question names none, and says so', () => {
      const result = fill(convertUnits, 'Convert 5 kilometers', 'convert_units');
      expect(result).toMatchObject({ ok: true, arguments: { value: 5, from: 'kilometers', to: 'meters' } });
      expect(result.ok && result.notes).toEqual([expect.stringContaining('so to is the first, "meters"')]);
    });

    it('prefers the default to the first value', () => {
      const schema = { type: 'object', properties: { unit: { ...units, default: 'miles' } }, required: ['unit'] };
      expect(fill(schema, 'Convert')).toMatchObject({ arguments: { unit: 'miles' } });
    });

    it('leaves an optional enum out when the question names none of its values', () => {
      const schema = { type: 'object', properties: { unit: units } };
      expect(fill(schema, 'Convert')).toEqual({ ok: true, arguments: {}, notes: [] });
    });

    it('reads a numeric enum from the numbers of the question', () => {
      const schema = { type: 'object', properties: { level: { type: 'integer', enum: [1, 2, 3] } }, required: ['level'] };
      expect(fill(schema, 'Zoom to level 2')).toMatchObject({ arguments: { level: 2 } });
    });
  });

  describe('booleans', () => {
    const schema = { type: 'object', properties: { to: { type: 'integer' }, verbose: { type: 'boolean' } }, required: ['to', 'verbose'] };

    it('is true when the question says the property name', () => {
      expect(fill(schema, 'Count to 3, verbose')).toMatchObject({ arguments: { to: 3, verbose: true } });
    });

    it('is true when the question says yes, true or on', () => {
      expect(fill(schema, 'Count to 3 with logging on')).toMatchObject({ arguments: { verbose: true } });
    });

    it('is false otherwise, or the default when there is one', () => {
      expect(fill(schema, 'Count to 3')).toMatchObject({ arguments: { verbose: false } });
      const withDefault = { ...schema, properties: { ...schema.properties, verbose: { type: 'boolean', default: true } } };
      expect(fill(withDefault, 'Count to 3')).toMatchObject({ arguments: { verbose: true } });
    });

    it('fills an optional boolean only when the question names it', () => {
      const optional = { type: 'object', properties: { loud: { type: 'boolean' } } };
      expect(fill(optional, 'Say it')).toMatchObject({ arguments: {} });
      expect(fill(optional, 'Say it loud')).toMatchObject({ arguments: { loud: true } });
    });
  });

  describe('strings', () => {
    const echo = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };

    it('takes a quoted part of the question, in straight or curly quotes', () => {
      expect(fill(echo, 'Echo "hello world"', 'echo')).toEqual({ ok: true, arguments: { message: 'hello world' }, notes: [] });
      expect(fill(echo, 'Echo “hello world”', 'echo')).toMatchObject({ arguments: { message: 'hello world' } });
      expect(fill(echo, "Echo 'hello world'", 'echo')).toMatchObject({ arguments: { message: 'hello world' } });
    });

    it("takes the words after the tool's verb when nothing is quoted", () => {
      expect(fill(echo, 'Echo hello world', 'echo')).toMatchObject({ arguments: { message: 'hello world' } });
      expect(fill(echo, 'Please echo back: good morning!', 'echo')).toMatchObject({ arguments: { message: 'good morning' } });
    });

    it("takes the words before the tool's name when the name ends the request, and leaves out a label naming the property", () => {
      expect(fill(echo, 'Say hello world using the echo tool', 'echo')).toMatchObject({ arguments: { message: 'hello world' } });
      expect(fill(echo, 'Repeat good night with the echo tool.', 'echo')).toMatchObject({ arguments: { message: 'Repeat good night' } });
      expect(fill(echo, 'Please echo back the message: hello world', 'echo')).toMatchObject({ arguments: { message: 'hello world' } });
      // A label that is no property of the tool is part of the text.
      expect(fill(echo, 'Echo note: hello', 'echo')).toMatchObject({ arguments: { message: 'note: hello' } });
    });

    it("takes the whole question, without its end mark, when no word of the tool's name is in it", () => {
      expect(fill(echo, 'Shout good morning?', 'echo')).toMatchObject({ arguments: { message: 'Shout good morning' } });
    });

    it('keeps an apostrophe as part of the text, not as a quote', () => {
      expect(fill(echo, "Echo what's up", 'echo')).toMatchObject({ arguments: { message: "what's up" } });
    });

    it('fills an optional string only from a quote', () => {
      const schema = { type: 'object', properties: { note: { type: 'string' } } };
      expect(fill(schema, 'Note this')).toMatchObject({ arguments: {} });
    });
  });

  describe('arguments written out as JSON', () => {
    const headers = {
      type: 'object',
      properties: { region: { type: 'string' }, priority: { type: 'integer' }, verbose: { type: ['boolean', 'null'] } },
      required: ['region', 'priority'],
    };

    it('takes them as written when every key is a property of the tool, spaces, escapes and nulls included', () => {
      const written = { region: ' us-west1\n', priority: 42, verbose: null };
      expect(fill(headers, `Call test_custom_headers with ${JSON.stringify(written)}`, 'test_custom_headers')).toEqual({
        ok: true,
        arguments: written,
        notes: ['the question writes the arguments out as JSON, so they are taken as written'],
      });
    });

    it('reads JSON with another key, or that does not parse, as text', () => {
      expect(fill(headers, 'Call it with {"region": "eu", "colour": "red"} and priority 3', 'call')).toMatchObject({ arguments: { priority: 3 } });
      expect(fill(headers, 'Call it with {"region": "eu", priority 3', 'call')).toMatchObject({ ok: true, arguments: { priority: 3 } });
    });
  });

  describe('nested objects and schema forms', () => {
    it("fills a nested object's required properties only", () => {
      const schema = {
        type: 'object',
        properties: {
          point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' }, label: { type: 'string' } }, required: ['x', 'y'] },
        },
        required: ['point'],
      };
      expect(fill(schema, 'Plot 3 and 4', 'plot')).toEqual({ ok: true, arguments: { point: { x: 3, y: 4 } }, notes: [] });
    });

    it('reads nullable types, anyOf branches and const', () => {
      const schema = {
        type: 'object',
        properties: { a: { type: ['number', 'null'] }, b: { anyOf: [{ type: 'null' }, { type: 'integer' }] }, kind: { const: 'sum' } },
        required: ['a', 'b', 'kind'],
      };
      expect(fill(schema, 'Use 1.5 and 2')).toMatchObject({ arguments: { a: 1.5, b: 2, kind: 'sum' } });
    });

    it('writes null, as a model held to strict mode does, for a required property that may be null and that the question gives no value', () => {
      const schema = {
        type: 'object',
        properties: {
          a: { type: ['number', 'null'] },
          flag: { type: ['boolean', 'null'] },
          unit: { type: ['string', 'null'], enum: ['m', 'km', null] },
          filter: {
            anyOf: [
              { type: 'object', properties: { since: { type: ['string', 'null'] } }, required: ['since'], additionalProperties: false },
              { type: 'null' },
            ],
          },
        },
        required: ['a', 'flag', 'unit', 'filter'],
      };
      const filled = fill(schema, 'Use 2 in km');
      expect(filled).toMatchObject({ ok: true, arguments: { a: 2, flag: null, unit: 'km', filter: null } });
      expect(filled.ok && filled.notes).toContain('the question gives flag no value and it may be null, so it is null');
      // A property with no rule at all is no nullable one: it is filled as before.
      expect(fill({ type: 'object', properties: { anything: {} }, required: ['anything'] }, 'Echo hi', 'echo')).toMatchObject({
        arguments: { anything: 'hi' },
      });
    });

    it('follows local $refs, as pydantic writes nested models, and fills a tuple position by position', () => {
      const schema = {
        $defs: { Item: { type: 'object', properties: { name: { type: 'string' }, quantity: { type: 'integer' } }, required: ['name', 'quantity'] } },
        type: 'object',
        properties: {
          items: { type: 'array', items: { $ref: '#/$defs/Item' } },
          point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] },
        },
        required: ['items', 'point'],
      };
      expect(fill(schema, 'Add 2 "apples" at 3 and 4', 'add')).toMatchObject({
        ok: true,
        arguments: { items: [{ name: 'apples', quantity: 2 }], point: [3, 4] },
      });
    });

    it('stops at required objects that refer back to themselves, saying what is missing', () => {
      const schema = { type: 'object', properties: { child: { $ref: '#' } }, required: ['child'] };
      expect(fill(schema, 'Grow')).toMatchObject({ ok: false, missing: expect.stringContaining('nest deeper than 16 levels') });
    });

    it('fills nothing for a tool without parameters', () => {
      expect(fill(undefined, 'Roll a die')).toEqual({ ok: true, arguments: {}, notes: [] });
      expect(fill({ type: 'object' }, 'Roll a die')).toEqual({ ok: true, arguments: {}, notes: [] });
    });
  });
});
