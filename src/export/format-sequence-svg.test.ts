// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Step } from '../trace/trace.ts';
import { makeStep, makeTrace } from '../trace/sample-trace.test-helper.ts';
import { escapeSvgText, formatSequenceSvg } from './format-sequence-svg.ts';

const step = makeStep;
const trace = (steps: Step[]) => makeTrace(steps);

/** The SVG read by an XML parser, as a browser reads a file: a mistake in the markup is a parser error. */
function parseSvg(text: string): Document {
  const document = new DOMParser().parseFromString(text, 'image/svg+xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent}`);
  return document;
}

const HOSTILE = 'add</text><script>alert(1)</script>&amp;"\'\u0000\u001b[2J\ud800';

describe('formatSequenceSvg', () => {
  it('marks a message the learner edited, in the label and its colour, the mark kept whole when a long label is cut', () => {
    const long = `tools/call ${'x'.repeat(80)}`;
    const { result } = formatSequenceSvg({
      trace: trace([
        step({}),
        step({
          n: 2,
          id: 'mcp.tools-call.request',
          canonical: 12,
          payload: { method: 'tools/call', params: { name: 'add_numbers' } },
          edited: { original: {} },
        }),
        step({ n: 3, id: 'mcp.tools-call.request', canonical: 12, payload: { method: long }, edited: { original: {} } }),
      ]),
    });
    const svg = parseSvg(result).documentElement;
    const edited = [...svg.querySelectorAll('g[data-edited="true"]')];
    expect(edited.map((group) => group.querySelector('text')?.textContent)).toEqual([
      '12 tools/call add_numbers (edited by you)',
      expect.stringMatching(/^12 tools\/call x+… \(edited by you\)$/),
    ]);
    expect(edited.map((group) => group.querySelector('text')?.getAttribute('fill'))).toEqual(['#a21caf', '#a21caf']);
    expect(svg.querySelector('g:not([data-edited]) text')?.textContent).toBe('3 tools/list');
  });

  it('draws the five usual participants in the view order, an arrow per step, sized as it says', () => {
    const { result, width, height } = formatSequenceSvg({
      trace: trace([
        step({}),
        step({ n: 2, id: 'mcp.tools-call.request', canonical: 12, payload: { method: 'tools/call', params: { name: 'add_numbers' } } }),
        step({ n: 3, id: 'host.translate-tools', from: 'host', to: 'host', kind: 'internal', payload: {} }),
      ]),
    });
    const svg = parseSvg(result).documentElement;
    expect(svg.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect([Number(svg.getAttribute('width')), Number(svg.getAttribute('height'))]).toEqual([width, height]);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${width} ${height}`);
    // The page's sequence view's order (src/export/sequence-layout.ts), where it had the LLM second.
    expect([...svg.querySelectorAll('[data-participant]')].map((node) => node.textContent)).toEqual(['User', 'Host', 'MCP Client', 'MCP Server', 'LLM']);
    expect(width).toBe(90 + 4 * 170 + 90);
    const labels = [...svg.querySelectorAll('[data-step-id] text')].map((node) => node.textContent);
    expect(labels.slice(0, 2)).toEqual(['3 tools/list', '12 tools/call add_numbers']);
    // A step inside one part is a loop beside its lifeline, labelled to its right.
    expect(svg.querySelectorAll('[data-step-id="host.translate-tools"] text')[0]?.getAttribute('text-anchor')).toBe('start');
  });

  it('draws the bridge only when a step names it', () => {
    const withBridge = formatSequenceSvg({ trace: trace([step({ from: 'server', to: 'bridge', id: 'bridge.stdin' })]) });
    expect([...parseSvg(withBridge.result).querySelectorAll('[data-participant]')].map((node) => node.getAttribute('data-participant'))).toEqual([
      'user',
      'host',
      'client',
      'server',
      'llm',
      'bridge',
    ]);
  });

  it('keeps a hostile tool name as text: well-formed XML, no element from it, no control character', () => {
    const { result } = formatSequenceSvg({ trace: { ...trace([step({ payload: { method: 'tools/call', params: { name: HOSTILE } } })]), question: HOSTILE } });
    const document = parseSvg(result);
    expect(document.getElementsByTagName('script')).toHaveLength(0);
    expect(result).not.toMatch(/\p{Cc}(?<!\n)/u);
    const label = document.querySelector('[data-step-id] text')?.textContent ?? '';
    expect(label.startsWith('3 tools/call add</text><script>alert(1)</script>&amp;"\'')).toBe(true);
  });

  it('bounds a long label and says when there is nothing to draw', () => {
    expect([...escapeSvgText('x'.repeat(500))]).toHaveLength(60);
    expect(formatSequenceSvg({ trace: trace([]) }).warnings.map((warning) => warning.code)).toEqual(['no-steps']);
  });
});
