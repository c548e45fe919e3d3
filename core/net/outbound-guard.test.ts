import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { OutboundGuard, OutboundRefusedError, type FetchLike, type HostResolver } from "./outbound-guard.ts";

/** A resolver from a table; no test here asks real DNS. Records the names it was asked. */
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: HostResolver = async (name) => {
    asked.push(name);
    const found = table[name];
    if (!found) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    return found;
  };
  return { resolve, asked, table };
}

/** A fetch that records its calls and answers 204 without any network. */
function fakeFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return new Response(null, { status: 204 });
  };
  return { fetch, calls };
}

const strict = (table: Record<string, string[]> = {}) => new OutboundGuard({ allow: "", resolve: fakeDns(table).resolve });
const FORBIDDEN = /^Forbidden address \(/;

describe("outbound guard: happy", () => {
  it("allows public addresses and names that resolve only to public addresses", async () => {
    const guard = strict({ "hooks.example.com": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"] });
    expect(await guard.refusal("https://hooks.example.com/x")).toBeNull();
    expect(await guard.refusal("http://8.8.8.8:8080/hook")).toBeNull();
    expect(await guard.refusal("https://[2606:4700:4700::1111]/")).toBeNull();
  });

  it("allows internal destinations the operator lists, by address, range or name", async () => {
    const dns = fakeDns({ "n8n.lan": ["192.168.0.20"], localhost: ["127.0.0.1"] });
    const byRange = new OutboundGuard({ allow: "127.0.0.0/8, 10.0.0.0/8", resolve: dns.resolve });
    expect(await byRange.refusal("http://127.0.0.1:5678/webhook")).toBeNull();
    expect(await byRange.refusal("http://0x7f.1:5678/")).toBeNull();
    expect(await byRange.refusal("http://[::ffff:127.0.0.1]/")).toBeNull();
    expect(await byRange.refusal("http://localhost:5678/")).toBeNull(); // resolves inside the listed range
    expect(await byRange.refusal("http://10.9.8.7/")).toBeNull();
    expect(await byRange.refusal("http://192.168.0.20/")).toMatch(FORBIDDEN);
    const byName = new OutboundGuard({ allow: "n8n.lan", resolve: dns.resolve });
    expect(await byName.refusal("http://N8N.lan.:5678/webhook")).toBeNull();
    expect(await byName.refusal("http://192.168.0.20/")).toMatch(FORBIDDEN); // the name is listed, not its address
  });

  it("fetches the normalised URL without following redirects, whatever init asks", async () => {
    const net = fakeFetch();
    const guard = new OutboundGuard({ allow: "", resolve: fakeDns({}).resolve, fetch: net.fetch });
    const res = await guard.fetch("http://8.8.8.8/a?b=1", { method: "POST", body: "x", redirect: "follow" });
    expect(res.status).toBe(204);
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]).toMatchObject({ url: "http://8.8.8.8/a?b=1", init: { method: "POST", body: "x", redirect: "manual" } });
  });

  it("check() passes silently for an allowed URL", async () => {
    await expect(strict().check("https://1.1.1.1/", "webhookUrl")).resolves.toBeUndefined();
  });
});

describe("outbound guard: errors", () => {
  it("refuses what is not an http(s) URL", async () => {
    const guard = strict();
    expect(await guard.refusal("not a url")).toBe("Invalid URL");
    expect(await guard.refusal("ftp://8.8.8.8/")).toBe("Only http and https URLs are allowed");
    expect(await guard.refusal("file:///etc/passwd")).toBe("Only http and https URLs are allowed");
  });

  it("refuses a name that does not resolve", async () => {
    expect(await strict().refusal("https://nowhere.example/")).toBe("Host not found");
  });

  it("check() is a field error naming the field", async () => {
    const err = await strict()
      .check("http://127.0.0.1:8080/", "webhookUrl")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).toJSON()).toEqual({ error: "ERR_VALIDATION", fields: { webhookUrl: expect.stringMatching(/^Forbidden address \(loopback\)/) } });
  });
});

describe("outbound guard: security", () => {
  it("refuses loopback, private and CGNAT literals in every form without an allow-list", async () => {
    const guard = strict();
    for (const url of [
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://017700000001/",
      "http://127.0.0.1./",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[0:0:0:0:0:ffff:7f00:1]/",
      "http://10.0.0.1/",
      "http://172.16.5.4/",
      "http://192.168.1.1/",
      "http://100.64.0.1/",
      "http://[fd00::1]/",
      "http://[::ffff:192.168.1.1]/",
    ])
      expect(await guard.refusal(url), url).toMatch(FORBIDDEN);
  });

  it("refuses metadata, link-local, unspecified, multicast and broadcast even when listed", async () => {
    const guard = new OutboundGuard({
      allow: "0.0.0.0/0, ::/0, 169.254.0.0/16, 169.254.169.254, fd00:ec2::254, 100.64.0.0/10, metadata.google.internal",
      resolve: fakeDns({ "metadata.google.internal": ["169.254.169.254"] }).resolve,
    });
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://2852039166/",
      "http://[::ffff:169.254.169.254]/",
      "http://[fd00:ec2::254]/",
      "http://100.100.100.200/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://169.254.1.1/",
      "http://[fe80::1]/",
      "http://0.0.0.0:8080/",
      "http://0/",
      "http://[::]/",
      "http://224.0.0.1/",
      "http://255.255.255.255/",
    ])
      expect(await guard.refusal(url), url).toMatch(FORBIDDEN);
    expect(await guard.refusal("http://100.64.0.1/")).toBeNull(); // CGNAT itself is listable; its metadata address is not
  });

  it("refuses a name when ANY of its addresses is forbidden", async () => {
    const guard = strict({ "mixed.example": ["93.184.216.34", "10.0.0.5"], "v6.example": ["2606:4700::1", "::1"] });
    expect(await guard.refusal("https://mixed.example/")).toMatch(/^Forbidden address \(private\)/);
    expect(await guard.refusal("https://v6.example/")).toMatch(/^Forbidden address \(loopback\)/);
  });

  it("treats localhost names as loopback whatever DNS answers", async () => {
    const guard = strict({ localhost: ["127.0.0.1"], "app.localhost": ["93.184.216.34"] });
    expect(await guard.refusal("http://localhost:3000/")).toMatch(/^Forbidden address \(loopback\)/);
    expect(await guard.refusal("http://LOCALHOST.:3000/")).toMatch(/^Forbidden address \(loopback\)/);
    expect(await guard.refusal("http://app.localhost/")).toMatch(/^Forbidden address \(loopback\)/);
  });

  it("does not resolve literals, and the refusal never names the resolved address", async () => {
    const dns = fakeDns({ "internal.example": ["10.1.2.3"] });
    const guard = new OutboundGuard({ resolve: dns.resolve });
    await guard.refusal("http://10.1.2.3/");
    expect(dns.asked).toEqual([]);
    const reason = await guard.refusal("http://internal.example/");
    expect(reason).toMatch(FORBIDDEN);
    expect(reason).not.toContain("10.1.2.3");
    expect(dns.asked).toEqual(["internal.example"]);
  });

  it("checks again at connect time: a name that moved inside after the save is refused, nothing is fetched", async () => {
    const dns = fakeDns({ "hooks.example": ["93.184.216.34"] });
    const net = fakeFetch();
    const guard = new OutboundGuard({ resolve: dns.resolve, fetch: net.fetch });
    await guard.check("http://hooks.example/x", "webhookUrl");
    dns.table["hooks.example"] = ["127.0.0.1"];
    const err = await guard.fetch("http://hooks.example/x", { method: "POST" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect((err as Error).message).toMatch(/^Forbidden address \(loopback\)/);
    expect(net.calls).toHaveLength(0);
  });
});

describe("outbound guard: redirects over real loopback HTTP", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  });
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it("a 3xx to an internal address is answered as is, never followed", async () => {
    let internalHits = 0;
    const internal = await listen((_req, res) => {
      internalHits++;
      res.end("secret");
    });
    const bouncer = await listen((_req, res) => res.writeHead(302, { location: `${internal}/latest/meta-data` }).end());
    // The operator allows the bouncer's address only; the guard must not let fetch chase the Location.
    const guard = new OutboundGuard({ allow: "127.0.0.1", resolve: fakeDns({}).resolve });
    const res = await guard.fetch(`${bouncer}/hook`, { method: "POST", body: "{}", redirect: "follow" });
    expect(res.status).toBe(302);
    await res.body?.cancel();
    expect(internalHits).toBe(0);
  });
});
