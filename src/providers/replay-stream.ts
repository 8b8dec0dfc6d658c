import type { StreamFrame, StreamReader, StreamView } from './stream-reader.ts';
import { getWireStream } from './wire-streams.ts';

/**
 * What the host held after the first `count` frames of a recorded stream, for playback:
 * moving forward feeds only the frames not yet read, so playing a reply of n frames costs
 * n reads, not n²; moving back reads again from the start.
 */
export type StreamReplay = { viewAt(input: { frames: readonly StreamFrame[]; count: number }): { view: StreamView; error: string | null } };

export function createStreamReplay({ wire }: { wire: string }): StreamReplay | undefined {
  const stream = getWireStream(wire);
  if (!stream) return undefined;
  let reader: StreamReader = stream.createReader();
  let fed = 0;
  let error: string | null = null;
  return {
    viewAt({ frames, count }) {
      const target = Math.max(0, Math.min(count, frames.length));
      if (target < fed) {
        reader = stream.createReader();
        fed = 0;
        error = null;
      }
      while (fed < target && error === null) {
        try {
          reader.feed(frames[fed]!);
        } catch (caught) {
          error = `Frame ${fed + 1} could not be read: ${caught instanceof Error ? caught.message : String(caught)}`;
        }
        fed++;
      }
      fed = Math.max(fed, target);
      return { view: reader.view(), error };
    },
  };
}
