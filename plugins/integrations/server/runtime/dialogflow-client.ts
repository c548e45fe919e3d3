import type { OutboundGuard } from "../../../../core/net/outbound-guard.ts";
import { callJson, ServiceCallError } from "./call-service.ts";

/**
 * Dialogflow ES through its REST API (no SDK): an OAuth token from the service account
 * (a JWT signed RS256 with its private key through WebCrypto, exchanged at its token URI),
 * then `projects/{project}/agent/sessions/{session}:detectIntent`. Base URLs come from the
 * environment so tests reach the loopback stand-in: DIALOGFLOW_API_URL (default Google's)
 * and DIALOGFLOW_TOKEN_URL (default the service account's `token_uri`).
 */

export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const SCOPE = "https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow";

/** The service account JSON's fields we use, or what is wrong with it (a field message). */
export function parseServiceAccount(json: string): { account?: ServiceAccount; problem?: string } {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return { problem: "Invalid JSON" };
  }
  if (!data || typeof data !== "object") return { problem: "Invalid JSON" };
  const clientEmail = typeof data.client_email === "string" ? data.client_email : "";
  const privateKey = typeof data.private_key === "string" ? data.private_key : "";
  if (!clientEmail || !privateKey.includes("PRIVATE KEY")) return { problem: "Not a service account (client_email and private_key are needed)" };
  const tokenUri = typeof data.token_uri === "string" && data.token_uri ? data.token_uri : GOOGLE_TOKEN_URL;
  return { account: { clientEmail, privateKey, tokenUri } };
}

const b64url = (bytes: Uint8Array): string => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};
const b64urlText = (text: string) => b64url(new TextEncoder().encode(text));

async function importKey(pem: string): Promise<CryptoKey> {
  const body = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, "");
  let der: Uint8Array<ArrayBuffer>;
  try {
    der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
    return await crypto.subtle.importKey("pkcs8", der, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
  } catch {
    throw new ServiceCallError("The service account's private key is not a PKCS#8 RSA key");
  }
}

/** The signed JWT assertion of the OAuth 2.0 JWT bearer grant (RFC 7523). */
export async function signedAssertion(account: ServiceAccount, audience: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  const header = b64urlText(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = b64urlText(JSON.stringify({ iss: account.clientEmail, scope: SCOPE, aud: audience, iat, exp: iat + 3600 }));
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", await importKey(account.privateKey), new TextEncoder().encode(`${header}.${claims}`));
  return `${header}.${claims}.${b64url(new Uint8Array(signature))}`;
}

export interface DetectedIntent {
  texts: string[];
  /** The matched intent ends the conversation (ES `intent.endInteraction`). */
  end: boolean;
  intent: string;
}

/** The part of ES `DetectIntentResponse.queryResult` read here (untrusted: every field checked). */
interface QueryResult {
  fulfillmentText?: unknown;
  fulfillmentMessages?: { text?: { text?: unknown } }[];
  intent?: { displayName?: unknown; endInteraction?: unknown };
}

/** Tokens per service account, kept until a minute before they expire. */
const tokens = new Map<string, { token: string; until: number }>();

export class DialogflowClient {
  constructor(private guard: Pick<OutboundGuard, "fetch">) {}

  private apiUrl = () => (process.env.DIALOGFLOW_API_URL || "https://dialogflow.googleapis.com").replace(/\/+$/, "");

  async token(account: ServiceAccount): Promise<string> {
    const key = `${account.clientEmail}|${account.privateKey.length}|${account.tokenUri}`;
    const cached = tokens.get(key);
    if (cached && cached.until > Date.now()) return cached.token;
    const tokenUrl = process.env.DIALOGFLOW_TOKEN_URL || account.tokenUri;
    const assertion = await signedAssertion(account, account.tokenUri);
    const answer = (await callJson(this.guard, tokenUrl, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
    })) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!answer || typeof answer.access_token !== "string") throw new ServiceCallError("The token endpoint answered no access_token");
    const seconds = typeof answer.expires_in === "number" ? answer.expires_in : 3600;
    tokens.set(key, { token: answer.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
    return answer.access_token;
  }

  async detectIntent(account: ServiceAccount, project: string, session: string, text: string, languageCode: string): Promise<DetectedIntent> {
    const token = await this.token(account);
    const url = `${this.apiUrl()}/v2/projects/${encodeURIComponent(project)}/agent/sessions/${encodeURIComponent(session)}:detectIntent`;
    const answer = (await callJson(this.guard, url, {
      headers: { authorization: `Bearer ${token}` },
      json: { queryInput: { text: { text: text.slice(0, 256), languageCode: languageCode || "pt-BR" } } },
    })) as { queryResult?: QueryResult } | null;
    const result = answer?.queryResult;
    if (!result || typeof result !== "object") throw new ServiceCallError("detectIntent answered no queryResult");
    const texts: string[] = [];
    for (const m of Array.isArray(result.fulfillmentMessages) ? result.fulfillmentMessages : []) {
      const lines = m?.text?.text;
      if (Array.isArray(lines)) for (const line of lines) if (typeof line === "string" && line.trim()) texts.push(line);
    }
    if (!texts.length && typeof result.fulfillmentText === "string" && result.fulfillmentText.trim()) texts.push(result.fulfillmentText);
    return { texts, end: result.intent?.endInteraction === true, intent: typeof result.intent?.displayName === "string" ? result.intent.displayName : "" };
  }
}
