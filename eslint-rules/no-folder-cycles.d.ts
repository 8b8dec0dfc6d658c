import type { Rule } from 'eslint';

export const noFolderCycles: Rule.RuleModule;
