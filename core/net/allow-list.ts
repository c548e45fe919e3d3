import { embeddedIpv4, inRange, parseRange, type IpAddress, type IpRange } from "./ip-address.ts";

/** A DNS name: letters, digits and hyphens in dot-separated labels (a trailing dot is the root). */
const HOST_NAME = /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

/**
 * A URL parser reads a host whose last label is a number (`127.1`, `0x7f.1`) as an IPv4
 * address, so such an entry can never match a URL's host by name: refuse it instead of
 * letting it look like it allows something.
 */
const endsInNumber = (name: string) => /^(\d+|0x[0-9a-f]*)$/i.test(name.replace(/\.$/, "").split(".").at(-1) ?? "");

/** `Example.COM.` and `example.com` are one host. */
export const normaliseHostName = (name: string): string => name.toLowerCase().replace(/\.+$/, "");

/**
 * The internal destinations a self-hoster opens to companies' outbound URLs
 * (ALLOWED_INTERNAL_HOSTS): comma-separated host names, addresses and CIDR ranges,
 * e.g. their n8n on the same machine. It never opens metadata or link-local addresses
 * (the guard refuses those before asking the list).
 * @example
 *   const list = AllowList.parse("n8n.internal, 127.0.0.1, 10.20.0.0/16");
 *   list.allowsName("N8N.internal."); // true
 */
export class AllowList {
  private constructor(
    private readonly names: ReadonlySet<string>,
    private readonly ranges: readonly IpRange[],
  ) {}

  /** Reads the variable's text; throws an Error naming the first entry it cannot read. */
  static parse(text: string): AllowList {
    const names = new Set<string>();
    const ranges: IpRange[] = [];
    for (const raw of text.split(",")) {
      const entry = raw.trim();
      if (!entry) continue;
      const range = parseRange(entry);
      if (range) ranges.push(range);
      else if (HOST_NAME.test(entry) && !endsInNumber(entry)) names.add(normaliseHostName(entry));
      else throw new Error(`"${entry}" is not a host name, an IP address or a CIDR range`);
    }
    return new AllowList(names, ranges);
  }

  /** Whether the host name (as the URL spells it) is listed by name. */
  allowsName(hostName: string): boolean {
    return this.names.has(normaliseHostName(hostName));
  }

  /** Whether the address, or the IPv4 address it carries (`::ffff:10.0.0.5`), is in a listed range. */
  allowsAddress(ip: IpAddress): boolean {
    const v4 = embeddedIpv4(ip);
    return this.ranges.some((r) => inRange(ip, r) || (v4 !== null && inRange(v4, r)));
  }
}

/** For the config schema: null when `text` is a valid list, else what is wrong with it. */
export function allowListProblem(text: string): string | null {
  try {
    AllowList.parse(text);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
