/**
 * The malformed inputs the fuzz run sends: values planted into otherwise valid bodies,
 * whole bodies of the wrong shape or encoding, path parameters and query values.
 */

/** JSON cannot spell Infinity: this marker is planted, then replaced by `1e999` in the raw text. */
export const INFINITY_MARK = "fuzz-infinity-mark";

let nested: unknown = "deep";
for (let i = 0; i < 200; i++) nested = { a: nested };

/** Values planted in place of one field (or one array item) of a valid body. */
export const VALUE_MUTATIONS: readonly [string, unknown][] = [
  ["null", null],
  ["empty object", {}],
  ["empty array", []],
  ["array of null", [null]],
  ["true", true],
  ["false", false],
  ["zero", 0],
  ["negative", -1],
  ["fraction", 1.5],
  ["huge number", 1e308],
  ["-huge number", -1e308],
  // 1e19 is what a 19-nines literal becomes at runtime anyway; JSON writes it as 10000000000000000000.
  ["unsafe integer", 1e19],
  ["infinity", INFINITY_MARK],
  ["empty string", ""],
  ["numeric string", "1"],
  ["hex string", "0x10"],
  ["long string", "x".repeat(100_000)],
  ["NUL bytes", "a\u0000b\u0000"],
  ["control and bidi", "\u0001\u001b[2J\u202e"],
  ["unicode", "ção 🙂 \ud83d"],
  ["object", { id: 1, name: "x" }],
  ["deep object", nested],
  ["array of strings", ["a", "b"]],
  ["array of numbers", [1, -1, 1e308]],
  ["bad date", "2024-13-45T99:99:99Z"],
  ["sql", "1' OR '1'='1"],
];

/** The JSON text of a body, with the Infinity marker turned into a number literal JSON.parse reads as Infinity. */
export const jsonText = (body: unknown) => JSON.stringify(body).replaceAll(`"${INFINITY_MARK}"`, "1e999");

export interface RawBody {
  label: string;
  body: string | FormData | undefined;
  contentType?: string;
}

/** Whole bodies of the wrong shape, encoding or content type. */
export function rawBodies(valid: unknown): RawBody[] {
  const json = "application/json";
  const form = new FormData();
  form.set("name", "fuzz");
  form.set("file", new File(["x"], "x.txt", { type: "text/plain" }));
  return [
    { label: "body {}", body: "{}", contentType: json },
    { label: "body null", body: "null", contentType: json },
    { label: "body array", body: "[]", contentType: json },
    { label: "body array of the valid object", body: JSON.stringify([valid]), contentType: json },
    { label: "body string", body: '"text"', contentType: json },
    { label: "body number", body: "1e999", contentType: json },
    { label: "body invalid JSON", body: '{"name": ', contentType: json },
    { label: "body empty", body: "", contentType: json },
    { label: "body with BOM", body: `\ufeff${JSON.stringify(valid)}`, contentType: json },
    { label: "body deep nesting", body: `${"[".repeat(5000)}${"]".repeat(5000)}`, contentType: json },
    { label: "body __proto__", body: '{"__proto__": {"super": true, "profile": "admin"}, "constructor": {"prototype": {"x": 1}}}', contentType: json },
    { label: "body duplicate keys", body: '{"name": "a", "name": {"x": 1}}', contentType: json },
    { label: "no content type", body: JSON.stringify(valid) },
    { label: "text/plain content type", body: JSON.stringify(valid), contentType: "text/plain" },
    { label: "urlencoded body", body: "name=fuzz&id=%00&x[]=1", contentType: "application/x-www-form-urlencoded" },
    { label: "multipart body", body: form },
    { label: "multipart without boundary", body: "--x\r\n\r\n", contentType: "multipart/form-data" },
    { label: "multipart garbage", body: "garbage--\r\n", contentType: "multipart/form-data; boundary=x" },
    { label: "charset latin1 JSON", body: JSON.stringify(valid), contentType: "application/json; charset=latin1" },
  ];
}

/** Path parameter values (already as they appear in the URL). */
export const PATH_VALUES: readonly string[] = [
  "0x10",
  "%201",
  "-1",
  "1e3",
  "9999999999999999999",
  "abc",
  "%",
  "",
  "0",
  "01",
  "+1",
  "1.5",
  "%00",
  "%2e%2e",
  "%E0%A4%A",
  "x".repeat(3000),
];

/** Query values (already URL-encoded where they must be). */
export const QUERY_VALUES: readonly string[] = [
  "",
  "%",
  "%00",
  "1%001",
  "%zz",
  "abc",
  "-1",
  "0",
  "1e3",
  "0x10",
  "9999999999999999999",
  "x".repeat(3000),
  "%5B",
  "%5B1%2C",
  "%5B%22a%22%5D",
  "%5B-1%5D",
  "%7B%7D",
  "null",
  "true",
  "2024-13-45",
  "%22",
  "*",
  "NEAR(a%20b",
  "%22a%22*%20OR%20x",
  "%C3%A7%C3%A3o",
];

/** Multipart bodies built from a form schema's fields: files where files go, text elsewhere. */
export function multipartVariants(fields: Record<string, "file" | "text">): { label: string; body: FormData }[] {
  const build = (override: (name: string, kind: "file" | "text") => string | File | null) => {
    const form = new FormData();
    for (const [name, kind] of Object.entries(fields)) {
      const value = override(name, kind);
      if (value !== null) form.set(name, value);
    }
    return form;
  };
  const good = (kind: "file" | "text") => (kind === "file" ? new File(["hello"], "fuzz.png", { type: "image/png" }) : "fuzz");
  const variants: { label: string; body: FormData }[] = [
    { label: "multipart valid", body: build((_, kind) => good(kind)) },
    { label: "multipart no fields", body: build(() => null) },
    { label: "multipart file as text", body: build((_, kind) => (kind === "file" ? "not a file" : "fuzz")) },
    { label: "multipart empty file", body: build((_, kind) => (kind === "file" ? new File([], "", { type: "" }) : "fuzz")) },
    { label: "multipart hostile file name", body: build((_, kind) => (kind === "file" ? new File(["<svg/>"], "../../a\u0000.svg", { type: "image/svg+xml" }) : "fuzz")) },
    { label: "multipart long file name", body: build((_, kind) => (kind === "file" ? new File(["x"], `${"n".repeat(5000)}.png`, { type: "image/png" }) : "fuzz")) },
    { label: "multipart html file", body: build((_, kind) => (kind === "file" ? new File(["<script>1</script>"], "a.html", { type: "text/html" }) : "fuzz")) },
  ];
  for (const [name, kind] of Object.entries(fields))
    if (kind === "text")
      for (const [label, value] of [
        ["NUL", "a\u0000b"],
        ["empty", ""],
        ["long", "x".repeat(100_000)],
        ["JSON", '{"a":1}'],
        ["number", "-1e999"],
      ] as const)
        variants.push({ label: `multipart ${name}=${label}`, body: build((n, k) => (n === name ? value : good(k))) });
  return variants;
}
