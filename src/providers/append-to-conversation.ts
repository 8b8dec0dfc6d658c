import type { Translated } from './types.ts';

/**
 * The end of translation #3 in every format: the conversation so far, the model's own turn
 * echoed back (providers want to see what they wrote before the answers to it), then the
 * translated tool results. The results alone are what the learner sees translated.
 */
export function appendToConversation<Turn>({
  conversation,
  echoed,
  translated,
}: {
  conversation: Turn[];
  echoed: Turn[];
  translated: Translated<Turn[]>;
}): Translated<{ conversation: Turn[]; messages: Turn[] }> {
  return {
    result: { conversation: [...conversation, ...echoed, ...translated.result], messages: translated.result },
    warnings: translated.warnings,
    changes: translated.changes,
  };
}
