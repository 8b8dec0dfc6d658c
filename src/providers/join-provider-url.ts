/**
 * The address of a provider request: the format's path appended to the base URL's path,
 * before any query the base URL carries (Azure OpenAI's `?api-version=…`), so that
 * `https://x.openai.azure.com/openai/deployments/d?api-version=2024-10-21` and
 * `/chat/completions` give `…/deployments/d/chat/completions?api-version=2024-10-21`.
 * A path with its own query (`?alt=sse`) joins the base URL's with `&`.
 */
export function joinProviderUrl({ baseUrl, path }: { baseUrl: string; path: string }): string {
  const hashStart = baseUrl.indexOf('#');
  const withoutHash = hashStart < 0 ? baseUrl : baseUrl.slice(0, hashStart);
  const queryStart = withoutHash.indexOf('?');
  const basePath = (queryStart < 0 ? withoutHash : withoutHash.slice(0, queryStart)).replace(/\/+$/, '');
  const baseQuery = queryStart < 0 ? '' : withoutHash.slice(queryStart + 1);
  const pathQueryStart = path.indexOf('?');
  const ownPath = pathQueryStart < 0 ? path : path.slice(0, pathQueryStart);
  const pathQuery = pathQueryStart < 0 ? '' : path.slice(pathQueryStart + 1);
  const query = [pathQuery, baseQuery].filter((part) => part !== '').join('&');
  return `${basePath}${ownPath}${query ? `?${query}` : ''}`;
}
