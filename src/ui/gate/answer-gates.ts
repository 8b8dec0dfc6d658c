/** The gates where the host waits for the user's own answer, not for a message to leave. */
const ANSWER_GATES = ['user.consent', 'host.sampling.review', 'user.elicitation.answer', 'user.open-link', 'user.mcp-approval'] as const;
export type AnswerGate = (typeof ANSWER_GATES)[number];

export function isAnswerGate(id: string): id is AnswerGate {
  return ANSWER_GATES.some((gate) => gate === id);
}
