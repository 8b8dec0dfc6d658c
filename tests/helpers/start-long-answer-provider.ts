import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Chat Completions provider on 127.0.0.1 that never calls a tool and answers whole with
 * a long text, as a real model asked for an essay does: `paragraphs` numbered paragraphs.
 * A page on another origin may call it (CORS), as the page calls a real provider.
 */
export async function startLongAnswerProvider(paragraphs: number): Promise<{ url: string; answer: string; close: () => Promise<void> }> {
  const answer = Array.from({ length: paragraphs }, (_, index) => `Paragraph ${index + 1}: 5 plus 7 is 12, said once more at length.`).join('\n');
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      });
      response.end();
      return;
    }
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-long',
          object: 'chat.completion',
          created: 0,
          model: 'long-answer-model',
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 1000, total_tokens: 1010 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, answer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
