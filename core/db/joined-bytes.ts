const encoder = new TextEncoder();

/**
 * A `bytes` walk's batch (read-pool.ts): the values' bytes joined by the separator's, in one
 * buffer (a worker hands it over without a copy). A BLOB is taken as it is, a text as UTF-8.
 */
export function joinedBytes(parts: readonly unknown[], separator: string): Uint8Array {
  const sep = encoder.encode(separator);
  const views = parts.map((p) => (p instanceof Uint8Array ? p : p instanceof ArrayBuffer ? new Uint8Array(p) : encoder.encode(String(p))));
  const out = new Uint8Array(views.reduce((n, v) => n + v.byteLength, 0) + sep.byteLength * Math.max(0, views.length - 1));
  let at = 0;
  views.forEach((v, i) => {
    if (i) {
      out.set(sep, at);
      at += sep.byteLength;
    }
    out.set(v, at);
    at += v.byteLength;
  });
  return out;
}
