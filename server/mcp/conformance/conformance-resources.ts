import { UriTemplate } from '@modelcontextprotocol/server';
import type { ReadResourceResult, Resource, ResourceTemplateType } from '@modelcontextprotocol/server';
import { RED_PIXEL_PNG_BASE64 } from './conformance-media.ts';

/**
 * The resources of /mcp/conformance, with the URIs and contents the official
 * conformance suite reads (test://static-text, test://static-binary, the template
 * test://template/{id}/data) and one resource that changes, test://watched-resource,
 * for subscriptions: update_watched_resource changes it, and a session that
 * subscribed to it is sent notifications/resources/updated.
 */

export const STATIC_TEXT_URI = 'test://static-text';
export const STATIC_BINARY_URI = 'test://static-binary';
export const WATCHED_URI = 'test://watched-resource';
export const DATA_TEMPLATE = 'test://template/{id}/data';

const STATIC_TEXT = 'This is the content of the static text resource.';

export const conformanceResources: Resource[] = [
  {
    uri: STATIC_TEXT_URI,
    name: 'static-text',
    title: 'Static text',
    description: 'A plain-text resource whose content never changes.',
    mimeType: 'text/plain',
  },
  {
    uri: STATIC_BINARY_URI,
    name: 'static-binary',
    title: 'Static binary',
    description: 'A binary resource: a 1×1 red PNG, sent as base64 in blob.',
    mimeType: 'image/png',
  },
  {
    uri: WATCHED_URI,
    name: 'watched-resource',
    title: 'Watched resource',
    description: 'A text resource that changes each time update_watched_resource is called; subscribe to hear about it.',
    mimeType: 'text/plain',
  },
];

export const conformanceResourceTemplates: ResourceTemplateType[] = [
  {
    uriTemplate: DATA_TEMPLATE,
    name: 'template-data',
    title: 'Data by id',
    description: 'JSON data for any id: the id in the URI is substituted into the content.',
    mimeType: 'application/json',
  },
];

const dataTemplate = new UriTemplate(DATA_TEMPLATE);

/**
 * The state one server instance keeps: the watched resource's revision and the URIs
 * its client subscribed to. A 2025-11-25 session has one instance, so subscriptions
 * last as long as the session; a 2026-07-28 request gets a fresh one.
 */
export type WatchedResourceState = {
  readRevision(): number;
  /** Changes the watched resource; returns its new revision. */
  update(): number;
  subscribe(uri: string): void;
  unsubscribe(uri: string): void;
  isSubscribed(uri: string): boolean;
};

export function createWatchedResourceState(): WatchedResourceState {
  let revision = 1;
  const subscribed = new Set<string>();
  return {
    readRevision: () => revision,
    update: () => (revision += 1),
    subscribe: (uri) => void subscribed.add(uri),
    unsubscribe: (uri) => void subscribed.delete(uri),
    isSubscribed: (uri) => subscribed.has(uri),
  };
}

/** The contents at a URI, or undefined when no resource or template matches it. */
export function readConformanceResource(uri: string, state: WatchedResourceState): ReadResourceResult | undefined {
  if (uri === STATIC_TEXT_URI) return { contents: [{ uri, mimeType: 'text/plain', text: STATIC_TEXT }] };
  if (uri === STATIC_BINARY_URI) return { contents: [{ uri, mimeType: 'image/png', blob: RED_PIXEL_PNG_BASE64 }] };
  if (uri === WATCHED_URI) return { contents: [{ uri, mimeType: 'text/plain', text: `Watched resource, revision ${state.readRevision()}.` }] };
  const variables = dataTemplate.match(uri);
  const id = variables?.id;
  if (typeof id === 'string' && id.length > 0) {
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }] };
  }
  return undefined;
}

/** Whether a URI names a resource one can subscribe to: the listed ones and any the template matches. */
export function isKnownResource(uri: string, state: WatchedResourceState): boolean {
  return readConformanceResource(uri, state) !== undefined;
}
