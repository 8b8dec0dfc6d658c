import type { Rule } from 'eslint';

export const layerImports: Rule.RuleModule;
