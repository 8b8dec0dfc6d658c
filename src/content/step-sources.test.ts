import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIRE_CATALOG } from '../providers/wire-catalog.ts';
import { STEP_DEFINITIONS } from '../trace/steps.ts';
import { extractFunctionSource, findStepSources } from './step-sources.ts';

// The files the page's build carries (src/ui/lesson/load-step-source.ts globs the same folders).
const PATHS = ['src/lifecycle', 'src/providers']
  .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => `${folder}/${file}`))
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));

describe('the code behind a step', () => {
  it('finds, for every host and translation step in every wire format, a function in a real file that names the step or translates it', () => {
    const hostSteps = Object.entries(STEP_DEFINITIONS)
      .filter(([, step]) => step.from === 'host' || step.to === 'host' || step.from === step.to)
      .map(([id]) => id);
    for (const wire of WIRE_CATALOG.map((entry) => entry.id)) {
      for (const stepId of hostSteps) {
        for (const pointer of findStepSources({ stepId, wire, paths: PATHS })) {
          const source = readFileSync(pointer.path, 'utf8');
          const found = extractFunctionSource({ source, find: pointer.find });
          expect(found, `${stepId} in ${pointer.path}`).not.toBeNull();
          expect(found!.text.split('\n')[0]).toBe(source.split('\n')[found!.line - 1]);
          if (pointer.find.kind === 'around') expect(found!.text).toContain(`'${stepId}'`);
          else expect(found!.text).toMatch(/^export (async )?function|^\/\*\*/);
          expect(found!.text.trimEnd()).toMatch(/\}[;)]*$/);
        }
      }
      const translations = ['host.translate-tools', 'host.translate-tool-call', 'host.translate-tool-result'].map((stepId) =>
        findStepSources({ stepId, wire, paths: PATHS }).find((pointer) => pointer.path.startsWith('src/providers/')),
      );
      expect(findStepSources({ stepId: 'host.translate-tools', wire, paths: PATHS }).map((pointer) => pointer.role)).toEqual([
        'The host records this step',
        'Translation #1 for this wire format',
      ]);
      expect(translations.map((pointer) => pointer?.path.split('/')[2])).toEqual([wire, wire, wire]);
    }
  });

  it('reads the one function, doc comment included, and nothing after it', () => {
    const source = readFileSync('src/providers/anthropic/prepare-anthropic-tools.ts', 'utf8');
    const found = extractFunctionSource({ source, find: { kind: 'first-export' } })!;
    expect(found.name).toBe('prepareAnthropicTools');
    expect(found.text).toContain('export function prepareAnthropicTools(');
    expect(source.slice(source.indexOf(found.text) + found.text.length).includes('export function prepareAnthropicTools')).toBe(false);
  });

  it('names no file for a step the host only relays, nor for an unknown wire', () => {
    expect(findStepSources({ stepId: 'mcp.tools-call.request', wire: 'openai-chat', paths: PATHS })).toEqual([]);
    expect(findStepSources({ stepId: 'host.translate-tools', wire: '../../etc', paths: PATHS }).map((pointer) => pointer.path)).toEqual([
      'src/lifecycle/discovery.ts',
    ]);
  });
});
