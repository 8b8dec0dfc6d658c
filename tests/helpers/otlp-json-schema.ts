import { z } from 'zod';

/**
 * An ExportTraceServiceRequest in the OTLP/JSON encoding (opentelemetry-proto,
 * opentelemetry/proto/trace/v1/trace.proto with the JSON mapping of the OTLP
 * specification): traceId and spanId in hex (not base64), 64-bit integers as decimal
 * strings, enums as integers, lowerCamelCase field names. Strict objects, so a
 * misspelt field fails instead of being ignored.
 */
const hex = (length: number) =>
  z
    .string()
    .regex(new RegExp(`^[0-9a-f]{${length}}$`))
    .refine((value) => !/^0+$/.test(value), 'an all-zero id is invalid');
const uint64 = z.string().regex(/^\d{1,20}$/);
const int64 = z.string().regex(/^-?\d{1,19}$/);

type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } }
  | { kvlistValue: { values: { key: string; value: AnyValue }[] } }
  | { bytesValue: string };
const AnyValueSchema: z.ZodType<AnyValue> = z.lazy(() =>
  z.union([
    z.strictObject({ stringValue: z.string() }),
    z.strictObject({ boolValue: z.boolean() }),
    z.strictObject({ intValue: int64 }),
    z.strictObject({ doubleValue: z.number() }),
    z.strictObject({ arrayValue: z.strictObject({ values: z.array(AnyValueSchema) }) }),
    z.strictObject({ kvlistValue: z.strictObject({ values: z.array(z.strictObject({ key: z.string(), value: AnyValueSchema })) }) }),
    z.strictObject({ bytesValue: z.string() }),
  ]),
);
const KeyValueSchema = z.strictObject({ key: z.string().min(1), value: AnyValueSchema });
const attributes = z.array(KeyValueSchema).refine((list) => new Set(list.map((item) => item.key)).size === list.length, 'attribute keys are unique');

export const OtlpSpanSchema = z
  .strictObject({
    traceId: hex(32),
    spanId: hex(16),
    traceState: z.string().optional(),
    parentSpanId: hex(16).optional(),
    flags: z.number().int().optional(),
    name: z.string().min(1),
    // SPAN_KIND_UNSPECIFIED 0, INTERNAL 1, SERVER 2, CLIENT 3, PRODUCER 4, CONSUMER 5
    kind: z.number().int().min(0).max(5),
    startTimeUnixNano: uint64,
    endTimeUnixNano: uint64,
    attributes,
    droppedAttributesCount: z.number().int().optional(),
    events: z.array(z.strictObject({ timeUnixNano: uint64, name: z.string(), attributes, droppedAttributesCount: z.number().int().optional() })),
    droppedEventsCount: z.number().int().optional(),
    links: z.array(z.unknown()).optional(),
    droppedLinksCount: z.number().int().optional(),
    // STATUS_CODE_UNSET 0, OK 1, ERROR 2
    status: z.strictObject({ code: z.number().int().min(0).max(2), message: z.string().optional() }),
  })
  .refine((span) => BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano), 'a span ends after it starts');

export const OtlpTraceRequestSchema = z.strictObject({
  resourceSpans: z.array(
    z.strictObject({
      resource: z.strictObject({ attributes, droppedAttributesCount: z.number().int().optional() }),
      schemaUrl: z.string().optional(),
      scopeSpans: z.array(
        z.strictObject({
          scope: z.strictObject({ name: z.string(), version: z.string().optional(), attributes: attributes.optional() }),
          spans: z.array(OtlpSpanSchema),
          schemaUrl: z.string().optional(),
        }),
      ),
    }),
  ),
});
export type OtlpTraceFile = z.infer<typeof OtlpTraceRequestSchema>;

/** The attributes of a span as a plain record, for assertions: every value as written (intValue stays a string). */
export function readAttributes(list: { key: string; value: AnyValue }[]): Record<string, unknown> {
  return Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));
}
