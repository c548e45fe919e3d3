/**
 * IP addresses and CIDR ranges as numbers, so a range check is one shift and compare.
 * Only the canonical text forms are read here (dotted-decimal IPv4, RFC 4291 IPv6): URL
 * host names reach this module after `new URL()` normalised `0x7f.1`, `2130706433` and
 * the like, and DNS answers are canonical already. Anything else is "not an address".
 */

/** An address: 32 bits for IPv4, 128 for IPv6. */
export interface IpAddress {
  readonly version: 4 | 6;
  readonly value: bigint;
}

/** A range: the addresses whose first `prefix` bits equal those of `base`. */
export interface IpRange {
  readonly version: 4 | 6;
  readonly base: bigint;
  readonly prefix: number;
}

const bitsOf = (version: 4 | 6) => (version === 4 ? 32 : 128);

/** Dotted decimal, four parts, no leading zeros (`010.0.0.1` would be octal to some parsers). */
function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

/** RFC 4291 text: up to eight hex groups, one `::`, an optional dotted IPv4 tail. */
function parseIpv6(text: string): bigint | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : null;
  // A dotted IPv4 at the very end stands for the last two groups.
  const end = tail ?? head;
  const words: bigint[] = [];
  let v4Words: bigint[] = [];
  if (end.at(-1)?.includes(".")) {
    const v4 = parseIpv4(end.pop()!);
    if (v4 === null) return null;
    v4Words = [v4 >> 16n, v4 & 0xffffn];
  }
  const read = (list: string[]) => list.every((g) => /^[0-9a-f]{1,4}$/i.test(g) && words.push(BigInt(`0x${g}`)));
  if (!read(head)) return null;
  if (tail) {
    const zeros = 8 - head.length - tail.length - v4Words.length;
    if (zeros < 1) return null;
    words.push(...Array<bigint>(zeros).fill(0n));
    if (!read(tail)) return null;
  }
  words.push(...v4Words);
  if (words.length !== 8) return null;
  return words.reduce((acc, w) => (acc << 16n) | w, 0n);
}

/**
 * Reads an address; IPv6 may come in brackets and with a zone (`fe80::1%eth0`), which
 * names an interface, not a different address.
 * @example parseIp("[::ffff:7f00:1]") // { version: 6, value: 0xffff7f000001n }
 */
export function parseIp(text: string): IpAddress | null {
  let t = text.trim();
  if (t.startsWith("[") && t.endsWith("]")) t = t.slice(1, -1);
  if (t.includes(":")) {
    const value = parseIpv6(t.replace(/%.*$/, ""));
    return value === null ? null : { version: 6, value };
  }
  const value = parseIpv4(t);
  return value === null ? null : { version: 4, value };
}

/**
 * Reads `address/prefix`, or a bare address as a range of one.
 * @example parseRange("10.0.0.0/8") // { version: 4, base: 0x0a000000n, prefix: 8 }
 */
export function parseRange(text: string): IpRange | null {
  const [addr, prefixText, extra] = text.trim().split("/");
  if (extra !== undefined) return null;
  const ip = parseIp(addr ?? "");
  if (!ip) return null;
  const bits = bitsOf(ip.version);
  if (prefixText === undefined) return { version: ip.version, base: ip.value, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { version: ip.version, base: ip.value, prefix: Number(prefixText) };
}

/** Whether `ip` lies in `range` (an IPv4 address is never in an IPv6 range: compare `embeddedIpv4` too). */
export function inRange(ip: IpAddress, range: IpRange): boolean {
  if (ip.version !== range.version) return false;
  const shift = BigInt(bitsOf(ip.version) - range.prefix);
  return ip.value >> shift === range.base >> shift;
}

/** The ranges of IPv6 that carry an IPv4 address, and where: connecting to one reaches that IPv4 host. */
const CARRIERS: readonly { range: IpRange; shift: bigint }[] = [
  { range: parseRange("::ffff:0:0/96")!, shift: 0n }, // IPv4-mapped
  { range: parseRange("64:ff9b::/96")!, shift: 0n }, // NAT64, well-known prefix
  { range: parseRange("64:ff9b:1::/48")!, shift: 0n }, // NAT64, local-use prefix
  { range: parseRange("::/96")!, shift: 0n }, // IPv4-compatible (deprecated, still routed by some stacks)
  { range: parseRange("2002::/16")!, shift: 80n }, // 6to4: the IPv4 follows the first 16 bits
];

/**
 * The IPv4 address an IPv6 address stands for (mapped `::ffff:a.b.c.d`, NAT64, 6to4,
 * IPv4-compatible), else null. `::` and `::1` are IPv6's own and carry none.
 * @example embeddedIpv4(parseIp("::ffff:127.0.0.1")!) // { version: 4, value: 0x7f000001n }
 */
export function embeddedIpv4(ip: IpAddress): IpAddress | null {
  if (ip.version !== 6 || ip.value <= 1n) return null;
  for (const { range, shift } of CARRIERS) if (inRange(ip, range)) return { version: 4, value: (ip.value >> shift) & 0xffffffffn };
  return null;
}
