import { describe, expect, it } from "vitest";
import { classifyAddress } from "./address-class.ts";
import { embeddedIpv4, inRange, parseIp, parseRange } from "./ip-address.ts";

const classOf = (text: string) => {
  const ip = parseIp(text);
  if (!ip) throw new Error(`not an address: ${text}`);
  return classifyAddress(ip);
};
/** What a URL's host becomes after WHATWG parsing, as the guard sees it. */
const hostOf = (url: string) => new URL(url).hostname;

describe("IP addresses: happy", () => {
  it("reads IPv4 and every IPv6 spelling to the same number", () => {
    expect(parseIp("127.0.0.1")).toEqual({ version: 4, value: 0x7f000001n });
    expect(parseIp("::1")).toEqual({ version: 6, value: 1n });
    expect(parseIp("[::1]")).toEqual({ version: 6, value: 1n });
    expect(parseIp("0:0:0:0:0:0:0:1")).toEqual({ version: 6, value: 1n });
    expect(parseIp("::ffff:127.0.0.1")).toEqual(parseIp("::ffff:7f00:1"));
    expect(parseIp("fe80::1%eth0")).toEqual(parseIp("fe80::1"));
    expect(parseIp("2001:db8::8:800:200c:417a")!.value).toBe(0x20010db80000000000080800200c417an);
  });

  it("reads CIDR ranges and matches addresses in them", () => {
    const ten = parseRange("10.0.0.0/8")!;
    expect(inRange(parseIp("10.255.1.2")!, ten)).toBe(true);
    expect(inRange(parseIp("11.0.0.1")!, ten)).toBe(false);
    expect(inRange(parseIp("::ffff:10.0.0.1")!, ten)).toBe(false); // versions never mix; the guard compares embeddedIpv4 too
    expect(parseRange("192.168.1.7")).toEqual({ version: 4, base: 0xc0a80107n, prefix: 32 });
    expect(inRange(parseIp("fd12::1")!, parseRange("fc00::/7")!)).toBe(true);
  });

  it("finds the IPv4 address inside mapped, NAT64, 6to4 and compatible IPv6 forms", () => {
    const loop = { version: 4, value: 0x7f000001n };
    expect(embeddedIpv4(parseIp("::ffff:127.0.0.1")!)).toEqual(loop);
    expect(embeddedIpv4(parseIp("64:ff9b::7f00:1")!)).toEqual(loop);
    expect(embeddedIpv4(parseIp("2002:7f00:1::")!)).toEqual(loop);
    expect(embeddedIpv4(parseIp("::127.0.0.1")!)).toEqual(loop);
    expect(embeddedIpv4(parseIp("::1")!)).toBeNull();
    expect(embeddedIpv4(parseIp("2606:4700::1111")!)).toBeNull();
  });
});

describe("IP addresses: errors", () => {
  it("does not read what is not a canonical address", () => {
    for (const bad of [
      "",
      "localhost",
      "127.1",
      "0x7f.0.0.1",
      "2130706433",
      "010.0.0.1",
      "256.0.0.1",
      "1.2.3.4.5",
      "1::2::3",
      "12345::",
      "1:2:3:4:5:6:7:8:9",
      "::ffff:999.0.0.1",
      "1:2:3:4:5:6:7::8:9",
    ])
      expect(parseIp(bad), bad).toBeNull();
    for (const bad of ["10.0.0.0/33", "::/129", "10.0.0.0/8/1", "10.0.0.0/x", "host/8"]) expect(parseRange(bad), bad).toBeNull();
  });
});

describe("address classes: security", () => {
  it("metadata addresses, in every form, are metadata", () => {
    for (const a of ["169.254.169.254", "100.100.100.200", "fd00:ec2::254", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "64:ff9b::a9fe:a9fe"])
      expect(classOf(a), a).toBe("metadata");
    expect(classOf(hostOf("http://2852039166/"))).toBe("metadata"); // 169.254.169.254 in decimal
    expect(classOf(hostOf("http://0xa9.0xfe.0xa9.0xfe/"))).toBe("metadata");
  });

  it("classifies link-local, unspecified, multicast and broadcast (refused always)", () => {
    expect(classOf("169.254.10.1")).toBe("link-local");
    expect(classOf("fe80::1")).toBe("link-local");
    expect(classOf("febf::1")).toBe("link-local");
    expect(classOf("0.0.0.0")).toBe("unspecified");
    expect(classOf("0.1.2.3")).toBe("unspecified");
    expect(classOf("::")).toBe("unspecified");
    expect(classOf(hostOf("http://0/"))).toBe("unspecified");
    expect(classOf("224.0.0.1")).toBe("multicast");
    expect(classOf("ff02::1")).toBe("multicast");
    expect(classOf("255.255.255.255")).toBe("broadcast");
  });

  it("classifies loopback in every literal form a URL accepts", () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://0x7f.0x0.0x0.0x1/",
      "http://017700000001/",
      "http://127.1/",
      "http://127.0.0.1./",
      "http://127.255.255.254/",
    ])
      expect(classOf(hostOf(url)), url).toBe("loopback");
    for (const url of ["http://[::1]/", "http://[0:0:0:0:0:0:0:1]/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[64:ff9b::127.0.0.1]/"])
      expect(classOf(hostOf(url)), url).toBe("loopback");
  });

  it("classifies private, shared (CGNAT) and reserved ranges, also inside IPv6", () => {
    for (const a of ["10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "fc00::1", "fd12:3456::1", "::ffff:10.1.2.3", "::ffff:192.168.0.1"])
      expect(classOf(a), a).toBe("private");
    for (const a of ["100.64.0.1", "100.127.255.255", "::ffff:100.64.0.1"]) expect(classOf(a), a).toBe("shared");
    for (const a of ["192.0.2.1", "198.18.0.1", "240.0.0.1", "2001:db8::1"]) expect(classOf(a), a).toBe("reserved");
  });

  it("leaves the public internet public, including neighbours of the ranges", () => {
    for (const a of [
      "8.8.8.8",
      "1.1.1.1",
      "172.15.255.255",
      "172.32.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "169.253.255.255",
      "11.0.0.0",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
    ])
      expect(classOf(a), a).toBe("public");
  });
});
