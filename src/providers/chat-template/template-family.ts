/**
 * How a family of models writes a tool call in plain text, read from its chat template:
 * the template that teaches the model the syntax is the surest sign of which syntax it
 * will write. llama.cpp's own chat code tells the formats apart the same way (by what the
 * template contains), so a template written for one family is read as that family.
 */
export const TEMPLATE_FAMILIES = ['hermes', 'qwen3', 'llama3', 'no-tools'] as const;
export type TemplateFamily = (typeof TEMPLATE_FAMILIES)[number];

export type FamilyDescription = {
  family: TemplateFamily;
  label: string;
  /** The syntax, as the learner reads it. */
  callSyntax: string;
  /** Whether the model's own template writes the tools into the prompt. */
  templateHasTools: boolean;
};

const DESCRIPTIONS: Record<TemplateFamily, Omit<FamilyDescription, 'family'>> = {
  hermes: {
    label: 'Hermes-style tool calls (Qwen2.5, Hermes)',
    callSyntax: '<tool_call>\n{"name": …, "arguments": {…}}\n</tool_call>',
    templateHasTools: true,
  },
  qwen3: {
    label: 'Qwen3 (Hermes-style calls, an optional <think> block first)',
    callSyntax: '<think>…</think> then <tool_call>\n{"name": …, "arguments": {…}}\n</tool_call>',
    templateHasTools: true,
  },
  llama3: {
    label: 'Llama 3.x JSON tool calls',
    callSyntax: '{"name": …, "parameters": {…}}',
    templateHasTools: true,
  },
  'no-tools': {
    label: 'A template with no tool section (SmolLM2 and other plain ChatML templates)',
    callSyntax: '<tool_call>\n{"name": …, "arguments": {…}}\n</tool_call> (the host asks for it in a system message of its own)',
    templateHasTools: false,
  },
};

/** Reads the family from the template's text; a template that never mentions tools is `no-tools`. */
export function detectTemplateFamily(template: string): FamilyDescription {
  const family = readFamily(template);
  return { family, ...DESCRIPTIONS[family] };
}

function readFamily(template: string): TemplateFamily {
  const mentionsTools = /\btools\b/.test(template);
  if (!mentionsTools) return 'no-tools';
  if (template.includes('<tool_call>')) return template.includes('<think>') ? 'qwen3' : 'hermes';
  if (template.includes('<|start_header_id|>')) return 'llama3';
  return 'no-tools';
}
