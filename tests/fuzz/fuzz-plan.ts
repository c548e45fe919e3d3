import { realParam, type Principal } from "./fuzz-fixtures.ts";
import { jsonText, multipartVariants, PATH_VALUES, QUERY_VALUES, rawBodies, VALUE_MUTATIONS } from "./malformed-inputs.ts";
import type { SeededRandom } from "./seeded-random.ts";
import { plant, resolve, sampleValue, slotsOf, type OpenApiDoc, type OpenApiOperation } from "./schema-values.ts";

export interface FuzzOperation {
  method: string;
  path: string;
  op: OpenApiOperation;
}

export interface FuzzRequest {
  /** What was malformed, for the failure report. */
  label: string;
  method: string;
  url: string;
  body?: string | FormData;
  contentType?: string;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/**
 * Reads first, then writes, then deletions; deletions of the principals' own footing
 * (session, companies, users, plans) come last, so earlier calls still meet real rows.
 */
const phase = (o: FuzzOperation) => (o.method === "get" ? 0 : o.method !== "delete" ? 1 : /^\/(auth|companies|users|plans)\b/.test(o.path) ? 3 : 2);

/** Every documented operation, in the order the run calls them. */
export function operationsOf(doc: OpenApiDoc): FuzzOperation[] {
  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ method, path, op })),
  );
  return ops.sort((a, b) => phase(a) - phase(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * How many of the value mutations each place of a body gets (a seeded choice per place, so
 * a body with many fields still meets every kind): all of them for the fields of small
 * bodies, fewer for big bodies and nested places. Keeps the run well under two minutes
 * (a body that reaches the password hash costs ~50 ms a call).
 */
const SMALL_BODY_FIELDS = 4;
const MUTATIONS_PER_FIELD = 12;
const NESTED_MUTATIONS = 6;

/**
 * The requests one principal sends to one operation: the documented call with real ids,
 * then each path parameter, query parameter and body field malformed in turn, then whole
 * bodies of the wrong shape or type. An anonymous caller of a guarded route only gets
 * the path variants and a few bodies (the guard answers before anything is parsed).
 * A deletion's call with real ids is sent last, so its malformed calls still meet the row.
 */
export function requestsFor(doc: OpenApiDoc, target: FuzzOperation, who: Principal, rng: SeededRandom): FuzzRequest[] {
  const { method, path, op } = target;
  const M = method.toUpperCase();
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path").map((p) => p.name);
  const queryParams = params.filter((p) => p.in === "query");
  const baseQuery = queryParams
    .filter((p) => p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.name === "whatsappId" ? String(who.ids.connection ?? 1) : String(sampleValue(doc, p.schema, false)))}`);
  const urlOf = (override?: { name: string; value: string }, query: string[] = baseQuery) => {
    const concrete = path.replace(/\{([^}]+)\}/g, (_, name: string) => (override?.name === name ? override.value : realParam(path, name, who)));
    return query.length ? `${concrete}?${query.join("&")}` : concrete;
  };

  const content = op.requestBody?.content ?? {};
  const jsonSchema = content["application/json"]?.schema;
  const formSchema = content["multipart/form-data"]?.schema;
  const minimal = jsonSchema ? sampleValue(doc, jsonSchema, false) : undefined;
  const full = jsonSchema ? sampleValue(doc, jsonSchema, true) : undefined;
  const json = (label: string, body: unknown): FuzzRequest => ({ label, method: M, url: urlOf(), body: jsonText(body), contentType: "application/json" });

  const valid: FuzzRequest[] = [];
  if (jsonSchema) valid.push(json("valid minimal body", minimal), json("valid full body", full));
  else if (!formSchema) valid.push({ label: "valid", method: M, url: urlOf() });

  const paths: FuzzRequest[] = pathParams.flatMap((name) =>
    PATH_VALUES.map((value) => ({
      label: `path ${name}=${value.length > 20 ? `${value.slice(0, 8)}…(${value.length})` : JSON.stringify(value)}`,
      method: M,
      url: urlOf({ name, value }),
      ...(minimal !== undefined ? { body: jsonText(minimal), contentType: "application/json" } : {}),
    })),
  );

  const queries: FuzzRequest[] = queryParams.flatMap((p) => {
    const others = baseQuery.filter((q) => !q.startsWith(`${encodeURIComponent(p.name)}=`));
    const key = encodeURIComponent(p.name);
    return [
      ...QUERY_VALUES.map((value) => ({
        label: `query ${p.name}=${value.length > 20 ? `${value.slice(0, 8)}…` : value}`,
        method: M,
        url: urlOf(undefined, [...others, `${key}=${value}`]),
      })),
      { label: `query ${p.name} twice`, method: M, url: urlOf(undefined, [...others, `${key}=1`, `${key}=abc`]) },
      { label: `query ${p.name}[]`, method: M, url: urlOf(undefined, [...others, `${key}%5B%5D=1`]) },
    ];
  });

  const bodies: FuzzRequest[] = [];
  if (jsonSchema) {
    const slots = slotsOf(doc, jsonSchema);
    const fields = slots.filter((slot) => slot.path.length === 1).length;
    for (const slot of slots) {
      const topLevel = slot.path.length === 1;
      const count = !topLevel ? NESTED_MUTATIONS : fields <= SMALL_BODY_FIELDS ? VALUE_MUTATIONS.length : MUTATIONS_PER_FIELD;
      const mutations = rng.sample(VALUE_MUTATIONS, count);
      for (const [label, value] of mutations) bodies.push(json(`body ${slot.path.join(".")}=${label}`, plant(topLevel ? minimal : full, slot.path, value)));
    }
    bodies.push(json("body unknown fields", { ...(minimal as object), id: 1, companyId: 1, super: true, createdAt: "x" }));
  }
  if (formSchema) {
    const form = resolve(doc, formSchema);
    const fields = Object.fromEntries(Object.entries(form.properties ?? {}).map(([name, s]) => [name, resolve(doc, s).format === "binary" ? "file" : "text"] as const));
    for (const v of multipartVariants(fields)) (v.label === "multipart valid" ? valid : bodies).push({ label: v.label, method: M, url: urlOf(), body: v.body });
  }
  const raws: FuzzRequest[] = method === "get" ? [] : rawBodies(minimal ?? {}).map((r) => ({ label: r.label, method: M, url: urlOf(), body: r.body, contentType: r.contentType }));

  if (who.name === "anonymous" && op.security?.length) return [...valid, ...paths, ...raws.slice(0, 3)];
  const malformed = [...paths, ...queries, ...bodies, ...raws];
  return method === "delete" ? [...malformed, ...valid] : [...valid, ...malformed];
}
