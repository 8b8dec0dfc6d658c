import type { Attributes, AttributeValue, HrTime } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import type { OtlpTraceFile } from './otlp-json-schema.ts';

/**
 * An oracle for our OTLP/JSON: the file is read into the official OpenTelemetry JS span
 * model (ReadableSpan, Resource, HrTime, the API's SpanKind), then written again by the
 * official JSON serializer, the one the OTLP/HTTP exporters send. When the official writer
 * gives back our file, every field name, id, timestamp, kind and status of ours is what
 * an OpenTelemetry SDK would have sent for the same spans. The protobuf serializer must
 * accept the same spans too (ids that are not hex of the right length fail there).
 */

type AnyValue = OtlpTraceFile['resourceSpans'][number]['resource']['attributes'][number]['value'];
type KeyValue = { key: string; value: AnyValue };

function readValue(value: AnyValue): AttributeValue {
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('doubleValue' in value) return value.doubleValue;
  if ('intValue' in value) {
    const number = Number(value.intValue);
    if (!Number.isSafeInteger(number)) throw new Error(`intValue ${value.intValue} does not fit a JavaScript number`);
    return number;
  }
  throw new Error(`The exports write only scalar attributes, not ${JSON.stringify(value)}`);
}

function readAttributes(list: KeyValue[]): Attributes {
  return Object.fromEntries(list.map(({ key, value }) => [key, readValue(value)]));
}

function readHrTime(nanos: string): HrTime {
  const total = BigInt(nanos);
  return [Number(total / 1_000_000_000n), Number(total % 1_000_000_000n)];
}

/** The file's spans as the official SDK holds them (kind is the API's, one less than the proto's). */
export function readOfficialSpans(file: OtlpTraceFile): ReadableSpan[] {
  return file.resourceSpans.flatMap((resourceSpans) => {
    const resource = resourceFromAttributes(readAttributes(resourceSpans.resource.attributes));
    return resourceSpans.scopeSpans.flatMap(({ scope, spans }) =>
      spans.map((span): ReadableSpan => {
        const startTime = readHrTime(span.startTimeUnixNano);
        const endTime = readHrTime(span.endTimeUnixNano);
        const durationNanos = BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano);
        return {
          name: span.name,
          kind: span.kind - 1,
          spanContext: () => ({ traceId: span.traceId, spanId: span.spanId, traceFlags: 1 }),
          ...(span.parentSpanId ? { parentSpanContext: { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: 1 } } : {}),
          startTime,
          endTime,
          duration: readHrTime(durationNanos.toString()),
          ended: true,
          status: { code: span.status.code, ...(span.status.message === undefined ? {} : { message: span.status.message }) },
          attributes: readAttributes(span.attributes),
          links: [],
          events: span.events.map((event) => ({ name: event.name, time: readHrTime(event.timeUnixNano), attributes: readAttributes(event.attributes) })),
          resource,
          instrumentationScope: { name: scope.name, ...(scope.version === undefined ? {} : { version: scope.version }) },
          droppedAttributesCount: 0,
          droppedEventsCount: 0,
          droppedLinksCount: 0,
        };
      }),
    );
  });
}

/** What the official writer adds whatever the spans (defaults, sampled flags), and its intValue as a number: set aside to compare. */
function normalizeOfficial(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return key === 'links' && value.length === 0 ? undefined : value.map((item) => normalizeOfficial(item));
  if (typeof value !== 'object' || value === null) return key === 'intValue' && typeof value === 'number' ? String(value) : value;
  const entries = Object.entries(value)
    .filter(([name, item]) => !(name.startsWith('dropped') && item === 0) && name !== 'flags')
    .map(([name, item]) => [name, normalizeOfficial(item, name)] as const)
    .filter(([, item]) => item !== undefined);
  return Object.fromEntries(entries);
}

/** The file as the official OpenTelemetry JS JSON serializer writes the same spans; the protobuf one must encode them too. */
export function reserializeOfficially(file: OtlpTraceFile): { json: unknown; protobufBytes: number } {
  const spans = readOfficialSpans(file);
  const json: unknown = JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)));
  const protobuf = ProtobufTraceSerializer.serializeRequest(spans);
  return { json: normalizeOfficial(json), protobufBytes: protobuf?.byteLength ?? 0 };
}
