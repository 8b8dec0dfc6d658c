import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createStreamReplay } from './replay-stream.ts';
import { splitStreamText } from './stream-frames.ts';

const frames = splitStreamText({
  text: readFileSync(new URL('./anthropic/__fixtures__/anthropic-sdk-tool-use.sse.txt', import.meta.url), 'utf8'),
  framing: 'sse',
});

describe('createStreamReplay', () => {
  it('gives the same view at a frame whether reached forward, backward or directly', () => {
    const replay = createStreamReplay({ wire: 'anthropic' })!;
    const direct = createStreamReplay({ wire: 'anthropic' })!.viewAt({ frames, count: 10 }).view;
    for (let count = 0; count <= frames.length; count++) replay.viewAt({ frames, count });
    expect(replay.viewAt({ frames, count: 10 }).view).toEqual(direct);
    expect(direct.calls[0]!.argumentsText).toBe('{"location": "P');
    expect(replay.viewAt({ frames, count: 0 }).view.frames).toBe(0);
    expect(replay.viewAt({ frames, count: 999 }).view.ended).toBe(true);
  });

  it('says which frame it could not read, and stops there', () => {
    const { view, error } = createStreamReplay({ wire: 'anthropic' })!.viewAt({ frames: [frames[0]!, { data: 'not json' }, frames[1]!], count: 3 });
    expect(error).toMatch(/^Frame 2 could not be read/);
    expect(view.frames).toBe(2);
  });
});
