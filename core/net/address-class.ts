import { embeddedIpv4, inRange, parseRange, type IpAddress, type IpRange } from "./ip-address.ts";

/**
 * What kind of destination an address is, for the outbound guard (core/net/outbound-guard.ts).
 * - `public`: anywhere on the internet.
 * - `loopback`, `private` (RFC 1918, IPv6 unique-local), `shared` (carrier-grade NAT,
 *   100.64.0.0/10) and `reserved` (documentation, benchmarking, future use): internal, refused
 *   unless the operator lists them in ALLOWED_INTERNAL_HOSTS.
 * - `metadata` (cloud instance metadata), `link-local`, `unspecified` (0.0.0.0/8, `::`,
 *   which Linux connects to the local host), `multicast`, `broadcast`: refused always.
 */
export type AddressClass = "public" | "loopback" | "private" | "shared" | "reserved" | "metadata" | "link-local" | "unspecified" | "multicast" | "broadcast";

/** Classes no allow-list opens: nothing legitimate a company configures lives there. */
export const ALWAYS_FORBIDDEN: ReadonlySet<AddressClass> = new Set(["metadata", "link-local", "unspecified", "multicast", "broadcast"]);

const table = (rows: [string, AddressClass][]): [IpRange, AddressClass][] => rows.map(([cidr, cls]) => [parseRange(cidr)!, cls]);

/** First match wins, so exact metadata addresses come before the ranges that hold them. */
const IPV4 = table([
  ["169.254.169.254/32", "metadata"], // AWS, GCP, Azure, Oracle, OpenStack
  ["100.100.100.200/32", "metadata"], // Alibaba Cloud
  ["168.63.129.16/32", "metadata"], // Azure's platform endpoint (a public-looking address)
  ["0.0.0.0/8", "unspecified"],
  ["127.0.0.0/8", "loopback"],
  ["10.0.0.0/8", "private"],
  ["172.16.0.0/12", "private"],
  ["192.168.0.0/16", "private"],
  ["100.64.0.0/10", "shared"],
  ["169.254.0.0/16", "link-local"],
  ["192.0.0.0/24", "reserved"],
  ["192.0.2.0/24", "reserved"],
  ["198.18.0.0/15", "reserved"],
  ["198.51.100.0/24", "reserved"],
  ["203.0.113.0/24", "reserved"],
  ["224.0.0.0/4", "multicast"],
  ["255.255.255.255/32", "broadcast"],
  ["240.0.0.0/4", "reserved"],
]);

const IPV6 = table([
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["fd00:ec2::254/128", "metadata"], // AWS over IPv6
  ["fe80::/10", "link-local"],
  ["ff00::/8", "multicast"],
  ["fc00::/7", "private"],
  ["fec0::/10", "private"], // site-local, deprecated but still routed inside some networks
  ["2001:db8::/32", "reserved"],
  ["100::/64", "reserved"],
]);

/**
 * Classifies one address. An IPv6 address that carries an IPv4 one (`::ffff:127.0.0.1`,
 * NAT64, 6to4) is classified by the IPv4 address it reaches.
 * @example classifyAddress(parseIp("::ffff:169.254.169.254")!) // "metadata"
 */
export function classifyAddress(ip: IpAddress): AddressClass {
  const v4 = embeddedIpv4(ip);
  if (v4) return classifyAddress(v4);
  for (const [range, cls] of ip.version === 4 ? IPV4 : IPV6) if (inRange(ip, range)) return cls;
  return "public";
}
