/**
 * What an HTTP header may hold, checked before a request is built: a fetch given a header
 * it refuses throws a TypeError before anything is sent, which reads like a network failure
 * ("the server is not running") unless the host says which header and why first.
 */

/** RFC 9110 token (tchar): what a header name, or a method, may be. */
export const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The whitespace fetch strips from both ends of a value before it checks it. */
const HTTP_WHITESPACE_AROUND = /^[\t\n\r ]+|[\t\n\r ]+$/g;

function describeCodePoint(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Why a header value cannot be sent, in words that never repeat the value (it may be a
 * secret), or undefined when it can: RFC 9110's field-value is visible ASCII, space, tab
 * and the bytes 0x80–0xFF, one character each; fetch refuses a line break or NUL and any
 * character beyond Latin-1 (it has no byte), and Node refuses the other controls too.
 */
export function describeHeaderValueProblem(value: string): string | undefined {
  const inner = value.replace(HTTP_WHITESPACE_AROUND, '');
  for (let index = 0; index < inner.length; index += 1) {
    const character = inner[index]!;
    const code = character.charCodeAt(0);
    const position = `at character ${index + 1}`;
    if (code === 0x0a || code === 0x0d) return `holds a line break (${describeCodePoint(character)}) ${position}, which would end the header`;
    if ((code < 0x20 && code !== 0x09) || code === 0x7f)
      return `holds a control character (${describeCodePoint(character)}) ${position}, which HTTP does not allow in a header`;
    if (code > 0xff) {
      return `holds a character beyond Latin-1 (${describeCodePoint(inner.slice(index, index + 2))}) ${position}: a header carries one byte per character, so it cannot be sent (a pasted “…”, curly quote or invisible space is the usual cause)`;
    }
  }
  return undefined;
}

/** The first header of a request that cannot be sent, with why, or undefined when all can. */
export function findInvalidHeader(headers: Iterable<readonly [string, string]>): { name: string; problem: string } | undefined {
  for (const [name, value] of headers) {
    if (!HTTP_TOKEN.test(name)) return { name, problem: "has a name that is not an HTTP token (letters, digits and !#$%&'*+-.^_`|~ only)" };
    const problem = describeHeaderValueProblem(value);
    if (problem) return { name, problem: `has a value that ${problem}` };
  }
  return undefined;
}
