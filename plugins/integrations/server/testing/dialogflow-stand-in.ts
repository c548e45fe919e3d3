import { standIn } from "./stand-in-server.ts";

/**
 * Google's OAuth token endpoint and Dialogflow ES `detectIntent` on loopback: `POST /token`
 * (a JWT bearer grant) answers `{ access_token, expires_in, token_type }`; `POST
 * /v2/projects/{p}/agent/sessions/{s}:detectIntent` needs that token and answers a
 * `queryResult` with fulfillment messages; "tchau" matches an intent with `endInteraction`.
 * Set DIALOGFLOW_API_URL and DIALOGFLOW_TOKEN_URL to its url (and `${url}/token`).
 */
export async function dialogflowStandIn() {
  const token = "ya29.stand-in";
  return standIn(({ path, raw, headers, body }) => {
    if (path === "/token") {
      const form = new URLSearchParams(raw);
      const assertion = form.get("assertion") ?? "";
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer" || assertion.split(".").length !== 3) return { status: 400, json: { error: "invalid_grant" } };
      return { json: { access_token: token, expires_in: 3600, token_type: "Bearer" } };
    }
    const detect = path.match(/^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/);
    if (detect) {
      if (headers.authorization !== `Bearer ${token}`) return { status: 401, json: { error: { code: 401, message: "Unauthenticated" } } };
      const text: string = body?.queryInput?.text?.text ?? "";
      const end = text.toLowerCase() === "tchau";
      const fulfillment = end ? "Até logo!" : `Dialogflow (${detect[1]}) ouviu: ${text}`;
      return {
        json: {
          responseId: "r1",
          queryResult: {
            queryText: text,
            languageCode: body?.queryInput?.text?.languageCode,
            fulfillmentText: fulfillment,
            fulfillmentMessages: [{ text: { text: [fulfillment] } }],
            intent: { name: "projects/p/agent/intents/1", displayName: end ? "Despedida" : "Default", endInteraction: end },
          },
        },
      };
    }
    return { status: 404, json: { error: "not found" } };
  });
}

/** A service account JSON with a fresh RSA key (PKCS#8 PEM), as Google's console would download it. */
export async function serviceAccount(tokenUri: string): Promise<string> {
  const pair = await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, [
    "sign",
    "verify",
  ]);
  const der = new Uint8Array(await crypto.subtle.exportKey("pkcs8", pair.privateKey));
  let s = "";
  for (const b of der) s += String.fromCharCode(b);
  const pem = `-----BEGIN PRIVATE KEY-----\n${btoa(s)
    .match(/.{1,64}/g)!
    .join("\n")}\n-----END PRIVATE KEY-----\n`;
  return JSON.stringify({ type: "service_account", project_id: "agente-1", private_key: pem, client_email: "bot@agente-1.iam.gserviceaccount.com", token_uri: tokenUri });
}
