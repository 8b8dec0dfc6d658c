/**
 * The learner's headers for the MCP server, as a provider takes them: a bearer token in a
 * field of its own (OpenAI's `authorization`, Anthropic's `authorization_token`), and the
 * rest as headers where the provider has a place for them.
 */
export function splitServerHeaders(headers: readonly { name: string; value: string }[]): { token: string | undefined; others: Record<string, string> } {
  let token: string | undefined;
  const others: Record<string, string> = {};
  for (const { name, value } of headers) {
    const bearer = /^bearer\s+(.+)$/i.exec(value.trim());
    if (name.trim().toLowerCase() === 'authorization' && bearer) token = bearer[1]!.trim();
    else others[name.trim()] = value.trim();
  }
  return { token, others };
}
