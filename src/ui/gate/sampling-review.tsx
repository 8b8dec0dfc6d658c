import { z } from 'zod';
import { GateChoices } from './gate-choices.tsx';
import { GatePanel } from './gate-panel.tsx';

/** What host.sampling.review proposes (src/lifecycle/server-requests.ts): the server's messages and system prompt. */
const ReviewSchema = z.looseObject({
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })),
  systemPrompt: z.string().optional(),
});
const TextSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

/** A message's words: its text parts, or what the other parts are. */
function describeContent(content: unknown): string {
  const parts = Array.isArray(content) ? content : [content];
  return parts
    .map((part) => {
      const text = TextSchema.safeParse(part);
      return text.success ? text.data.text : `[${z.looseObject({ type: z.string() }).safeParse(part).data?.type ?? 'unknown'} content]`;
    })
    .join(' ');
}

/** The sampling approval: what the server wants the host's model to read, and Approve / Decline. */
export function SamplingReview({ review }: { review: unknown }) {
  const parsed = ReviewSchema.safeParse(review);
  return (
    <GatePanel title="The server asks to use your model" testId="sampling-review">
      <p className="text-xs">
        The spec asks for a human in the loop: nothing goes to the model unless you approve. These are the words the server wrote for it.
      </p>
      {parsed.success ? (
        <ol className="flex flex-col gap-1" aria-label="The messages the server wants the model to read">
          {parsed.data.systemPrompt && (
            <li>
              <span className="font-semibold">system:</span> {parsed.data.systemPrompt}
            </li>
          )}
          {parsed.data.messages.map((message, index) => (
            <li key={index}>
              <span className="font-semibold">{message.role}:</span> {describeContent(message.content)}
            </li>
          ))}
        </ol>
      ) : (
        <p>The request has no messages the host can show; decline it, or use Edit before sending.</p>
      )}
      <GateChoices
        choices={[
          { label: 'Approve', answer: { ...(parsed.success ? parsed.data : {}), decision: 'approve' } },
          { label: 'Decline', answer: { ...(parsed.success ? parsed.data : {}), decision: 'decline' } },
        ]}
      />
    </GatePanel>
  );
}
