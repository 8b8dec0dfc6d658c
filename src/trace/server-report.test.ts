import { describe, expect, it } from 'vitest';
import { SERVER_STAGE_META_KEY, readServerStage } from './server-report.ts';

describe('readServerStage', () => {
  it.each(['registry-read', 'registry-lookup', 'validate-arguments', 'execute'])('reads the stage %s from _meta', (stage) => {
    expect(readServerStage({ [SERVER_STAGE_META_KEY]: { stage } })).toBe(stage);
  });

  it.each([
    ['no _meta', undefined],
    ['a _meta without the key', { other: { stage: 'execute' } }],
    ['an unknown stage', { [SERVER_STAGE_META_KEY]: { stage: 'teleport' } }],
    ['a report that is not an object', { [SERVER_STAGE_META_KEY]: 'execute' }],
    ['a _meta that is not an object', 'execute'],
  ])('finds no stage in %s', (_label, meta) => {
    expect(readServerStage(meta)).toBeUndefined();
  });
});
