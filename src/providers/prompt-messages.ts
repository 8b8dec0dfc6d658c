import type { PromptMessage } from '@modelcontextprotocol/client';
import type { FieldChange, Warning } from '../trace/index.ts';
import type { Translated } from './types.ts';

/**
 * Translation #5: a prompt's MCP messages (prompts/get) as the first turns of a
 * provider's conversation. Each format writes a turn its own way (writeTurn); what MCP
 * content becomes is the same for all of them: text as text, an embedded text resource
 * as its text, a resource link as a line naming it, and media, which no format here
 * takes in a prompt turn, left out with a warning.
 */

export type PromptTurn = { role: 'user' | 'assistant'; text: string };

function convertContent({ message, at }: { message: PromptMessage; at: string }): { text: string | undefined; warnings: Warning[]; changes: FieldChange[] } {
  const { content } = message;
  switch (content.type) {
    case 'text':
      return { text: content.text, warnings: [], changes: [] };
    case 'resource': {
      const { resource } = content;
      if ('text' in resource && typeof resource.text === 'string') {
        return {
          text: `${resource.uri}:\n${resource.text}`,
          warnings: [],
          changes: [{ kind: 'retyped', from: `${at}.content.resource.text`, note: `the embedded resource ${resource.uri} becomes text, its URI first` }],
        };
      }
      return {
        text: undefined,
        warnings: [
          { code: 'prompt-blob-dropped', message: `The embedded binary resource ${resource.uri} cannot be written as text: the host leaves it out.`, path: at },
        ],
        changes: [{ kind: 'dropped', from: `${at}.content`, note: 'a binary resource: no text to send' }],
      };
    }
    case 'resource_link':
      return {
        text: `[resource link: ${content.name} <${content.uri}>]`,
        warnings: [
          {
            code: 'prompt-resource-link-as-text',
            message: `The resource link ${content.uri} is sent as text; the model cannot open it, and the host did not read it.`,
            path: at,
          },
        ],
        changes: [{ kind: 'retyped', from: `${at}.content`, note: 'a resource link becomes a line of text' }],
      };
    case 'image':
    case 'audio':
      return {
        text: undefined,
        warnings: [
          {
            code: 'prompt-media-dropped',
            message: `The prompt's ${content.type} (${content.mimeType}) is left out: this host sends prompt turns as text.`,
            path: at,
          },
        ],
        changes: [{ kind: 'dropped', from: `${at}.content`, note: `${content.type} left out` }],
      };
    default: {
      const unknownContent: never = content;
      throw new Error(`Unknown prompt content ${JSON.stringify(unknownContent)}`);
    }
  }
}

export function convertPromptMessages<Turn>({ messages, writeTurn }: { messages: PromptMessage[]; writeTurn: (turn: PromptTurn) => Turn }): Translated<Turn[]> {
  const turns: Turn[] = [];
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  messages.forEach((message, index) => {
    const at = `[${index}]`;
    const converted = convertContent({ message, at });
    warnings.push(...converted.warnings);
    if (converted.text === undefined) {
      changes.push(...converted.changes);
      return;
    }
    const to = `[${turns.length}]`;
    changes.push(...converted.changes.map((change) => ({ ...change, to })));
    turns.push(writeTurn({ role: message.role, text: converted.text }));
  });
  if (turns.length === 0) {
    warnings.push({
      code: 'prompt-empty',
      message: 'No message of the prompt could be sent as text: the conversation starts empty, and the model will have nothing to answer.',
    });
  }
  return { result: turns, warnings, changes };
}
