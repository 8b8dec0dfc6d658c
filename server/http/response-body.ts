/** Rewrapping a streamed Response body without buffering it, on web-standard streams only. */

/** The same response with some text sent before the original body. */
export function prependToBody(response: Response, text: string): Response {
  const first = new TextEncoder().encode(text);
  let sentFirst = false;
  const reader = response.body?.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentFirst) {
        sentFirst = true;
        controller.enqueue(first);
        return;
      }
      if (!reader) {
        controller.close();
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader?.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The same response; `onFinished` runs once its body has been sent in full or abandoned by the client. */
export function followBody(response: Response, onFinished: () => void): Response {
  if (!response.body) {
    onFinished();
    return response;
  }
  const reader = response.body.getReader();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    onFinished();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        finish();
      } else {
        controller.enqueue(value);
      }
    },
    cancel: async (reason) => {
      await reader.cancel(reason);
      finish();
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
