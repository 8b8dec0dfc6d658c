/**
 * The headers of a JSON request to a provider that reads its key as a bearer token (the
 * OpenAI formats, ollama.com). No key, no authorization header: a local Ollama and the
 * mock need none, and an empty "Bearer " would be refused as a malformed key.
 */
export function buildBearerJsonHeaders({ apiKey }: { apiKey: string | undefined }): Record<string, string> {
  return { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
}
