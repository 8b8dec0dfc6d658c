/**
 * The pieces of a Gemini conversation the host writes itself. Parts the model wrote are
 * echoed back as received (they may carry fields such as `thoughtSignature` that Gemini
 * needs to see again), so a part is open to more fields than these.
 */

export type GeminiTextPart = { text: string };

export type GeminiInlineDataPart = { inlineData: { mimeType: string; data: string } };

export type GeminiFunctionResponsePart = {
  functionResponse: {
    id?: string;
    name: string;
    /** Gemini reads `output` as the function's result and `error` as its failure. */
    response: { output: unknown } | { error: unknown };
    /** Media that belongs to the response (images), next to the JSON. */
    parts?: GeminiInlineDataPart[];
  };
};

export type GeminiFunctionCallPart = { functionCall: { id?: string; name: string; args?: Record<string, unknown> } };

/** The user turn that answers the model's calls: function responses only. */
export type GeminiFunctionResponseContent = { role: 'user'; parts: GeminiFunctionResponsePart[] };

export type GeminiPart = GeminiTextPart | GeminiFunctionCallPart | GeminiFunctionResponsePart | Record<string, unknown>;

export type GeminiContent = { role: 'user' | 'model'; parts: GeminiPart[] };

/** The model's turn as Gemini wrote it, kept whole to echo back: its role is whatever Gemini sent ("model" when it sent none). */
export type GeminiModelTurn = { role: string; parts: GeminiPart[] };
