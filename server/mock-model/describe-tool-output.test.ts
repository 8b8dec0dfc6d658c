import { describe, expect, it } from 'vitest';
import { describeToolOutput, reportToolError } from './describe-tool-output.ts';

function exchange(output: string, name = 'convert_units') {
  return { name, arguments: {}, output };
}

describe('describeToolOutput', () => {
  describe('text', () => {
    it('says a short text in one sentence, ending it with a full stop', () => {
      expect(describeToolOutput(exchange('3.11 miles'))).toBe('The convert_units tool says: 3.11 miles.');
      expect(describeToolOutput(exchange('1024', 'math_power'))).toBe('The math_power tool says: 1024.');
    });

    it('says a labelled number as the number', () => {
      expect(describeToolOutput(exchange('Result: 1024', 'math_power'))).toBe('The math_power tool says: 1024.');
      expect(describeToolOutput(exchange('Result: not a number', 'math_power'))).toBe('The math_power tool says: Result: not a number.');
    });

    it('keeps the end mark the tool wrote, and joins lines into the sentence', () => {
      expect(describeToolOutput(exchange('Done!', 'count_slowly'))).toBe('The count_slowly tool says: Done!');
      expect(describeToolOutput(exchange('1\n2\n3', 'count_slowly'))).toBe('The count_slowly tool says: 1 2 3.');
    });

    it('quotes a long text whole, below the sentence', () => {
      const long = 'word '.repeat(100).trim();
      expect(describeToolOutput(exchange(long, 'echo'))).toBe(`The echo tool says:\n\n${long}`);
    });
  });

  describe('structured content', () => {
    it('reads a JSON object sent as text, saying a value and its unit together', () => {
      expect(describeToolOutput(exchange('{"value":3.11,"unit":"miles"}'))).toBe('The convert_units tool says: 3.11 miles.');
      expect(describeToolOutput(exchange('{"value":1,"unit":"feet","note":"rounded"}'))).toBe('The convert_units tool says: 1 feet, note rounded.');
    });

    it('says a long decimal as a person would', () => {
      expect(describeToolOutput(exchange('{"value":3.10685596119,"unit":"miles"}'))).toBe('The convert_units tool says: 3.11 miles.');
      expect(describeToolOutput(exchange('{"value":0.000310685596,"unit":"miles"}'))).toBe('The convert_units tool says: 0.000311 miles.');
      expect(describeToolOutput(exchange('{"value":8.047,"unit":"kilometers"}'))).toBe('The convert_units tool says: 8.047 kilometers.');
    });

    it('reads nested objects and lists', () => {
      expect(describeToolOutput(exchange('{"counted":[1,2,3],"by":{"step":1}}', 'count_slowly'))).toBe(
        'The count_slowly tool says: counted (1, 2, 3), by (step 1).',
      );
    });

    it('leaves text that only looks like JSON as text', () => {
      expect(describeToolOutput(exchange('{not json}', 'echo'))).toBe('The echo tool says: {not json}.');
    });
  });

  describe('media', () => {
    it('says an image came back when there is no text', () => {
      expect(describeToolOutput(exchange('[image omitted: image/png, about 120 bytes]', 'draw_bar_chart'))).toBe(
        'The draw_bar_chart tool returned an image and no text.',
      );
      expect(describeToolOutput(exchange('[image]', 'draw_bar_chart'))).toBe('The draw_bar_chart tool returned an image and no text.');
    });

    it('says the text and notes the image beside it', () => {
      expect(describeToolOutput(exchange('Chart of 3 values\n[image]', 'draw_bar_chart'))).toBe(
        'The draw_bar_chart tool says: Chart of 3 values. It also returned an image, which I do not describe.',
      );
    });

    it('says so when there is nothing at all', () => {
      expect(describeToolOutput(exchange('', 'echo'))).toBe('The echo tool returned nothing I can read.');
    });
  });
});

describe('reportToolError', () => {
  it('reports the error in words, without the words the host put first', () => {
    expect(
      reportToolError({ name: 'divide_numbers', arguments: { a: 7, b: 0 }, output: 'Error (isError: true): Cannot divide by zero', isError: true }),
    ).toEqual({
      type: 'text',
      text: 'The divide_numbers tool reported an error, so I cannot give the result: Cannot divide by zero',
      reasoning: expect.stringContaining('error'),
    });
  });

  it('says the tool gave no result, not that it reported an error, where no tool ran (the user declined the call)', () => {
    const output = 'Error (no tool result): The user declined to let the host call delete_note, so it was not called and nothing changed on the server.';
    expect(reportToolError({ name: 'delete_note', arguments: { name: 'draft' }, output, isError: true, hostError: true })).toMatchObject({
      text: 'I have no result from the delete_note tool: The user declined to let the host call delete_note, so it was not called and nothing changed on the server.',
    });
  });

  it('quotes a flagged error as it came', () => {
    const reply = reportToolError({ name: 'divide_numbers', arguments: {}, output: 'Cannot divide by zero', isError: true });
    expect(reply).toMatchObject({ text: 'The divide_numbers tool reported an error, so I cannot give the result: Cannot divide by zero' });
  });
});
