/**
 * A strict reader of the sequenceDiagram subset the export writes, for the unit tests in Node
 * (Mermaid's own parser needs a DOM: e2e/export-mermaid.spec.ts runs it in Chromium). Every line must be
 * exactly one statement; a label may hold no character that Mermaid reads as syntax
 * (statement ends, entities, directives, HTML, Markdown, math) except entity codes.
 */
export type MermaidStatement =
  | { type: 'participant'; id: string; label: string }
  | { type: 'message'; from: string; arrow: string; to: string; label: string }
  | { type: 'note'; over: string; label: string };

const ID = '[A-Za-z][A-Za-z0-9_]*';
const LABEL = '(?:[^;#\\n\\r%{}<>"\'`&$:\\\\|]|#\\d{1,7};)+';
const PARTICIPANT = new RegExp(`^    participant (${ID}) as (${LABEL})$`, 'u');
const MESSAGE = new RegExp(`^    (${ID})(->>|-->>|-\\)|--x)(${ID}): (${LABEL})$`, 'u');
const NOTE = new RegExp(`^    Note over (${ID}): (${LABEL})$`, 'u');

/** The text a label shows once Mermaid has turned its entity codes back into characters. */
export function decodeMermaidLabel(label: string): string {
  return label.replace(/#(\d{1,7});/g, (_, code: string) => String.fromCodePoint(Number(code)));
}

export function readMermaidSequence(text: string): MermaidStatement[] {
  const lines = text.replace(/\n$/, '').split('\n');
  if (lines[0] !== 'sequenceDiagram') throw new Error(`The first line is "${lines[0]}", not sequenceDiagram.`);
  return lines.slice(1).map((line, index): MermaidStatement => {
    const participant = PARTICIPANT.exec(line);
    if (participant) return { type: 'participant', id: participant[1]!, label: decodeMermaidLabel(participant[2]!) };
    const message = MESSAGE.exec(line);
    if (message) return { type: 'message', from: message[1]!, arrow: message[2]!, to: message[3]!, label: decodeMermaidLabel(message[4]!) };
    const note = NOTE.exec(line);
    if (note) return { type: 'note', over: note[1]!, label: decodeMermaidLabel(note[2]!) };
    throw new Error(`Line ${index + 2} is not one statement of the diagram: ${JSON.stringify(line)}`);
  });
}
