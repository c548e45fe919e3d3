import { createReadStream } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { pipeline, Readable, Transform, type TransformCallback } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { badFile as bad, tooLarge } from "./sheet-error.ts";
import type { SheetLimits } from "./sheet-limits.ts";

/** One file inside a zip, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the only two a spreadsheet uses. */
  method: number;
  packed: number;
  /** Declared unpacked size: checked before unpacking, and held to while unpacking. */
  size: number;
  /** Where its local header starts. */
  offset: number;
}

export interface ZipArchive {
  path: string;
  entries: Map<string, ZipEntry>;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

async function readAt(handle: FileHandle, position: number, length: number): Promise<DataView> {
  const bytes = new Uint8Array(length);
  const { bytesRead } = await handle.read(bytes, 0, length, position);
  if (bytesRead !== length) throw bad();
  return new DataView(bytes.buffer);
}

const u64 = (view: DataView, at: number) => {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw bad();
  return Number(value);
};

/** Where the central directory lies and how many entries it has (zip64 records honoured). */
async function directoryOf(handle: FileHandle, fileSize: number): Promise<{ count: number; start: number; size: number; end: number }> {
  // The end record is the last 22 bytes, unless a comment (up to 64 KiB) follows it.
  const tailLength = Math.min(fileSize, 22 + MAX16);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tailLength - 22; i >= 0; i -= 1) {
    if (tail.getUint32(i, true) === EOCD && i + 22 + tail.getUint16(i + 20, true) <= tailLength) {
      at = i;
      break;
    }
  }
  if (at < 0) throw bad();
  const end = fileSize - tailLength + at;
  let count = tail.getUint16(at + 10, true);
  let size = tail.getUint32(at + 12, true);
  let start = tail.getUint32(at + 16, true);
  // Split archives are not spreadsheets.
  if (tail.getUint16(at + 4, true) !== 0 || tail.getUint16(at + 6, true) !== 0) throw bad();
  if (count === MAX16 || size === MAX32 || start === MAX32) {
    if (at < 20 || tail.getUint32(at - 20, true) !== ZIP64_LOCATOR) throw bad();
    const recordAt = u64(tail, at - 12);
    if (recordAt + 56 > end) throw bad();
    const record = await readAt(handle, recordAt, 56);
    if (record.getUint32(0, true) !== ZIP64_EOCD) throw bad();
    count = u64(record, 32);
    size = u64(record, 40);
    start = u64(record, 48);
  }
  if (start + size > end) throw bad();
  return { count, start, size, end };
}

/** The zip64 extra field's sizes and offset, for the fields the directory set to 0xFFFFFFFF. */
function zip64Values(view: DataView, extraAt: number, extraEnd: number, wanted: readonly string[]): number[] {
  for (let at = extraAt; at + 4 <= extraEnd; ) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      if (at + 4 + wanted.length * 8 > extraEnd) throw bad();
      return wanted.map((_, i) => u64(view, at + 4 + i * 8));
    }
    at += 4 + length;
  }
  throw bad();
}

/** An entry's declared sizes against the limits: refused before a byte of it is unpacked. */
function checkDeclared(entry: ZipEntry, limits: SheetLimits["zip"]): void {
  if (entry.size > limits.entryBytes) throw tooLarge();
  if (entry.size > limits.ratioFrom && entry.size > entry.packed * limits.ratio) throw tooLarge();
  if (entry.method === 0 && entry.size !== entry.packed) throw bad();
}

/**
 * Reads a zip's central directory (at its end) and checks every entry before anything is
 * unpacked: no encryption, stored or deflated only, data inside the file, declared sizes and
 * compression ratios within `limits`. A truncated or malformed archive fails here at once
 * with SheetError "bad-file"; one that would unpack too large with "too-large".
 */
export async function openZip(path: string, limits: SheetLimits["zip"]): Promise<ZipArchive> {
  const handle = await open(path, "r").catch(() => {
    throw bad();
  });
  try {
    const stat = await handle.stat();
    const fileSize = stat.size;
    if (!stat.isFile() || fileSize < 22) throw bad();
    const directory = await directoryOf(handle, fileSize);
    if (directory.count > limits.entries) throw tooLarge();
    const view = await readAt(handle, directory.start, directory.size);
    const entries = new Map<string, ZipEntry>();
    const names = new TextDecoder("utf-8", { fatal: false });
    let total = 0;
    let at = 0;
    for (let i = 0; i < directory.count; i += 1) {
      if (at + 46 > directory.size || view.getUint32(at, true) !== CENTRAL) throw bad();
      const flags = view.getUint16(at + 8, true);
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const next = at + 46 + nameLength + extraLength + view.getUint16(at + 32, true);
      if (next > directory.size) throw bad();
      const entry: ZipEntry = {
        name: names.decode(new Uint8Array(view.buffer, at + 46, nameLength)),
        method: view.getUint16(at + 10, true),
        packed: view.getUint32(at + 20, true),
        size: view.getUint32(at + 24, true),
        offset: view.getUint32(at + 42, true),
      };
      const wide = (["size", "packed", "offset"] as const).filter((k) => entry[k] === MAX32);
      if (wide.length) {
        const values = zip64Values(view, at + 46 + nameLength, at + 46 + nameLength + extraLength, wide);
        wide.forEach((k, j) => {
          entry[k] = values[j]!;
        });
      }
      // Encrypted entries, and methods a spreadsheet never uses, are not read.
      if (flags & 0x1 || (entry.method !== 0 && entry.method !== 8)) throw bad();
      if (entry.offset + 30 + entry.packed > directory.start || entries.has(entry.name)) throw bad();
      checkDeclared(entry, limits);
      total += entry.size;
      if (total > limits.totalBytes) throw tooLarge();
      entries.set(entry.name, entry);
      at = next;
    }
    return { path, entries };
  } finally {
    await handle.close();
  }
}

/**
 * Counts what is actually unpacked: more than the declared size (or the caller's bound) is a
 * lie, stopped at once; less, at the end, is a truncated entry. Either way the file is bad.
 */
class Unpacked extends Transform {
  private seen = 0;

  constructor(private expected: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.expected) done(bad());
    else done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.seen === this.expected ? null : bad());
  }
}

/**
 * An entry's unpacked bytes as a stream, held to its declared size and to `maxBytes`. Every
 * stream of the chain is destroyed when any of them fails or the reader stops early; a fault
 * (a truncated deflate stream, a lie about the size) reaches the reader as an `error`.
 */
export async function entryStream(archive: ZipArchive, entry: ZipEntry, maxBytes: number): Promise<Readable> {
  if (entry.size > maxBytes) throw tooLarge();
  const handle = await open(archive.path, "r").catch(() => {
    throw bad();
  });
  let dataAt: number;
  try {
    const local = await readAt(handle, entry.offset, 30);
    if (local.getUint32(0, true) !== LOCAL) throw bad();
    dataAt = entry.offset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  } finally {
    await handle.close();
  }
  const counted = new Unpacked(entry.size);
  // No listener of its own would let a fault after the reader left be an uncaught 'error'.
  counted.on("error", () => {});
  const source = entry.packed === 0 ? Readable.from([]) : createReadStream(archive.path, { start: dataAt, end: dataAt + entry.packed - 1, highWaterMark: 16 * 1024 });
  const done = () => {};
  if (entry.method === 8) pipeline(source, createInflateRaw(), counted, done);
  else pipeline(source, counted, done);
  return counted;
}
