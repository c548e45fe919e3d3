import { AppError } from "../errors.ts";
import { ALWAYS_FORBIDDEN, classifyAddress, type AddressClass } from "./address-class.ts";
import { AllowList, normaliseHostName } from "./allow-list.ts";
import { parseIp, type IpAddress } from "./ip-address.ts";

/** Every address a host name resolves to, as text (`lookup` with `all: true`). */
export type HostResolver = (hostName: string) => Promise<string[]>;

/** The fetch the guard calls once a URL passed (the global one unless a test gives another). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), the one fetch itself uses; works under Bun, Deno and Node. */
// node:dns loads with the first lookup: most boots never resolve a company's host (issue 17).
export const systemResolver: HostResolver = async (hostName) => {
  const { lookup } = await import("node:dns/promises");
  return (await lookup(hostName, { all: true, verbatim: true })).map((a) => a.address);
};

export interface OutboundGuardOptions {
  /** ALLOWED_INTERNAL_HOSTS: its text or the parsed list. Empty: no internal destination is allowed. */
  allow?: AllowList | string;
  /** Tests inject one so no test resolves a real name. */
  resolve?: HostResolver;
  fetch?: FetchLike;
}

/** A URL the guard refused at connect time; `message` is safe to show the company (it names no resolved address). */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundRefusedError";
  }
}

/** `localhost` and `*.localhost` are the local host whatever DNS says (RFC 6761). */
const isLocalhostName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/**
 * The server-side request forgery guard for every URL a company sets (webhooks,
 * integrations' base URLs): the server must not become the company's way into the
 * machine it runs on, its private network or the cloud's metadata service.
 *
 * - `check` at save time: http(s) only, and the host, or every address it resolves to,
 *   must be allowed; a refusal is a field error.
 * - `fetch` at connect time (DNS can change after the save): resolves and checks again,
 *   then fetches the normalised URL with `redirect: "manual"` so a 3xx answer cannot
 *   bounce the request to an internal address (the 3xx itself is returned).
 *
 * Refused always: cloud metadata, link-local, unspecified, multicast, broadcast. Refused
 * unless in ALLOWED_INTERNAL_HOSTS (by the URL's host name, or by address/CIDR):
 * loopback, private, carrier-grade NAT, reserved ranges and `localhost` names. IPv6 forms
 * of IPv4 addresses (`[::ffff:127.0.0.1]`) are judged by the IPv4 address.
 *
 * Residual risk (DNS rebinding): fetch resolves the name again after the check, so a name
 * with a zero TTL could answer a public address to the guard and an internal one to fetch.
 * The connection is not pinned to the checked address: for https the certificate and SNI
 * need the name, and the Web-standard fetch the code runs on (Bun, Deno) offers no portable
 * way to give it a pre-resolved address or to read the address it connected to. The window
 * is the few milliseconds between the two lookups; IP literals and names in the operator's
 * allow-list are not exposed to it.
 * @example
 *   const guard = new OutboundGuard({ allow: config.ALLOWED_INTERNAL_HOSTS });
 *   await guard.check(input.webhookUrl, "webhookUrl"); // ERR_VALIDATION { fields: { webhookUrl } }
 *   const res = await guard.fetch(url, { method: "POST", body }); // OutboundRefusedError if refused
 */
export class OutboundGuard {
  private readonly allow: AllowList;
  private readonly resolve: HostResolver;
  private readonly fetchImpl: FetchLike;

  constructor(options: OutboundGuardOptions = {}) {
    this.allow = options.allow instanceof AllowList ? options.allow : AllowList.parse(options.allow ?? "");
    this.resolve = options.resolve ?? systemResolver;
    this.fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  }

  /**
   * Why `url` may not be fetched now, or null when it may. Resolves the host name.
   * @example await guard.refusal("http://169.254.169.254/") // "Forbidden address (metadata)"
   */
  async refusal(url: string | URL): Promise<string | null> {
    return (await this.inspect(url)).reason;
  }

  /**
   * Save-time check: throws ERR_VALIDATION naming `field` when `url` is refused.
   * @example await guard.check("http://127.0.0.1:5678/webhook", "webhookUrl")
   */
  async check(url: string, field: string): Promise<void> {
    const reason = await this.refusal(url);
    if (reason) throw new AppError("ERR_VALIDATION", { fields: { [field]: reason } });
  }

  /**
   * Connect-time: resolves and checks `url`, then fetches it without following redirects
   * (whatever `init.redirect` says). Throws OutboundRefusedError when refused; otherwise
   * behaves as fetch (network errors, timeouts from `init.signal`).
   * @example const res = await guard.fetch(`${base}/audio/transcriptions`, { method: "POST", body: form });
   */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const { reason, href } = await this.inspect(url);
    if (reason !== null) throw new OutboundRefusedError(reason);
    return this.fetchImpl(href, { ...init, redirect: "manual" });
  }

  private async inspect(url: string | URL): Promise<{ reason: string | null; href: string }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { reason: "Invalid URL", href: "" };
    }
    const href = parsed.href;
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { reason: "Only http and https URLs are allowed", href };
    // WHATWG parsing already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
    const host = normaliseHostName(parsed.hostname);
    const literal = parseIp(host);
    let addresses: IpAddress[];
    if (literal) addresses = [literal];
    else {
      try {
        addresses = (await this.resolve(host)).map((a) => parseIp(a)).filter((a): a is IpAddress => a !== null);
      } catch {
        addresses = [];
      }
      if (!addresses.length) return { reason: "Host not found", href };
    }
    const namedAllowed = !literal && this.allow.allowsName(host);
    for (const ip of addresses) {
      let cls: AddressClass = classifyAddress(ip);
      if (ALWAYS_FORBIDDEN.has(cls)) return { reason: `Forbidden address (${cls})`, href };
      if (cls === "public" && isLocalhostName(host)) cls = "loopback";
      if (cls !== "public" && !namedAllowed && !this.allow.allowsAddress(ip))
        return { reason: `Forbidden address (${cls}); the server's operator can allow it in ALLOWED_INTERNAL_HOSTS`, href };
    }
    return { reason: null, href };
  }
}

/**
 * One guarded fetch without keeping a guard (plugins use `ctx.outbound.fetch`, which carries
 * the configured allow-list).
 * @example await guardedFetch("https://hooks.example.com/x", { method: "POST" }, { allow: "" });
 */
export function guardedFetch(url: string | URL, init: RequestInit = {}, options: OutboundGuardOptions = {}): Promise<Response> {
  return new OutboundGuard(options).fetch(url, init);
}
