import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import { PROVIDER_TIMEOUT_MS, type ProviderResponse } from "./provider-http.ts";

export interface ClientCertificate {
  /** The PKCS#12 (.p12) file as uploaded: certificate and key together. */
  pfx: Uint8Array;
  passphrase: string;
  /** Extra trusted CA (PEM) for the server's certificate: a test stand-in's, or a corporate proxy's. */
  ca?: string;
}

/**
 * An HTTPS call presenting a client certificate (mutual TLS), as Efí's PIX API requires on
 * every call. `node:https` takes the .p12 as is (`pfx`), on Bun, Deno and Node alike, so no
 * PKCS#12 parser is needed. Failures map as in `providerFetch`.
 */
export async function mtlsRequest(
  provider: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  cert: ClientCertificate,
  log: Pick<Logger, "warn">,
): Promise<ProviderResponse> {
  const target = new URL(url);
  // node:https (and node:http behind it) load with the first Efí call, not at every boot (issue 17).
  const { request } = await import("node:https");
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port || 443,
        path: `${target.pathname}${target.search}`,
        method: init.method,
        headers: { ...init.headers, ...(init.body ? { "content-length": String(Buffer.byteLength(init.body)) } : {}) },
        pfx: Buffer.from(cert.pfx),
        passphrase: cert.passphrase,
        ...(cert.ca ? { ca: cert.ca } : {}),
        timeout: PROVIDER_TIMEOUT_MS,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {}
          if (status < 200 || status >= 300) {
            log.warn(`billing: ${provider} answered ${status}: ${text.slice(0, 500)}`);
            reject(new AppError("ERR_PAYMENT_PROVIDER_FAILED", { provider, status }));
          } else resolve({ status, body });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (err) => {
      log.warn(`billing: ${provider} unreachable: ${err.message}`);
      reject(new AppError("ERR_UPSTREAM_UNAVAILABLE", { provider }));
    });
    if (init.body) req.write(init.body);
    req.end();
  });
}
