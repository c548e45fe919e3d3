/**
 * Values built from the OpenAPI document's JSON schemas: a plausible valid value for a
 * schema (so calls reach past validation into the services), and the places inside a
 * body where a mutation can be planted.
 */

/** The subset of OpenAPI 3.0 schema keywords the generator reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minItems?: number;
  example?: unknown;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  /** Status codes the operation documents (e.g. `/ready`'s 503). */
  responses?: Record<string, unknown>;
}

/** Strings that satisfy the patterns our schemas use (the generator cannot invert a regex). */
const PATTERN_SAMPLES: [RegExp, string][] = [
  [/#\[0-9a-fA-F\]\{6\}/, "#3366cc"],
  [/\[01\]\\d\|2\[0-3\]/, "08:30"],
  [/\\d\{4\}-\\d\{2\}-\\d\{2\}/, "2999-01-31"],
  [/A-Za-z0-9\+\//, "aGVsbG8="],
  [/https\?/, "https://example.com/fuzz"],
  [/\\w\.\+-\]\+\\\//, "text/plain"],
  [/\\d\\s\(\)\.-/, "5511988887777"],
  [/\\d[*+]/, "123"],
];

export function resolve(doc: OpenApiDoc, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let hops = 0; s.$ref && hops < 20; hops++) s = doc.components?.schemas?.[s.$ref.replace("#/components/schemas/", "")] ?? {};
  if (s.allOf) {
    const parts = s.allOf.map((p) => resolve(doc, p));
    return {
      ...s,
      type: "object",
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const first = alternatives.map((a) => resolve(doc, a)).find((a) => !(a.enum?.length === 1 && a.enum[0] === null)) ?? {};
    return { ...first, nullable: s.nullable || first.nullable };
  }
  return s;
}

function sampleString(s: JsonSchema): string {
  if (typeof s.example === "string") return s.example;
  if (s.format === "email") return "fuzz@example.com";
  if (s.pattern) {
    const known = PATTERN_SAMPLES.find(([re]) => re.test(s.pattern!));
    if (known) return known[1];
  }
  const length = Math.max(s.minLength ?? 0, Math.min(6, s.maxLength ?? 6));
  return "fuzzed".padEnd(length, "z").slice(0, length);
}

function sampleNumber(s: JsonSchema): number {
  if (typeof s.example === "number") return s.example;
  let n = Math.max(s.minimum ?? 1, 1);
  if (s.exclusiveMinimum && n === s.minimum) n += 1;
  return s.maximum !== undefined ? Math.min(n, s.maximum) : n;
}

/**
 * A plausible valid value. `full` fills every property; otherwise objects carry only
 * their required ones (a mutated body then fails on the mutated field alone).
 */
export function sampleValue(doc: OpenApiDoc, schema: JsonSchema | undefined, full: boolean, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? null;
  switch (s.type) {
    case "string":
      return sampleString(s);
    case "integer":
    case "number":
      return sampleNumber(s);
    case "boolean":
      return true;
    case "array":
      return depth > 4 ? [] : Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => sampleValue(doc, s.items, full, depth + 1));
    default: {
      if (!s.properties) return s.type === "object" ? {} : "fuzzed";
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [name, prop] of Object.entries(s.properties)) if ((full || required.has(name)) && depth <= 4) out[name] = sampleValue(doc, prop, full, depth + 1);
      return out;
    }
  }
}

/** A place in a body: its path of keys and indexes, and the schema found there. */
export interface Slot {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every property of a body schema, and those of the objects and arrays inside it (up to `maxDepth`). */
export function slotsOf(doc: OpenApiDoc, schema: JsonSchema | undefined, maxDepth = 3, path: (string | number)[] = []): Slot[] {
  const s = resolve(doc, schema);
  if (path.length >= maxDepth) return [];
  if (s.type === "array" && s.items) {
    const item: Slot = { path: [...path, 0], schema: resolve(doc, s.items) };
    return [item, ...slotsOf(doc, s.items, maxDepth, item.path)];
  }
  if (!s.properties) return [];
  return Object.entries(s.properties).flatMap(([name, prop]) => {
    const slot: Slot = { path: [...path, name], schema: resolve(doc, prop) };
    return [slot, ...slotsOf(doc, prop, maxDepth, slot.path)];
  });
}

/** A deep copy of `body` with `value` at `path` (creating the containers on the way). */
export function plant(body: unknown, path: (string | number)[], value: unknown): unknown {
  const root = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) at[key] = value;
    else {
      const next = at[key];
      if (!next || typeof next !== "object") at[key] = typeof path[i + 1] === "number" ? [] : {};
      at = at[key] as Record<string | number, unknown>;
    }
  });
  return root;
}
