import { crc32, deflateRawSync } from "node:zlib";
import { csvField } from "./cell-safety.ts";

/*
 * A small .zip of whole files held in memory (a report's CSVs: each bounded by its report), each
 * deflated with node:zlib, or stored when deflate would not make it smaller. Names are UTF-8
 * (general purpose bit 11). xlsx-writer.ts streams its own zip; this one is for a few small files.
 */

export interface ZipFile {
  name: string;
  data: Uint8Array;
}

/** Bytes one archive may hold before packing: a caller's bug, not a user's input, if crossed. */
export const ZIP_MAX_BYTES = 64 * 1024 * 1024;

/** 1980-01-01 00:00 as DOS date/time: the entries carry no real time (reproducible archives). */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export function zipFiles(files: readonly ZipFile[]): Uint8Array {
  const total = files.reduce((n, f) => n + f.data.length, 0);
  if (total > ZIP_MAX_BYTES) throw new Error(`zip: ${total} bytes is more than ${ZIP_MAX_BYTES}`);
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const name = enc.encode(file.name);
    const packed = deflateRawSync(file.data);
    const deflated = packed.length < file.data.length;
    const body = deflated ? packed : file.data;
    const crc = crc32(file.data);
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true);
    l.setUint16(6, 0x0800, true);
    l.setUint16(8, deflated ? 8 : 0, true);
    l.setUint16(10, DOS_TIME, true);
    l.setUint16(12, DOS_DATE, true);
    l.setUint32(14, crc, true);
    l.setUint32(18, body.length, true);
    l.setUint32(22, file.data.length, true);
    l.setUint16(26, name.length, true);
    local.set(name, 30);
    const dir = new Uint8Array(46 + name.length);
    const d = new DataView(dir.buffer);
    d.setUint32(0, 0x02014b50, true);
    d.setUint16(4, 20, true);
    d.setUint16(6, 20, true);
    d.setUint16(8, 0x0800, true);
    d.setUint16(10, deflated ? 8 : 0, true);
    d.setUint16(12, DOS_TIME, true);
    d.setUint16(14, DOS_DATE, true);
    d.setUint32(16, crc, true);
    d.setUint32(20, body.length, true);
    d.setUint32(24, file.data.length, true);
    d.setUint16(28, name.length, true);
    d.setUint32(42, offset, true);
    dir.set(name, 46);
    parts.push(local, body);
    central.push(dir);
    offset += local.length + body.length;
  }
  const dirSize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, files.length, true);
  e.setUint16(10, files.length, true);
  e.setUint32(12, dirSize, true);
  e.setUint32(16, offset, true);
  const out = new Uint8Array(offset + dirSize + 22);
  let at = 0;
  for (const p of [...parts, ...central, end]) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A CSV file's bytes as csvStream writes them: UTF-8 with a BOM, CRLF, formula-safe fields. */
export function csvBytes(header: readonly string[], rows: readonly (readonly string[])[], delimiter = ";"): Uint8Array {
  const lines = [header, ...rows].map((r) => r.map((v) => csvField(v, delimiter)).join(delimiter));
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}
