/**
 * What the inspector may play in the page from a server's base64: a data: URL is built only
 * from data that is strict base64, whose MIME type is on a short list of raster images and
 * audio, and whose first bytes are that format's signature. SVG is never on the list: it is
 * a document that can carry script and fetch other URLs, not a picture.
 */

export const SHOWN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PLAYED_AUDIO_TYPES = ['audio/wav', 'audio/mpeg', 'audio/ogg', 'audio/webm'] as const;
export type ShownMediaType = (typeof SHOWN_IMAGE_TYPES)[number] | (typeof PLAYED_AUDIO_TYPES)[number];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The bytes a format's files start with; `null` is a byte that may be anything (a RIFF size). */
const SIGNATURES: Record<ShownMediaType, (number | null)[][]> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [[0x47, 0x49, 0x46, 0x38]],
  'image/webp': [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
  'audio/wav': [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x41, 0x56, 0x45]],
  // An MP3 starts with an ID3 tag or straight with a frame sync (11 bits set).
  'audio/mpeg': [
    [0x49, 0x44, 0x33],
    [0xff, 0xfb],
    [0xff, 0xf3],
    [0xff, 0xf2],
    [0xff, 0xfa],
  ],
  'audio/ogg': [[0x4f, 0x67, 0x67, 0x53]],
  'audio/webm': [[0x1a, 0x45, 0xdf, 0xa3]],
};

export type Base64Reading = { ok: true; bytes: number } | { ok: false; reason: string };

/** Checks that `data` is strict base64 (no spaces, no URL-safe letters, padded) and gives its decoded size. */
export function readBase64({ data }: { data: string }): Base64Reading {
  if (data.length % 4 !== 0 || !BASE64.test(data)) {
    return { ok: false, reason: 'the data is not base64 (only A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 characters)' };
  }
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return { ok: true, bytes: (data.length / 4) * 3 - padding };
}

/** The first bytes of base64 data, decoded by hand: the pure layers use no host globals such as atob. */
function decodeStart(data: string, count: number): number[] {
  const bytes: number[] = [];
  for (let at = 0; at + 4 <= data.length && bytes.length < count; at += 4) {
    const sextets = [...data.slice(at, at + 4)].map((letter) => ALPHABET.indexOf(letter));
    const [a = 0, b = 0, c = -1, d = -1] = sextets;
    bytes.push(((a << 2) | (b >> 4)) & 0xff);
    if (c >= 0) bytes.push(((b << 4) | (c >> 2)) & 0xff);
    if (d >= 0) bytes.push(((c << 6) | d) & 0xff);
  }
  return bytes.slice(0, count);
}

function startsWithSignature(data: string, type: ShownMediaType): boolean {
  const start = decodeStart(data, 12);
  return SIGNATURES[type].some((signature) => signature.every((byte, index) => byte === null || start[index] === byte));
}

function findAllowedType(mimeType: string, allowed: readonly ShownMediaType[]): ShownMediaType | undefined {
  return allowed.find((type) => type === mimeType.trim().toLowerCase());
}

export type MediaSource = { source: string; bytes: number } | { source: null; bytes: number | null; reason: string };

/**
 * A data: URL for one image or audio block, or why there is none. The URL's type is the
 * allow-list's own string, never the server's, so nothing the server wrote reaches the URL
 * but checked base64.
 */
export function buildMediaSource({ data, mimeType, medium }: { data: string; mimeType: string; medium: 'image' | 'audio' }): MediaSource {
  const reading = readBase64({ data });
  if (!reading.ok) return { source: null, bytes: null, reason: `Not shown: ${reading.reason}.` };
  const allowed = medium === 'image' ? SHOWN_IMAGE_TYPES : PLAYED_AUDIO_TYPES;
  const type = findAllowedType(mimeType, allowed);
  if (type === undefined) {
    return {
      source: null,
      bytes: reading.bytes,
      reason: `Not ${medium === 'image' ? 'shown' : 'played'}: the page plays only ${allowed.join(', ')}, and this ${medium} says it is ${JSON.stringify(mimeType)}.`,
    };
  }
  if (!startsWithSignature(data, type)) {
    return {
      source: null,
      bytes: reading.bytes,
      reason: `Not ${medium === 'image' ? 'shown' : 'played'}: it says ${type}, but its bytes do not start as a ${type} file does.`,
    };
  }
  return { source: `data:${type};base64,${data}`, bytes: reading.bytes };
}

/** A byte count as a person reads it. */
export function describeByteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
