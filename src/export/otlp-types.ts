/**
 * The OTLP/JSON shapes of an ExportTraceServiceRequest (the protobuf JSON mapping): ids in
 * hex, 64-bit integers as decimal strings, enums as their numbers, field names in lowerCamelCase.
 */
export type OtlpAnyValue = { stringValue: string } | { intValue: string } | { boolValue: boolean } | { doubleValue: number };
export type OtlpKeyValue = { key: string; value: OtlpAnyValue };
export type OtlpEvent = { timeUnixNano: string; name: string; attributes: OtlpKeyValue[] };
export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  events: OtlpEvent[];
  status: { code: number; message?: string };
};
export type OtlpTraceRequest = {
  resourceSpans: {
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: { scope: { name: string; version: string }; spans: OtlpSpan[] }[];
  }[];
};

/** opentelemetry.proto.trace.v1.Span.SpanKind */
export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;
/** opentelemetry.proto.trace.v1.Status.StatusCode */
export const STATUS_CODE = { unset: 0, ok: 1, error: 2 } as const;

export type AttributeValue = string | number | boolean | undefined;

/** Attributes from a plain record; an undefined value is left out, an integer is an intValue. */
export function toAttributes(record: Record<string, AttributeValue>): OtlpKeyValue[] {
  const attributes: OtlpKeyValue[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (typeof value === 'string') attributes.push({ key, value: { stringValue: value } });
    else if (typeof value === 'boolean') attributes.push({ key, value: { boolValue: value } });
    else if (Number.isSafeInteger(value)) attributes.push({ key, value: { intValue: String(value) } });
    else attributes.push({ key, value: { doubleValue: value } });
  }
  return attributes;
}

/** Epoch nanoseconds as the decimal string OTLP/JSON wants; microsecond precision is all a trace has. */
export function toUnixNano(epochMs: number): string {
  return (BigInt(Math.round(epochMs * 1000)) * 1000n).toString();
}
