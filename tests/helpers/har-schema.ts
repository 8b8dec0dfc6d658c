import { z } from 'zod';

/**
 * HAR 1.2 as its specification writes it (W3C Web Performance draft, "HTTP Archive (HAR)
 * format", version 1.2): every field it calls required, with its type; optional fields are
 * checked when present; custom fields (starting with "_") are allowed. Written from the
 * spec, not from our output, so an export that drops a required field fails here.
 */
const isoDate = z
  .string()
  .refine((value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value)), 'ISO 8601 date');
const nameValue = z.object({ name: z.string(), value: z.string(), comment: z.string().optional() });
const cookie = z.object({
  name: z.string(),
  value: z.string(),
  path: z.string().optional(),
  domain: z.string().optional(),
  expires: z.string().optional(),
  httpOnly: z.boolean().optional(),
  secure: z.boolean().optional(),
  comment: z.string().optional(),
});
const timing = z.number().min(-1);

const request = z.object({
  method: z.string().min(1),
  url: z.url(),
  httpVersion: z.string(),
  cookies: z.array(cookie),
  headers: z.array(nameValue),
  queryString: z.array(nameValue),
  postData: z
    .object({
      mimeType: z.string(),
      params: z
        .array(z.object({ name: z.string(), value: z.string().optional(), fileName: z.string().optional(), contentType: z.string().optional() }))
        .optional(),
      text: z.string().optional(),
    })
    .refine((data) => !(data.text !== undefined && data.params !== undefined && data.params.length > 0), 'text and params are mutually exclusive')
    .optional(),
  headersSize: z.number().int().min(-1),
  bodySize: z.number().int().min(-1),
  comment: z.string().optional(),
});

const response = z.object({
  status: z.number().int().min(0),
  statusText: z.string(),
  httpVersion: z.string(),
  cookies: z.array(cookie),
  headers: z.array(nameValue),
  content: z.object({
    size: z.number().int().min(0),
    compression: z.number().optional(),
    mimeType: z.string(),
    text: z.string().optional(),
    encoding: z.string().optional(),
    comment: z.string().optional(),
  }),
  redirectURL: z.string(),
  headersSize: z.number().int().min(-1),
  bodySize: z.number().int().min(-1),
  comment: z.string().optional(),
});

const entry = z
  .object({
    pageref: z.string().optional(),
    startedDateTime: isoDate,
    time: z.number().min(0),
    request,
    response,
    cache: z.object({ beforeRequest: z.unknown().optional(), afterRequest: z.unknown().optional(), comment: z.string().optional() }),
    timings: z.object({
      blocked: timing.optional(),
      dns: timing.optional(),
      connect: timing.optional(),
      send: z.number().min(0),
      wait: z.number().min(0),
      receive: z.number().min(0),
      ssl: timing.optional(),
      comment: z.string().optional(),
    }),
    serverIPAddress: z.string().optional(),
    connection: z.string().optional(),
    comment: z.string().optional(),
  })
  // "time: Total elapsed time of the request in milliseconds. This is the sum of all timings available in the timings object (i.e. not including -1 values)", ssl being inside connect.
  .refine((value) => {
    const { blocked = -1, dns = -1, connect = -1, send, wait, receive } = value.timings;
    const sum = [blocked, dns, connect, send, wait, receive].filter((part) => part !== -1).reduce((total, part) => total + part, 0);
    return Math.abs(sum - value.time) < 0.001;
  }, 'time is the sum of the timings');

export const HarSchema = z.object({
  log: z.object({
    version: z.literal('1.2'),
    creator: z.object({ name: z.string().min(1), version: z.string(), comment: z.string().optional() }),
    browser: z.object({ name: z.string(), version: z.string() }).optional(),
    pages: z
      .array(
        z.object({
          startedDateTime: isoDate,
          id: z.string().min(1),
          title: z.string(),
          pageTimings: z.object({ onContentLoad: timing.optional(), onLoad: timing.optional() }),
          comment: z.string().optional(),
        }),
      )
      .optional(),
    entries: z.array(entry),
    comment: z.string().optional(),
  }),
});
export type HarFile = z.infer<typeof HarSchema>;
