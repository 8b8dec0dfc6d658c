import { buildBearerJsonHeaders } from './bearer-json-headers.ts';

/**
 * Azure OpenAI reads an API key from the `api-key` header, as Microsoft's REST reference
 * has it for both its forms: the deployment form
 * (`https://RESOURCE.openai.azure.com/openai/deployments/NAME/chat/completions?api-version=…`)
 * and the v1 form (`https://RESOURCE.openai.azure.com/openai/v1/chat/completions`), where
 * `Authorization: Bearer` carries a Microsoft Entra token instead. The openai SDK's
 * `AzureOpenAI` client sends the key the same way. Every other OpenAI-compatible server
 * (OpenAI itself, DeepSeek, vLLM, llama.cpp, Groq's `/openai/v1`) reads `Authorization: Bearer`.
 */

/** Hosts of Azure OpenAI and Microsoft Foundry resources, in Azure's public and sovereign clouds. */
const AZURE_HOST_SUFFIXES = ['.openai.azure.com', '.cognitiveservices.azure.com', '.services.ai.azure.com', '.openai.azure.us', '.openai.azure.cn'];

/**
 * Whether a base URL names Azure OpenAI: a resource's host, or the deployment form behind
 * any host (an API Management gateway or a custom domain keeps Azure's path and query).
 */
export function isAzureOpenAiUrl(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (AZURE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  return /\/openai\/deployments\/[^/]+\/?$/.test(url.pathname) && url.searchParams.has('api-version');
}

/** The headers of a JSON request in an OpenAI format: the key as `api-key` for Azure, as a bearer token elsewhere; none without a key. */
export function buildOpenAiJsonHeaders({ apiKey, baseUrl }: { apiKey: string | undefined; baseUrl: string | undefined }): Record<string, string> {
  if (!apiKey || baseUrl === undefined || !isAzureOpenAiUrl(baseUrl)) return buildBearerJsonHeaders({ apiKey });
  return { 'content-type': 'application/json', 'api-key': apiKey };
}
