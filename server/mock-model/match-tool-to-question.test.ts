import { describe, expect, it } from 'vitest';
import type { MockTool } from './mock-reply.ts';
import { matchToolToQuestion, readKeywords, splitWords, stemWord } from './match-tool-to-question.ts';

const convertUnits: MockTool = { name: 'convert_units', description: 'Converts a length from one unit to another' };
const drawBarChart: MockTool = { name: 'draw_bar_chart', description: 'Draws a bar chart as an image' };
const countSlowly: MockTool = { name: 'count_slowly', description: 'Counts from 1, reporting progress' };
const mathPower: MockTool = { name: 'math.power', description: 'Raises a base to an exponent' };
const echo: MockTool = { name: 'echo', description: 'Returns the message it is given' };
const addNumbers: MockTool = { name: 'add_numbers', description: 'Adds two numbers' };
const tools = [addNumbers, convertUnits, drawBarChart, countSlowly, mathPower, echo];

describe('splitWords', () => {
  it.each([
    ['add_numbers', ['add', 'numbers']],
    ['addNumbers', ['add', 'numbers']],
    ['math.power', ['math', 'power']],
    ['convert-units', ['convert', 'units']],
    ['Adds two numbers', ['adds', 'two', 'numbers']],
  ])('splits %j', (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });
});

describe('stemWord', () => {
  it.each([
    ['converts', 'convert'],
    ['converting', 'convert'],
    ['miles', 'mile'],
    ['echoes', 'echo'],
    ['batteries', 'battery'],
    ['boxes', 'box'],
    ['class', 'class'],
    ['is', 'is'],
  ])('stems %j to %j', (word, stem) => {
    expect(stemWord(word)).toBe(stem);
  });
});

describe('readKeywords', () => {
  it('leaves out question words, articles and words every tool uses', () => {
    expect(readKeywords('What is the value of 2 to the power of 10?')).toEqual(['power']);
  });
});

describe('matchToolToQuestion', () => {
  describe('the examples', () => {
    it.each([
      ['Convert 5 kilometers to miles', 'convert_units'],
      ['Draw a bar chart of 3, 1 and 4', 'draw_bar_chart'],
      ['Count slowly to 5', 'count_slowly'],
      ['What is 2 to the power of 10?', 'math.power'],
      ['Echo "hello world"', 'echo'],
    ])('fits %j to %s', (question, name) => {
      expect(matchToolToQuestion({ question, tools })?.tool.name).toBe(name);
    });

    it('matches the provider-side name a host renamed, "math_power" for "math.power"', () => {
      const renamed = { ...mathPower, name: 'math_power' };
      expect(matchToolToQuestion({ question: 'What is 2 to the power of 10?', tools: [addNumbers, renamed] })?.tool).toBe(renamed);
    });
  });

  describe('how it scores', () => {
    it('says which words matched, in the name and in the description', () => {
      expect(matchToolToQuestion({ question: 'Draw a chart image', tools })).toMatchObject({ nameWords: ['draw', 'chart'], descriptionWords: ['image'] });
    });

    it('prefers the tool more of whose name the question uses', () => {
      const chart: MockTool = { name: 'chart_data', description: 'Summarizes data' };
      expect(matchToolToQuestion({ question: 'Draw a bar chart', tools: [chart, drawBarChart] })?.tool).toBe(drawBarChart);
    });

    it('gives a tie to the tool offered first', () => {
      const first: MockTool = { name: 'echo_text' };
      const second: MockTool = { name: 'echo_back' };
      expect(matchToolToQuestion({ question: 'echo this', tools: [first, second] })?.tool).toBe(first);
    });

    it('accepts two words of the description without a word of the name', () => {
      const lookup: MockTool = { name: 'lookup', description: 'Finds the weather forecast for a city' };
      expect(matchToolToQuestion({ question: 'What is the weather forecast?', tools: [lookup] })?.tool).toBe(lookup);
    });
  });

  describe('no real match', () => {
    it.each(['Hello', 'What is the weather in Paris?', 'What is the value of the result?'])('finds no tool for %j', (question) => {
      expect(matchToolToQuestion({ question, tools })).toBeUndefined();
    });

    it('does not take one word of a description alone', () => {
      expect(matchToolToQuestion({ question: 'Show me an image', tools: [drawBarChart] })).toBeUndefined();
    });

    it('finds nothing among no tools', () => {
      expect(matchToolToQuestion({ question: 'Echo hi', tools: [] })).toBeUndefined();
    });
  });
});
