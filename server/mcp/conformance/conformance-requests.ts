import type { CreateMessageResult, CreateMessageResultWithTools, ElicitRequestFormParams } from '@modelcontextprotocol/server';

/**
 * What the conformance tools ask the client for: the forms they elicit (with the exact
 * fields, defaults and enum shapes the suite checks), and how a sampling reply is
 * read back into words.
 */

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

export const elicitationSchemas = {
  userDetails: {
    type: 'object',
    properties: {
      username: { type: 'string', description: "User's response" },
      email: { type: 'string', description: "User's email address" },
    },
    required: ['username', 'email'],
  },
  /** SEP-1034: a default for each primitive type, so a client can pre-fill the form. */
  withDefaults: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'User name', default: 'John Doe' },
      age: { type: 'integer', description: 'User age', default: 30 },
      score: { type: 'number', description: 'User score', default: 95.5 },
      status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
      verified: { type: 'boolean', description: 'Verification status', default: true },
    },
  },
  /** SEP-1330: the five ways a form field can offer a choice. */
  allEnumKinds: {
    type: 'object',
    properties: {
      untitledSingle: { type: 'string', description: 'Untitled single choice', enum: ['option1', 'option2', 'option3'] },
      titledSingle: {
        type: 'string',
        description: 'Titled single choice',
        oneOf: [
          { const: 'value1', title: 'First Option' },
          { const: 'value2', title: 'Second Option' },
          { const: 'value3', title: 'Third Option' },
        ],
      },
      legacyEnum: {
        type: 'string',
        description: 'Titled single choice, the deprecated way',
        enum: ['opt1', 'opt2', 'opt3'],
        enumNames: ['Option One', 'Option Two', 'Option Three'],
      },
      untitledMulti: { type: 'array', description: 'Untitled multiple choice', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
      titledMulti: {
        type: 'array',
        description: 'Titled multiple choice',
        items: {
          anyOf: [
            { const: 'value1', title: 'First Choice' },
            { const: 'value2', title: 'Second Choice' },
            { const: 'value3', title: 'Third Choice' },
          ],
        },
      },
    },
  },
} satisfies Record<string, RequestedSchema>;

/** The text of a sampling reply; a reply with tool use or media says what it carried instead. */
export function describeSamplingReply(result: CreateMessageResult | CreateMessageResultWithTools): string {
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  const parts = blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type} content]`));
  return parts.join(' ');
}
