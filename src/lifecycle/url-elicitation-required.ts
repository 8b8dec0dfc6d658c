import { UrlElicitationRequiredError, specTypeSchemas, type ElicitRequestURLParams } from '@modelcontextprotocol/client';
import { answerElicitation, type ElicitationContext } from './server-requests.ts';

/** What answering URL elicitations needs: the elicitation gate alone. */
export type UrlElicitationContext = ElicitationContext;

/**
 * A request refused with -32042, URL elicitation required (MCP 2025-11-25, "URL mode
 * elicitation required error"): the server needs the user to open a page of its own
 * before it can answer, and says which in the error's data. The host asks the user each
 * page as it asks an elicitation/create in URL mode (the same gate, the same steps), and
 * when every one is accepted the same request may go again: the server learned out of
 * band what happened on its page.
 */

/** What the host does next: send the request again, or tell the model why it did not. */
export type UrlElicitationOutcome = { kind: 'retry' } | { kind: 'declined'; message: string };

const NOTE =
  'The server asked in its error to the request (-32042, URL elicitation required), not by an elicitation/create request: the host asks you the same way, and sends the same request again once you accept.';

/** The elicitations the error names, each validated by the SDK's own schema (the error is the server's, so hostile); undefined when it is no such error. */
export function readUrlElicitations(error: unknown): { valid: ElicitRequestURLParams[]; invalid: number } | undefined {
  if (!(error instanceof UrlElicitationRequiredError)) return undefined;
  const listed: unknown[] = error.elicitations;
  const valid: ElicitRequestURLParams[] = [];
  for (const item of listed) {
    const validated = specTypeSchemas.ElicitRequestURLParams['~standard'].validate(item);
    if (validated.issues === undefined) valid.push(validated.value);
  }
  return { valid, invalid: listed.length - valid.length };
}

/** Asks the user each page, in order; the first one not accepted ends the asking. */
export async function answerUrlElicitations(
  context: UrlElicitationContext,
  { elicitations, what }: { elicitations: ElicitRequestURLParams[]; what: string },
): Promise<UrlElicitationOutcome> {
  for (const params of elicitations) {
    const result = await answerElicitation(context, params, NOTE);
    if (result.action !== 'accept') {
      return {
        kind: 'declined',
        message: `The server needs the user to open a page of its own before it can run ${what} (URL elicitation, -32042); the answer was ${result.action} (the steps before say who gave it), so the request was not sent again.`,
      };
    }
  }
  return { kind: 'retry' };
}
