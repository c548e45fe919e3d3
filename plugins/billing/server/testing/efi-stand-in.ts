import { readFileSync } from "node:fs";
import { join } from "node:path";
import { staticPixCode } from "../../shared/br-code.ts";
import { type Notification, randomId, type StandIn, startStandIn } from "./stand-in-server.ts";

const certs = join(import.meta.dirname, "certs");
/** Test-only certificates (certs/README.md): a CA, the stand-in's server certificate, a client .p12 it signed and a stranger's. */
export const TEST_CERTS = {
  caFile: join(certs, "ca.pem"),
  clientP12: join(certs, "client.p12"),
  strangerP12: join(certs, "stranger.p12"),
};

interface Cob {
  txid: string;
  locId: number;
  valor: string;
  chave: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR";
  devedor?: unknown;
}

/**
 * Efí's PIX API, as documented: every call over mutual TLS (a client certificate signed by
 * the test CA, else the handshake fails), `POST /oauth/token` with Basic client credentials
 * and `{ grant_type: "client_credentials" }`, `PUT /v2/cob/{txid}` (26-35 letters and digits,
 * `valor.original` "0.00", `chave`), `GET /v2/loc/{id}/qrcode`, `GET /v2/cob/{txid}`, `PATCH /v2/cob/{txid}` (status
 * `REMOVIDA_PELO_USUARIO_RECEBEDOR`) and
 * `PUT /v2/webhook/{chave}`. `pay(txid)` settles a charge and answers the notification Efí
 * would post to the registered URL (with `/pix` appended): `{ pix: [{ endToEndId, txid, valor, horario }] }`.
 */
export async function startEfiStandIn(credentials = { clientId: "Client_Id_test", clientSecret: "Client_Secret_test" }) {
  const cobs = new Map<string, Cob>();
  const tokens = new Set<string>();
  const webhooks = new Map<string, string>();
  let locs = 0;
  /** Tests set it to make `PUT /v2/webhook` fail as Efí does for a URL it cannot use. */
  const behaviour = { refuseWebhooks: false };
  const authorized = (headers: Record<string, unknown>) => tokens.has(String(headers.authorization ?? "").replace(/^Bearer /, ""));

  const server: StandIn = await startStandIn(
    (req) => {
      if (!req.clientAuthorized) return { status: 401, body: { nome: "certificado_invalido" } };
      if (req.method === "POST" && req.path === "/oauth/token") {
        const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64");
        if (req.headers.authorization !== `Basic ${basic}` || (req.body as { grant_type?: string } | null)?.grant_type !== "client_credentials")
          return { status: 401, body: { error: "invalid_client" } };
        const token = randomId("tok");
        tokens.add(token);
        return { status: 200, body: { access_token: token, token_type: "Bearer", expires_in: 3600, scope: "cob.write cob.read pix.read webhook.write" } };
      }
      if (!authorized(req.headers)) return { status: 401, body: { nome: "token_invalido" } };
      const cobPath = /^\/v2\/cob\/([^/]+)$/.exec(req.path);
      if (cobPath && req.method === "PUT") {
        const txid = cobPath[1]!;
        const body = req.body as { valor?: { original?: string }; chave?: string; calendario?: { expiracao?: number }; devedor?: unknown } | null;
        if (!/^[a-zA-Z0-9]{26,35}$/.test(txid) || !/^\d{1,10}\.\d{2}$/.test(body?.valor?.original ?? "") || !body?.chave)
          return { status: 400, body: { nome: "valor_invalido", mensagem: "Campo inválido" } };
        const cob: Cob = { txid, locId: ++locs, valor: body.valor!.original!, chave: body.chave, status: "ATIVA", devedor: body.devedor };
        cobs.set(txid, cob);
        return { status: 201, body: view(cob) };
      }
      if (cobPath && req.method === "PATCH") {
        const cob = cobs.get(cobPath[1]!);
        if (!cob) return { status: 404, body: { nome: "cobranca_nao_encontrada" } };
        if ((req.body as { status?: string } | null)?.status !== "REMOVIDA_PELO_USUARIO_RECEBEDOR" || cob.status !== "ATIVA")
          return { status: 400, body: { nome: "status_invalido", mensagem: "Campo inválido" } };
        cob.status = "REMOVIDA_PELO_USUARIO_RECEBEDOR";
        return { status: 200, body: view(cob) };
      }
      if (cobPath && req.method === "GET") {
        const cob = cobs.get(cobPath[1]!);
        return cob ? { status: 200, body: view(cob) } : { status: 404, body: { nome: "cobranca_nao_encontrada" } };
      }
      const qr = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(req.path);
      if (qr && req.method === "GET") {
        const cob = [...cobs.values()].find((c) => c.locId === Number(qr[1]));
        if (!cob) return { status: 404, body: { nome: "location_nao_encontrada" } };
        return { status: 200, body: { qrcode: pixCopiaECola(cob), imagemQrcode: "data:image/png;base64,iVBORw0KGgo=", linkVisualizacao: `https://example.invalid/${cob.locId}` } };
      }
      const hook = /^\/v2\/webhook\/([^/]+)$/.exec(req.path);
      if (hook && req.method === "PUT") {
        const url = (req.body as { webhookUrl?: string } | null)?.webhookUrl ?? "";
        if (!url || req.headers["x-skip-mtls-checking"] !== "true" || behaviour.refuseWebhooks) return { status: 400, body: { nome: "webhook_invalido" } };
        webhooks.set(decodeURIComponent(hook[1]!), url);
        return { status: 200, body: { webhookUrl: url } };
      }
      return { status: 404, body: { nome: "rota_nao_encontrada" } };
    },
    {
      cert: readFileSync(join(certs, "server.pem"), "utf8"),
      key: readFileSync(join(certs, "server.key"), "utf8"),
      ca: readFileSync(join(certs, "ca.pem"), "utf8"),
      requestCert: true,
    },
  );

  function view(cob: Cob) {
    return {
      calendario: { criacao: new Date().toISOString(), expiracao: 3600 },
      txid: cob.txid,
      revisao: 0,
      loc: { id: cob.locId, location: `pix.example.invalid/qr/v2/${cob.locId}`, tipoCob: "cob" },
      status: cob.status,
      devedor: cob.devedor,
      valor: { original: cob.valor },
      chave: cob.chave,
      pixCopiaECola: pixCopiaECola(cob),
    };
  }

  function pixCopiaECola(cob: Cob) {
    return staticPixCode({ key: cob.chave, name: "EFI TEST", city: "BELO HORIZONTE", amount: Number(cob.valor), txid: cob.txid });
  }

  return {
    ...server,
    cobs,
    webhooks,
    behaviour,
    /** Settles a charge (paid in full unless `valor` says otherwise) and answers Efí's notification for it. */
    pay(txid: string, valor?: string): Notification {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`no cob ${txid}`);
      cob.status = "CONCLUIDA";
      const registered = webhooks.get(cob.chave);
      if (!registered) throw new Error(`no webhook registered for ${cob.chave}`);
      const target = new URL(`${registered}/pix`);
      const raw = JSON.stringify({
        pix: [{ endToEndId: randomId("E", 14).toUpperCase(), txid, chave: cob.chave, valor: valor ?? cob.valor, horario: new Date().toISOString(), infoPagador: "Fatura" }],
      });
      return { path: `${target.pathname}${target.search}`, headers: {}, raw };
    },
  };
}
export type EfiStandIn = Awaited<ReturnType<typeof startEfiStandIn>>;
