import { jsonResponse } from '../shared/index.ts';
import type { MockFault } from './serve-mock-endpoint.ts';

/** An error in OpenAI's envelope, shared by Chat Completions (with legacy functions), Responses and the models list. */
export function writeOpenAiError({ status, message, param, type }: MockFault): Response {
  return jsonResponse(status, { error: { message, type: type ?? 'invalid_request_error', param: param ?? null, code: null } });
}
