import { encodeBase64, encodePalettePng } from '../tools/encode-png.ts';

/**
 * The small binary fixtures the conformance suite asks for (an image, a sound), made
 * here from first principles rather than pasted in as opaque base64: a reader can
 * see what the bytes are, and the same encoders run in Node and in a Service Worker.
 */

/** A 1×1 red pixel, the image the suite's notes suggest. */
export const RED_PIXEL_PNG_BASE64 = encodeBase64(encodePalettePng({ width: 1, height: 1, palette: [[255, 0, 0]], pixels: new Uint8Array([0]) }));

const WAV_SAMPLE_RATE = 8000;
const WAV_TONE_HZ = 440;
const WAV_DURATION_SECONDS = 0.1;

/** A tenth of a second of a 440 Hz tone: mono, 8 kHz, 8-bit PCM in a RIFF/WAVE file. */
export const TONE_WAV_BASE64 = encodeBase64(encodeToneWav({ sampleRate: WAV_SAMPLE_RATE, frequencyHz: WAV_TONE_HZ, durationSeconds: WAV_DURATION_SECONDS }));

/**
 * A WAV file is a 44-byte RIFF header and the samples. 8-bit PCM samples are unsigned,
 * centred on 128, which keeps the encoder free of byte-order concerns for the data.
 */
export function encodeToneWav({ sampleRate, frequencyHz, durationSeconds }: { sampleRate: number; frequencyHz: number; durationSeconds: number }): Uint8Array {
  const sampleCount = Math.round(sampleRate * durationSeconds);
  const bytes = new Uint8Array(44 + sampleCount);
  const view = new DataView(bytes.buffer);
  const writeAscii = (offset: number, text: string) => [...text].forEach((character, index) => view.setUint8(offset + index, character.charCodeAt(0)));
  writeAscii(0, 'RIFF');
  view.setUint32(4, 36 + sampleCount, true);
  writeAscii(8, 'WAVE');
  writeAscii(12, 'fmt ');
  view.setUint32(16, 16, true); // the fmt chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // bytes per second: one byte per sample
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  writeAscii(36, 'data');
  view.setUint32(40, sampleCount, true);
  for (let index = 0; index < sampleCount; index += 1) {
    bytes[44 + index] = Math.round(128 + 100 * Math.sin((2 * Math.PI * frequencyHz * index) / sampleRate));
  }
  return bytes;
}
