/** What an official SDK client put on the wire for one request. */
export type SeenRequest = { url: string; headers: Headers };

/**
 * A fetch to hand an SDK client: it notes the URL and headers the SDK chose before
 * sending the request on unchanged, so a test can check them against our adapters'.
 */
export function createRecordingFetch(seen: SeenRequest[]): (url: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    seen.push({ url: String(url), headers: new Headers(init?.headers) });
    return fetch(url, init);
  };
}
