import { crc32, inflateRawSync } from "node:zlib";

/*
 * Test readers for the writers' output: a zip's entries unpacked with node:zlib (never our own
 * reader, so a writer bug cannot hide behind a matching reader bug), and a PDF's xref checked.
 */

/** Every entry of a zip, from its central directory: name → bytes (inflated or stored). */
export function unzipEntries(zip: Uint8Array): Map<string, Uint8Array> {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  if (v.getUint32(end, true) !== 0x06054b50) throw new Error("no end of central directory");
  const count = v.getUint16(end + 10, true);
  let p = v.getUint32(end + 16, true);
  const out = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    if (v.getUint32(p, true) !== 0x02014b50) throw new Error(`bad central entry at ${p}`);
    const method = v.getUint16(p + 10, true);
    const compressed = v.getUint32(p + 20, true);
    const nameLen = v.getUint16(p + 28, true);
    const extra = v.getUint16(p + 30, true);
    const comment = v.getUint16(p + 32, true);
    const local = v.getUint32(p + 42, true);
    const name = new TextDecoder().decode(zip.subarray(p + 46, p + 46 + nameLen));
    if (v.getUint32(local, true) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    const body = zip.subarray(start, start + compressed);
    const data = method === 8 ? new Uint8Array(inflateRawSync(body)) : body;
    const crc = v.getUint32(p + 16, true);
    if (crc32(data) !== crc || v.getUint32(local + 14, true) !== crc) throw new Error(`CRC of ${name} does not match`);
    if (data.length !== v.getUint32(p + 24, true)) throw new Error(`size of ${name} does not match`);
    out.set(name, data);
    p += 46 + nameLen + extra + comment;
  }
  return out;
}

/** The problems of a PDF's cross-reference table: each entry must point at its `n 0 obj`. */
export function pdfXrefProblems(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString("latin1");
  const problems: string[] = [];
  const start = /startxref\n(\d+)\n%%EOF\n?$/.exec(text);
  if (!start) return ["no startxref before %%EOF"];
  const at = Number(start[1]);
  if (!text.startsWith("xref\n", at)) return [`startxref ${at} does not point at xref`];
  const head = /^xref\n0 (\d+)\n/.exec(text.slice(at));
  if (!head) return ["bad xref header"];
  const size = Number(head[1]);
  let p = at + head[0].length;
  for (let i = 0; i < size; i++, p += 20) {
    const entry = text.slice(p, p + 20);
    if (!/^\d{10} \d{5} [nf] \n$/.test(entry)) problems.push(`entry ${i} malformed: ${JSON.stringify(entry)}`);
    else if (i > 0 && !text.startsWith(`${i} 0 obj`, Number(entry.slice(0, 10)))) problems.push(`object ${i} is not at ${Number(entry.slice(0, 10))}`);
  }
  return problems;
}
