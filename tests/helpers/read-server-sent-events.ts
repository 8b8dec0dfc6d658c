import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * The events of a text/event-stream body, split as an EventSource splits them (several
 * data lines join with a newline; comments, ids and CRLF endings understood). An event
 * not yet closed by its blank line is left out: in a stream read while still open it is
 * one still arriving. `ended` closes it instead, for a body whose stream is over.
 */
export function readServerSentEvents(text: string, { ended = false }: { ended?: boolean } = {}): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(ended ? `${text}\n\n` : text);
  return events;
}
