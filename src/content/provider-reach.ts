import { isLoopbackHostname } from '../trace/index.ts';

/**
 * The truth of the real world for provider-side MCP: a real provider's MCP client runs on
 * the provider's servers, on the public internet. It cannot reach this machine (127.0.0.1,
 * localhost), a private network, or a server that lives in this page's Service Worker. The
 * host says so before the request, and explains the provider's error when it is sent anyway.
 */

/** 10/8, 172.16/12, 192.168/16, 169.254/16 (link-local), 100.64/10 (shared), IPv6 unique-local and link-local, and names only a local network resolves. */
export function isPrivateHostname(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(bare);
  if (ipv4) {
    const [first, second] = [Number(ipv4[1]), Number(ipv4[2])];
    return (
      first === 10 ||
      first === 0 ||
      (first === 172 && second >= 16 && second <= 31) ||
      (first === 192 && second === 168) ||
      (first === 169 && second === 254) ||
      (first === 100 && second >= 64 && second <= 127)
    );
  }
  if (bare.includes(':')) return /^f[cd]/.test(bare) || /^fe[89ab]/.test(bare);
  return !bare.includes('.') || /\.(local|internal|lan|home\.arpa)$/.test(bare);
}

/** Why a real provider cannot reach this server, in a sentence for the learner; undefined when nothing stands in its way that the host can see. */
export function describeUnreachableServer({ url, inBrowser }: { url: string; inBrowser: boolean }): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (inBrowser) {
    return `This MCP server lives in this page's Service Worker: it answers only requests from this browser. The provider's MCP client runs on the provider's servers, which would reach ${parsed.host} itself, a static host with no MCP server. Use host-side MCP, the mock model, or a server on the public internet (https).`;
  }
  if (isLoopbackHostname(parsed.hostname)) {
    return `${parsed.host} is this machine: the provider's MCP client runs on the provider's servers, where 127.0.0.1 and localhost are the provider's own machines, not yours. The request would fail. Use host-side MCP, the mock model, or expose the server on the public internet (https, a tunnel).`;
  }
  if (isPrivateHostname(parsed.hostname)) {
    return `${parsed.hostname} is a private or local network name: the provider's servers, on the public internet, cannot reach it. Use host-side MCP, the mock model, or a server reachable from the internet (https).`;
  }
  if (parsed.protocol !== 'https:')
    return `The provider is told to call ${parsed.host} over plain http; providers want https for an MCP server (Anthropic refuses anything else).`;
  return undefined;
}

/**
 * A provider's refusal of a request whose MCP server it could not reach (OpenAI answers 424
 * Failed Dependency; Anthropic a 400 that names the MCP server), explained for the learner,
 * or undefined when the error is about something else.
 */
export function explainProviderMcpFailure({
  status,
  body,
  serverUrl,
}: {
  status: number;
  body: string;
  serverUrl: string;
}): { why: string; fix: string } | undefined {
  const aboutMcp = status === 424 || /\bmcp\b/i.test(body);
  if (!aboutMcp) return undefined;
  const unreachable = describeUnreachableServer({ url: serverUrl, inBrowser: false });
  return {
    why: `The provider's own MCP client could not use the MCP server (${status}). ${unreachable ?? 'It connects from the provider’s servers, so the server must be reachable from the public internet, over https, and answer there as it answers you.'}`,
    fix: 'Choose host-side MCP (the host’s client reaches servers on this machine), or give the provider a server it can reach.',
  };
}
