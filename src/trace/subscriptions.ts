/**
 * 2026-07-28's subscriptions/listen, as both halves name it: the `_meta` key every message
 * on a subscription's stream carries (the listen request's JSON-RPC id), the SDK's
 * SUBSCRIPTION_ID_META_KEY spelled here so that the trace layer needs no SDK.
 */
export const SUBSCRIPTION_ID_META_KEY = 'io.modelcontextprotocol/subscriptionId';
