/**
 * The headers a Netlify or Cloudflare Pages host sends for a path, from a `_headers` file:
 * every rule whose path matches (exactly, or a prefix ending in `*`), a header named by
 * several joined with commas, as those hosts do. A test's stand-in for such a host.
 */
export function readHeadersFile(file: string, pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  let matches = false;
  for (const line of file.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!/^\s/.test(line)) {
      const rule = line.trim();
      matches = rule === pathname || (rule.endsWith('*') && pathname.startsWith(rule.slice(0, -1)));
      continue;
    }
    if (!matches) continue;
    const separator = line.indexOf(':');
    const name = line.slice(0, separator).trim().toLowerCase();
    const value = line.slice(separator + 1).trim();
    const previous = headers.get(name);
    headers.set(name, previous === undefined ? value : `${previous}, ${value}`);
  }
  return headers;
}
