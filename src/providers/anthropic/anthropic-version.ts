/** The API version every request names in the `anthropic-version` header. */
export const ANTHROPIC_API_VERSION = '2023-06-01';
