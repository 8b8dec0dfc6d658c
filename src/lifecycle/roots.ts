import type { ClientCapabilities, ListRootsResult } from '@modelcontextprotocol/client';

/**
 * The roots the learner chose to share (the CLI's --root, the page's settings): folders
 * the host tells a server it may work in, by file:// URI with an optional name. Nothing
 * is ever taken from the working directory; with none the host declares no roots at all.
 */
export type HostRoot = { uri: string; name?: string };

/**
 * What the host tells a server it can do, in initialize (2025-11-25) or in each request's
 * _meta (2026-07-28): sampling and elicitation always, roots only when some were given.
 * listChanged: the host may say the list changed (notifications/roots/list_changed).
 */
export function describeHostCapabilities(roots: readonly HostRoot[] = []): ClientCapabilities {
  return { sampling: {}, elicitation: { form: {}, url: {} }, ...(roots.length > 0 ? { roots: { listChanged: true } } : {}) };
}

/** The answer to roots/list: the roots as given, the name only when there is one. */
export function buildListRootsResult(roots: readonly HostRoot[]): ListRootsResult {
  return { roots: roots.map((root) => ({ uri: root.uri, ...(root.name ? { name: root.name } : {}) })) };
}

const CREDENTIALS_REFUSED =
  'The root holds a user name or password (user:password@ before the host). A root is shown, stored and shared like a server URL, so credentials never go in it: remove them.';

/**
 * One root as the learner wrote it, checked: a file:// URI (both eras' Root says its uri
 * must start with file://, and the SDK refuses any other in a ListRootsResult), with no
 * user name or password in it (a root is shown, stored and shared like a server URL).
 */
export function validateRoot({ uri, name }: { uri: string; name?: string }): { root: HostRoot } | { error: string } {
  const trimmed = uri.trim();
  if (trimmed === '') return { error: 'A root needs a URI, such as file:///home/me/project.' };
  // Looked for before parsing, and never echoed: a file: URL with user info does not even parse.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*@/.test(trimmed)) return { error: CREDENTIALS_REFUSED };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return {
      error: `The root "${trimmed.slice(0, 120)}" is not an absolute URI. Write it as file:///path/to/folder (the CLI also takes a plain absolute path).`,
    };
  }
  if (url.username !== '' || url.password !== '') return { error: CREDENTIALS_REFUSED };
  if (url.protocol !== 'file:') {
    return {
      error: `The root "${trimmed.slice(0, 120)}" is a ${url.protocol} URI; the spec's Root takes only file:// URIs (in both eras), so a server could not be given it. Use file:///path/to/folder.`,
    };
  }
  const cleanName = name?.trim();
  return { root: { uri: url.href, ...(cleanName ? { name: cleanName } : {}) } };
}

/**
 * The CLI's --root URI[=NAME], split at the first "=" after the URI; a plain absolute path
 * is turned into a file:// URI by toFileUri (node:url in the CLI, so this file stays pure).
 */
export function readRootArgument(text: string, toFileUri: (path: string) => string): { root: HostRoot } | { error: string } {
  const at = text.indexOf('=');
  const target = at === -1 ? text : text.slice(0, at);
  const name = at === -1 ? undefined : text.slice(at + 1);
  const isPath = target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(target);
  if (!isPath && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(target)) {
    return {
      error: `--root "${text.slice(0, 120)}" is neither a URI nor an absolute path. Give --root file:///path/to/folder or --root /path/to/folder, with =NAME after it for a name; a relative path is not taken, so nothing depends on where the CLI runs.`,
    };
  }
  const checked = validateRoot({ uri: isPath ? toFileUri(target) : target, ...(name !== undefined ? { name } : {}) });
  return 'error' in checked ? { error: `--root: ${checked.error}` } : checked;
}
