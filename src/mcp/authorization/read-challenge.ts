/**
 * Reads a WWW-Authenticate header (RFC 9110 §11.6.1, RFC 6750 §3): the Bearer challenge's
 * parameters, of which MCP uses `resource_metadata` (RFC 9728 §5.1), `scope` and `error`.
 * A header may hold several challenges (`Basic realm="x", Bearer scope="a"`), so the
 * parameters are read only from the Bearer one.
 *
 * Not the MCP SDK's extractWWWAuthenticateParams: it reads a header only when its first
 * challenge is Bearer (`Basic realm="x", Bearer scope="a"` gives nothing), matches a name
 * anywhere in the header rather than in the Bearer challenge, stops a quoted value at an
 * escaped quote, and keeps four parameters where the step shows every one.
 */

export type BearerChallenge = {
  /** Where the protected resource metadata is (RFC 9728 §5.1), when the server says. */
  resourceMetadata?: string;
  /** The scopes the server asks for (space-separated in the header). */
  scope?: string[];
  /** `invalid_token`, `insufficient_scope`, `invalid_request` (RFC 6750 §3.1). */
  error?: string;
  errorDescription?: string;
  /** Every parameter as written, for the step. */
  parameters: Record<string, string>;
};

/** One `name=value` or `name="quoted value"` at the start of the text, with what follows. */
const PARAMETER = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*,?/;
const SCHEME = /^\s*,*\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?=\s|,|$)/;

/** Each challenge of the header: its scheme and its parameters, in order. */
function splitChallenges(header: string): { scheme: string; parameters: Record<string, string> }[] {
  const challenges: { scheme: string; parameters: Record<string, string> }[] = [];
  let rest = header;
  while (rest.trim() !== '') {
    const scheme = SCHEME.exec(rest);
    if (!scheme) break;
    rest = rest.slice(scheme[0].length);
    const parameters: Record<string, string> = {};
    for (;;) {
      const parameter = PARAMETER.exec(rest);
      if (!parameter) break;
      const value = parameter[2] !== undefined ? parameter[2].replace(/\\(.)/g, '$1') : (parameter[3] ?? '');
      parameters[parameter[1]!.toLowerCase()] = value;
      rest = rest.slice(parameter[0].length);
    }
    // A token68 (`Basic dXNlcg==`) is no parameter: skip to the next challenge.
    if (Object.keys(parameters).length === 0) rest = rest.replace(/^\s*[A-Za-z0-9._~+/-]+=*\s*,?/, '');
    challenges.push({ scheme: scheme[1]!, parameters });
  }
  return challenges;
}

/** The Bearer challenge of a WWW-Authenticate header, or undefined when it has none. */
export function readBearerChallenge(header: string | undefined): BearerChallenge | undefined {
  if (header === undefined) return undefined;
  const bearer = splitChallenges(header).find((challenge) => challenge.scheme.toLowerCase() === 'bearer');
  if (!bearer) return undefined;
  const { parameters } = bearer;
  const challenge: BearerChallenge = { parameters };
  if (parameters.resource_metadata) challenge.resourceMetadata = parameters.resource_metadata;
  if (parameters.scope) challenge.scope = parameters.scope.split(/\s+/).filter((scope) => scope !== '');
  if (parameters.error) challenge.error = parameters.error;
  if (parameters.error_description) challenge.errorDescription = parameters.error_description;
  return challenge;
}
