/**
 * Where Anthropic's Messages API lives, for the real provider and for the mock that
 * speaks its format. Kept apart from the translators so the server can import it alone.
 */
export const ANTHROPIC_MOCK_BASE_PATH = '/mock/anthropic/v1';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';
/** The API version every request names in the `anthropic-version` header. */
export const ANTHROPIC_API_VERSION = '2023-06-01';
