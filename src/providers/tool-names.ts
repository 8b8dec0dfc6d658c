import type { Warning } from '../trace/index.ts';
import type { ToolNameMap } from './types.ts';

export type NameRule = {
  /** Characters the provider accepts in a tool name, as a character class body. */
  allowed: string;
  maxLength: number;
  /** Whether the first character must be a letter or an underscore. */
  mustStartWithLetter?: boolean;
  provider: string;
};

export const OPENAI_NAME_RULE: NameRule = { allowed: 'a-zA-Z0-9_-', maxLength: 64, provider: 'OpenAI' };
/**
 * Gemini also takes dots and colons, but wants a letter or an underscore first, and allows
 * up to 128 characters (Gemini API FunctionDeclaration.name, as @google/genai documents it).
 */
export const GEMINI_NAME_RULE: NameRule = { allowed: 'a-zA-Z0-9_.:-', maxLength: 128, mustStartWithLetter: true, provider: 'Gemini' };
export const ANTHROPIC_NAME_RULE: NameRule = { allowed: 'a-zA-Z0-9_-', maxLength: 64, provider: 'Anthropic' };

/**
 * Gives every MCP tool a name the provider accepts, and remembers the way back.
 * Names that already fit are kept; changed names are unique and each change is a warning.
 */
export function sanitizeToolNames({ names, rule }: { names: string[]; rule: NameRule }): {
  result: { providerNames: string[]; nameMap: ToolNameMap };
  warnings: Warning[];
} {
  const invalid = new RegExp(`[^${rule.allowed}]`, 'g');
  const fits = new RegExp(`^[${rule.allowed}]{1,${rule.maxLength}}$`);
  const accepts = (name: string) => fits.test(name) && (!rule.mustStartWithLetter || /^[a-zA-Z_]/.test(name));
  // Fitting names are reserved first, so a renamed tool can never take the name of one that fits.
  const kept = names.map((name, index) => accepts(name) && names.indexOf(name) === index);
  const used = new Set(names.filter((_name, index) => kept[index]));
  const nameMap: ToolNameMap = {};
  const warnings: Warning[] = [];
  const providerNames = names.map((name, index) => {
    let candidate = name;
    if (!kept[index]) {
      let base = name.replace(invalid, '_') || 'tool';
      if (rule.mustStartWithLetter && !/^[a-zA-Z_]/.test(base)) base = `_${base}`;
      candidate = base.slice(0, rule.maxLength);
      for (let suffix = 2; used.has(candidate); suffix++) {
        const tail = `_${suffix}`;
        candidate = `${base.slice(0, rule.maxLength - tail.length)}${tail}`;
      }
      const reason = accepts(name) ? `Another tool is already named "${name}"` : `${rule.provider} refuses the tool name "${name}"`;
      warnings.push({
        code: 'tool-name-renamed',
        message: `${reason}, so the model sees "${candidate}"; the host maps it back in translation #2.`,
        path: `tools[${index}].name`,
      });
    }
    used.add(candidate);
    nameMap[candidate] = name;
    return candidate;
  });
  return { result: { providerNames, nameMap }, warnings };
}

/** The MCP name behind a provider's tool name, or undefined when the model invented it. */
export function restoreToolName({ name, nameMap }: { name: string; nameMap: ToolNameMap }): string | undefined {
  return Object.hasOwn(nameMap, name) ? nameMap[name] : undefined;
}
