import { isLoopbackHostname } from './url-gate.ts';

/**
 * What a view may load and do, built from what its resource declared (`_meta.ui.csp`,
 * `_meta.ui.permissions`, SEP-1865 "UI Resource Format"). One place for both sides: the host
 * shows the policy in its render step, and the sandbox proxy page (src/app-sandbox.ts) loads
 * the view's HTML under exactly this policy. Every declared domain is the server's text, so
 * each is checked here as a source before it is written into a policy: a "domain" such as
 * `https://a.example; script-src *` would otherwise add a directive of its own.
 */

/** The lists a resource may declare, each of origins (`https://api.example.com`, `https://*.example.com`). */
export const VIEW_CSP_LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
export type ViewCspList = (typeof VIEW_CSP_LISTS)[number];
export type ViewCsp = Partial<Record<ViewCspList, string[]>>;

/** The device permissions a resource may ask for, and the Permissions Policy feature each one is. */
export const VIEW_PERMISSION_FEATURES = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' } as const;
export type ViewPermission = keyof typeof VIEW_PERMISSION_FEATURES;

/** Sources a declared list may hold, at most: a policy is one header, and no real view needs more. */
export const MAX_DECLARED_SOURCES = 32;

/**
 * The view's own frame: scripts, and nothing else. Without allow-same-origin its origin is
 * opaque, so it has no storage, no cookies, and no origin any server would take for the
 * explorer's; without allow-popups, allow-top-navigation or allow-forms it cannot open,
 * navigate away or submit anything: links go through the host (ui/open-link).
 */
export const VIEW_FRAME_SANDBOX = 'allow-scripts';

/**
 * The sandbox proxy's frame, when it is on an origin of its own (npm start's second port):
 * what the extension asks for, allow-scripts and allow-same-origin. On one origin (the static
 * site), the proxy gets VIEW_FRAME_SANDBOX too, an opaque origin: allow-same-origin there
 * would make it the explorer's own origin.
 */
export const SEPARATE_PROXY_SANDBOX = 'allow-scripts allow-same-origin';

/** scheme://[*.]host[:port], lower case, nothing after: what a policy reads as one origin. */
const SOURCE_PATTERN = /^(https|wss|http|ws):\/\/(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(:\d{1,5})?$/;

export type DeclaredSourceCheck = { ok: true; source: string } | { ok: false; reason: string };

/**
 * One declared domain as a policy source: an http(s) or ws(s) origin, its host a DNS name
 * (a leading `*.` for its subdomains), no path, no quote, no space. Plain http and ws only to
 * this machine, as the URL gate allows (src/trace/url-gate.ts).
 */
export function checkDeclaredSource(text: unknown): DeclaredSourceCheck {
  if (typeof text !== 'string') return { ok: false, reason: 'it is not a string' };
  const match = SOURCE_PATTERN.exec(text);
  if (!match) return { ok: false, reason: 'it is not an origin such as https://api.example.com (scheme, host and port only, lower case)' };
  const [, scheme, wildcard, host] = match;
  if ((scheme === 'http' || scheme === 'ws') && (wildcard !== undefined || !isLoopbackHostname(host ?? ''))) {
    return { ok: false, reason: `it is plain ${scheme} beyond this machine; only https and wss are accepted there` };
  }
  return { ok: true, source: text };
}

export type ScreenedCsp = { csp: ViewCsp; refused: { list: ViewCspList; entry: string; reason: string }[] };

/** The declared lists with each entry checked: what the policy will allow, and what the host refused and why. */
export function screenDeclaredCsp(declared: Partial<Record<ViewCspList, readonly unknown[]>> | undefined): ScreenedCsp {
  const csp: ViewCsp = {};
  const refused: ScreenedCsp['refused'] = [];
  for (const list of VIEW_CSP_LISTS) {
    const entries = declared?.[list];
    if (!entries) continue;
    const kept: string[] = [];
    for (const entry of entries) {
      const checked = checkDeclaredSource(entry);
      if (!checked.ok) refused.push({ list, entry: String(entry).slice(0, 200), reason: checked.reason });
      else if (kept.length >= MAX_DECLARED_SOURCES)
        refused.push({ list, entry: checked.source, reason: `the list has more than ${MAX_DECLARED_SOURCES} entries` });
      else if (!kept.includes(checked.source)) kept.push(checked.source);
    }
    csp[list] = kept;
  }
  return { csp, refused };
}

/** The checked sources of one list (entries that fail the check are left out here too). */
function sourcesOf(csp: ViewCsp | undefined, list: ViewCspList): string[] {
  return (csp?.[list] ?? []).flatMap((entry) => {
    const checked = checkDeclaredSource(entry);
    return checked.ok ? [checked.source] : [];
  });
}

/**
 * The policy the view's document is loaded under: the extension's own (SEP-1865, "Content
 * Security Policy Enforcement"), with the declared domains added to the directives it names,
 * and one restriction more, which the extension allows a host: connect-src has no 'self', so
 * a view reaches only the origins its resource declared (none by default).
 */
export function formatViewPolicy(csp: ViewCsp | undefined): string {
  const resources = sourcesOf(csp, 'resourceDomains');
  const connect = sourcesOf(csp, 'connectDomains');
  const frames = sourcesOf(csp, 'frameDomains');
  const baseUris = sourcesOf(csp, 'baseUriDomains');
  const directives: string[][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'", "'unsafe-inline'", ...resources],
    ['style-src', "'self'", "'unsafe-inline'", ...resources],
    ['img-src', "'self'", 'data:', ...resources],
    ['font-src', "'self'", ...resources],
    ['media-src', "'self'", 'data:', ...resources],
    ['connect-src', ...(connect.length > 0 ? connect : ["'none'"])],
    ['frame-src', ...(frames.length > 0 ? frames : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', ...(baseUris.length > 0 ? baseUris : ["'self'"])],
    ['form-action', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * The sandbox proxy page's own policy. The view's document is written into a frame of the
 * proxy (srcdoc), and such a document keeps its creator's policy as well as its own, so this
 * one must let through everything a view's policy may allow; the view's own policy, written
 * first into its document, narrows it to what its resource declared. It runs inline script
 * (the proxy's own, and every view's) and loads nothing from anywhere else itself.
 */
export const PROXY_PAGE_POLICY = [
  ['default-src', "'none'"],
  ['script-src', "'self'", "'unsafe-inline'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  ['style-src', "'self'", "'unsafe-inline'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  ['img-src', "'self'", 'data:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  ['font-src', "'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  ['media-src', "'self'", 'data:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  ['connect-src', 'https:', 'wss:', 'http://localhost:*', 'http://127.0.0.1:*', 'ws://localhost:*', 'ws://127.0.0.1:*'],
  ['frame-src', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  ['object-src', "'none'"],
  ['base-uri', "'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
  ['form-action', "'none'"],
]
  .map((directive) => directive.join(' '))
  .join('; ');

/** The frame's `allow` attribute for the permissions a resource asked for: the known four, nothing else. */
export function formatViewAllow(permissions: { readonly [permission in ViewPermission]?: unknown } | Readonly<Record<string, unknown>> | undefined): string {
  if (!permissions) return '';
  return (Object.keys(VIEW_PERMISSION_FEATURES) as ViewPermission[])
    .filter((permission) => {
      const asked: unknown = Reflect.get(permissions, permission);
      return asked !== undefined && asked !== null && asked !== false;
    })
    .map((permission) => VIEW_PERMISSION_FEATURES[permission])
    .join('; ');
}
