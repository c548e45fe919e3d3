import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { AllowList } from "./allow-list.ts";
import { parseIp } from "./ip-address.ts";

const ip = (text: string) => parseIp(text)!;

describe("ALLOWED_INTERNAL_HOSTS: happy", () => {
  it("reads names, addresses and CIDR ranges, comma-separated with spaces", () => {
    const list = AllowList.parse(" n8n.internal , 127.0.0.1, 10.20.0.0/16,[::1], fd00::/8,,");
    expect(list.allowsName("n8n.internal")).toBe(true);
    expect(list.allowsName("N8N.Internal.")).toBe(true);
    expect(list.allowsName("other.internal")).toBe(false);
    expect(list.allowsAddress(ip("127.0.0.1"))).toBe(true);
    expect(list.allowsAddress(ip("127.0.0.2"))).toBe(false);
    expect(list.allowsAddress(ip("10.20.3.4"))).toBe(true);
    expect(list.allowsAddress(ip("10.21.0.1"))).toBe(false);
    expect(list.allowsAddress(ip("::1"))).toBe(true);
    expect(list.allowsAddress(ip("fd12::1"))).toBe(true);
  });

  it("an IPv4 entry also allows its IPv6-mapped form", () => {
    expect(AllowList.parse("127.0.0.1").allowsAddress(ip("::ffff:127.0.0.1"))).toBe(true);
  });

  it("is empty by default, in the config too", () => {
    expect(loadConfig({}).ALLOWED_INTERNAL_HOSTS).toBe("");
    const empty = AllowList.parse("");
    expect(empty.allowsAddress(ip("127.0.0.1"))).toBe(false);
    expect(empty.allowsName("localhost")).toBe(false);
    expect(loadConfig({ ALLOWED_INTERNAL_HOSTS: "localhost,127.0.0.0/8" }).ALLOWED_INTERNAL_HOSTS).toBe("localhost,127.0.0.0/8");
  });
});

describe("ALLOWED_INTERNAL_HOSTS: errors", () => {
  it("a bad entry stops the boot naming the variable and the entry", () => {
    for (const bad of ["10.0.0.0/33", "http://n8n:5678", "0x7f.1", "127.1", "bad host", "::1/200"])
      expect(() => loadConfig({ ALLOWED_INTERNAL_HOSTS: `localhost, ${bad}` }), bad).toThrow(/ALLOWED_INTERNAL_HOSTS: .*is not a host name, an IP address or a CIDR range/);
  });
});
