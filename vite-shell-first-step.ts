import path from 'node:path';
import type { Plugin } from 'vite';
import { formatShellFirstStep, recordShellFirstStep } from './src/ui/shell/format-shell-first-step.ts';

/** Where index.html takes the shell's step 1: the comment is replaced by a template its Next shows (src/ui/shell/). */
const PLACEHOLDER = '<!-- shell-first-step -->';

export function shellFirstStep(): Plugin {
  return {
    name: 'shell-first-step',
    transformIndexHtml(html, context) {
      if (path.basename(context.filename) !== 'index.html') return html;
      if (!html.includes(PLACEHOLDER)) throw new Error(`shellFirstStep: index.html has no ${PLACEHOLDER} for the shell's step 1.`);
      return html.replace(PLACEHOLDER, `<template id="shell-first-step">${formatShellFirstStep(recordShellFirstStep())}</template>`);
    },
  };
}
