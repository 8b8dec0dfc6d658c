/** What an official SDK client put on the wire for one request: its body when it was text (JSON, as the SDKs send). */
export type SeenRequest = { url: string; headers: Headers; body?: string };

/**
 * A fetch to hand an SDK client: it notes the URL and headers the SDK chose before
 * sending the request on unchanged, so a test can check them against our adapters'.
 */
export function createRecordingFetch(seen: SeenRequest[]): (url: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    seen.push({ url: String(url), headers: new Headers(init?.headers), ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
    return fetch(url, init);
  };
}
