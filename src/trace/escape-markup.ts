/**
 * Text for an HTML or XML text node or quoted attribute: the five markup characters become
 * numeric entities, which both read the same. The one escape for every page and file the
 * project writes as markup (the consent page, the sequence SVG, the shell's step 1), so a
 * hostile value from a client, a server or an imported trace is shown as text everywhere.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
