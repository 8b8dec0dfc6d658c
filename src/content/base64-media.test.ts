import { describe, expect, it } from 'vitest';
import { buildMediaSource, describeByteSize, readBase64 } from './base64-media.ts';

/** A real 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
/** The first 12 bytes of a WAV file (RIFF, a size, WAVE), padded to whole base64 groups. */
const WAV = btoa('RIFF\x24\x00\x00\x00WAVEfmt ');

describe('readBase64', () => {
  it('gives the decoded size of strict base64, padding counted out', () => {
    expect(readBase64({ data: 'AAAA' })).toEqual({ ok: true, bytes: 3 });
    expect(readBase64({ data: 'AAA=' })).toEqual({ ok: true, bytes: 2 });
    expect(readBase64({ data: 'AA==' })).toEqual({ ok: true, bytes: 1 });
    expect(readBase64({ data: PNG })).toEqual({ ok: true, bytes: 70 });
  });

  it('refuses anything else: spaces, URL-safe letters, quotes, a missing pad, padding inside', () => {
    for (const data of ['AA AA', 'AA-_', 'AAA', 'A===', 'AA=A', '"/>', 'AAAA\n']) {
      expect(readBase64({ data }).ok, data).toBe(false);
    }
  });
});

describe('buildMediaSource', () => {
  it('builds a data: URL for a PNG whose bytes are a PNG, sized', () => {
    expect(buildMediaSource({ data: PNG, mimeType: 'image/png', medium: 'image' })).toEqual({ source: `data:image/png;base64,${PNG}`, bytes: 70 });
  });

  it('writes the allow-list’s own type in the URL, never the server’s spelling', () => {
    expect(buildMediaSource({ data: PNG, mimeType: ' IMAGE/PNG ', medium: 'image' }).source).toBe(`data:image/png;base64,${PNG}`);
  });

  it('never shows SVG, a type off the list, or a type with parameters, and says why', () => {
    for (const mimeType of ['image/svg+xml', 'text/html', 'image/png;charset=utf-8', 'image/bmp']) {
      const media = buildMediaSource({ data: SVG, mimeType, medium: 'image' });
      expect(media.source, mimeType).toBeNull();
      if (media.source === null) expect(media.reason).toContain(JSON.stringify(mimeType));
    }
  });

  it('does not show bytes that are not the format they claim (an SVG labelled image/png)', () => {
    const media = buildMediaSource({ data: SVG, mimeType: 'image/png', medium: 'image' });
    expect(media).toMatchObject({ source: null, reason: expect.stringContaining('do not start as a image/png file does') });
  });

  it('does not show data that is not base64, and gives no size for it', () => {
    expect(buildMediaSource({ data: 'x"onerror="alert(1)', mimeType: 'image/png', medium: 'image' })).toMatchObject({ source: null, bytes: null });
  });

  it('plays WAV audio, and keeps images and audio apart', () => {
    expect(buildMediaSource({ data: WAV, mimeType: 'audio/wav', medium: 'audio' }).source).toBe(`data:audio/wav;base64,${WAV}`);
    expect(buildMediaSource({ data: PNG, mimeType: 'image/png', medium: 'audio' }).source).toBeNull();
    expect(buildMediaSource({ data: WAV, mimeType: 'audio/wav', medium: 'image' }).source).toBeNull();
  });
});

describe('describeByteSize', () => {
  it('reads as bytes, KB or MB', () => {
    expect([describeByteSize(70), describeByteSize(2048), describeByteSize(3 * 1024 * 1024)]).toEqual(['70 bytes', '2.0 KB', '3.0 MB']);
  });
});
