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

/**
 * The same event stream, ended right after the event `isLast` picks, as a dropped
 * connection ends it; the rest of the original body is abandoned (cancelled). Events are
 * forwarded whole, so the client's last event id is the one of the last event it read.
 */
export function endEventStreamAfter(response: Response, isLast: (eventText: string) => boolean): Response {
  const reader = response.body?.getReader();
  if (!reader) return response;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        if (pending !== '') controller.enqueue(encoder.encode(pending));
        controller.close();
        return;
      }
      pending += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
        const event = pending.slice(0, end + 2);
        pending = pending.slice(end + 2);
        controller.enqueue(encoder.encode(event));
        if (isLast(event)) {
          controller.close();
          await reader.cancel('cut after this event');
          return;
        }
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
