import { isAzureOpenAiUrl } from './openai-key-headers.ts';

/**
 * Whether a streamed Chat Completions request (legacy `functions` ones too: the same
 * endpoint) asks for the usage chunk with `stream_options: { include_usage: true }`. The
 * openai SDK never adds it by itself (not in `create({ stream: true })`, not in its
 * `stream()` helper); the host asks so that a streamed reply, put back together, carries
 * the usage the whole reply carries. It asks only where the format's documentation has the
 * option: OpenAI's API; Azure OpenAI's v1 API, and its deployment form from api-version
 * 2024-08-01 on (older versions refuse the field as an unrecognized argument); and the
 * mock, which answers it as OpenAI does. Another compatible server documents its own
 * options, and some refuse a field they do not know with a 400: it is sent the request
 * without it, as the SDK would send it.
 */
export function asksForStreamUsage({ baseUrl, kind }: { baseUrl: string; kind: 'mock' | 'real' }): boolean {
  if (kind === 'mock') return true;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.hostname === 'api.openai.com') return true;
  if (!isAzureOpenAiUrl(baseUrl)) return false;
  if (/\/openai\/v1\/?$/.test(url.pathname)) return true;
  const version = url.searchParams.get('api-version');
  return version !== null && version >= '2024-08-01';
}
