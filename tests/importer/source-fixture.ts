import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { bcrypt } from "hash-wasm";
import { SOURCE_DDL } from "./source-schema.ts";

/**
 * A Whaticket-family source for the importer's tests: PGlite (Postgres compiled to
 * WebAssembly) served over the wire protocol on a free loopback port, so the importer reads
 * it with Bun's SQL client exactly as it reads a real server, and a `backend/public` folder.
 */
export interface SourceFixture {
  /** `postgres://…@127.0.0.1:<port>/postgres` */
  url: string;
  db: PGlite;
  /** The old backend's `public/` folder. */
  mediaDir: string;
  close(): Promise<void>;
}

export async function startSource(options: { seed?: boolean } = {}): Promise<SourceFixture> {
  const db = await PGlite.create();
  await db.exec(SOURCE_DDL);
  const mediaDir = mkdtempSync(join(tmpdir(), "whaticket-public-"));
  if (options.seed !== false) await seedSource(db, mediaDir);
  // Port 0: the system picks a free one; getServerConn answers it.
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 4 });
  await server.start();
  return {
    url: `postgres://postgres:postgres@${server.getServerConn()}/postgres`,
    db,
    mediaDir,
    async close() {
      await server.stop();
      await db.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** A bcrypt hash the way bcryptjs wrote them (`$2a$`); cost 4 keeps the tests quick. */
export async function oldHash(password: string): Promise<string> {
  const encoded = await bcrypt({ password, salt: crypto.getRandomValues(new Uint8Array(16)), costFactor: 4, outputType: "encoded" });
  return encoded.replace(/^\$2b\$/, "$2a$");
}

/** The seeded facts the tests check against. */
export const SEEDED = {
  owner: { email: "ana@lojaazul.com.br", password: "Senha-antiga-1" },
  attendant: { email: "bruno@lojaazul.com.br", password: "Outra-senha-2" },
  company: "Loja Azul",
  queues: ["Vendas", "Suporte"],
  media: { file: "1700000000123-foto.jpg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]) },
  missingMedia: "1700000000456-contrato.pdf",
  messages: { company2: 6 },
};

const week = (start: string, end: string) =>
  JSON.stringify(
    [
      ["Segunda-feira", "monday"],
      ["Terça-feira", "tuesday"],
      ["Quarta-feira", "wednesday"],
      ["Quinta-feira", "thursday"],
      ["Sexta-feira", "friday"],
      ["Sábado", "saturday"],
      ["Domingo", "sunday"],
    ].map(([weekday, weekdayEn]) => ({ weekday, weekdayEn, startTime: weekdayEn === "sunday" ? "" : start, endTime: weekdayEn === "sunday" ? "" : end })),
  );

/**
 * Two companies (the platform's and a shop), a plan, bcrypt users, queues with JSONB
 * schedules, a chatbot tree, a connection, contacts with extra fields, tags (one a kanban
 * lane), tickets with their tracking, rating, logs and a note, messages (a media one, a quoted
 * one, one whose file is gone), quick messages and settings.
 */
export async function seedSource(db: PGlite, mediaDir: string): Promise<void> {
  const [admin, owner, attendant] = await Promise.all([oldHash("123456"), oldHash(SEEDED.owner.password), oldHash(SEEDED.attendant.password)]);
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  await q(
    `INSERT INTO "Plans" (name, users, connections, queues, amount, "useKanban", "useCampaigns", recurrence) VALUES ('Plano Ouro', 10, 3, 5, '199.90', false, true, 'MENSAL')`,
  );
  await q(
    `INSERT INTO "Companies" (name, email, phone, "planId", status, "dueDate", recurrence, schedules) VALUES
    ('Empresa 1', 'admin@admin.com', '', 1, true, '2093-03-14T00:00:00Z', 'MENSAL', '[]'),
    ($1, 'contato@lojaazul.com.br', '5511912345678', 1, true, '2030-01-15T03:00:00Z', 'MENSAL', $2::jsonb)`,
    [SEEDED.company, week("08:00", "18:00")],
  );
  await q(
    `INSERT INTO "Users" (name, email, "passwordHash", profile, "companyId", super, "startWork", "endWork", "allTicket") VALUES
    ('Admin', 'admin@admin.com', $1, 'admin', 1, true, '00:00', '23:59', 'enable'),
    ('Ana Dona', $2, $3, 'admin', 2, false, '00:00', '23:59', 'enable'),
    ('Bruno Atende', $4, $5, 'user', 2, false, '00:00', '23:59', 'disable')`,
    [admin, SEEDED.owner.email, owner, SEEDED.attendant.email, attendant],
  );
  await q(
    `INSERT INTO "Queues" (name, color, "greetingMessage", "companyId", schedules, "outOfHoursMessage", "orderQueue") VALUES
    ('Vendas', '#2196f3', 'Bem-vindo às vendas!', 2, $1::jsonb, 'Estamos fechados', 1),
    ('Suporte', '#4caf50', 'Escolha uma opção:', 2, '[]', '', 2),
    ('Geral', '#2196f3', '', 1, '[]', '', 1)`,
    [week("09:00", "17:00")],
  );
  await q(`INSERT INTO "UserQueues" ("userId", "queueId") VALUES (2, 1), (2, 2), (3, 2)`);
  await q(`INSERT INTO "Chatbots" (name, "queueId", "chatbotId", "greetingMessage", "queueType", "optUserId") VALUES
    ('Dúvidas frequentes', 2, NULL, 'Sobre o que é sua dúvida?', 'text', NULL),
    ('Falar com atendente', NULL, 1, 'Já vou chamar alguém', 'attendent', 3),
    ('Segunda via de boleto', NULL, 1, 'Enviaremos por e-mail', 'text', NULL)`);
  await q(
    `INSERT INTO "Whatsapps" (name, status, "isDefault", "companyId", token, "greetingMessage", "complationMessage", "ratingMessage", number, channel, provider, schedules, session)
    VALUES ('Loja WhatsApp', 'CONNECTED', true, 2, 'old-api-token-123456', 'Olá! Como podemos ajudar?', 'Obrigado!', 'Dê uma nota de 1 a 5', '5511912345678', 'whatsapp', 'beta', $1::jsonb, '{"creds":{}}')`,
    [week("08:00", "18:00")],
  );
  await q(`INSERT INTO "WhatsappQueues" ("whatsappId", "queueId") VALUES (1, 1), (1, 2)`);
  await q(`INSERT INTO "Contacts" (name, number, email, "companyId", "urlPicture", "isGroup", "whatsappId") VALUES
    ('Maria Cliente', '5511999990001', 'maria@example.com', 2, 'maria.jpg', false, 1),
    ('João Cliente', '5511999990002', '', 2, NULL, false, 1),
    ('Grupo Atacado', '120363000000000001', '', 2, NULL, true, 1)`);
  await q(`INSERT INTO "ContactCustomFields" (name, value, "contactId") VALUES ('CPF', '123.456.789-00', 1), ('Cidade', 'São Paulo', 1)`);
  await q(
    `INSERT INTO "Tags" (name, color, "companyId", kanban, "timeLane", "greetingMessageLane") VALUES ('VIP', '#ff0000', 2, 0, 0, NULL), ('Novo lead', '#ffaa00', 2, 1, 0, 'Oi!')`,
  );
  await q(`INSERT INTO "ContactTags" ("contactId", "tagId") VALUES (1, 1)`);
  // Maria in Bruno's wallet (and, in a fork that allowed it, also in Ana's: ours keeps one owner); João in Bruno's.
  await q(`INSERT INTO "ContactWallets" ("walletId", "contactId", "companyId") VALUES (3, 1, 2), (2, 1, 2), (3, 2, 2)`);
  await q(`INSERT INTO "Tickets" (status, "lastMessage", "contactId", "userId", "whatsappId", "queueId", "companyId", uuid, "unreadMessages", "createdAt", "updatedAt") VALUES
    ('open', 'foto.jpg', 1, 2, 1, 1, 2, '6f1c1f0e-9a55-4d7e-8f59-1b0d4a9f0a01', 1, '2026-10-01T12:00:00Z', '2026-10-01T12:10:00Z'),
    ('closed', 'Até logo', 2, 3, 1, 2, 2, '6f1c1f0e-9a55-4d7e-8f59-1b0d4a9f0a02', 0, '2026-10-02T09:00:00Z', '2026-10-02T09:30:00Z')`);
  await q(`INSERT INTO "TicketTraking" ("ticketId", "companyId", "whatsappId", "userId", "createdAt", "updatedAt", "queuedAt", "startedAt", "finishedAt", "closedAt", "ratingAt", rated, "queueId") VALUES
    (1, 2, 1, 2, '2026-10-01T12:00:00Z', '2026-10-01T12:05:00Z', '2026-10-01T12:00:30Z', '2026-10-01T12:05:00Z', NULL, NULL, NULL, false, 1),
    (2, 2, 1, 3, '2026-10-02T09:00:00Z', '2026-10-02T09:30:00Z', '2026-10-02T09:01:00Z', '2026-10-02T09:02:00Z', '2026-10-02T09:29:00Z', '2026-10-02T09:29:00Z', '2026-10-02T09:30:00Z', true, 2)`);
  await q(`INSERT INTO "TicketTags" ("ticketId", "tagId") VALUES (1, 2)`);
  await q(`INSERT INTO "UserRatings" ("ticketId", "companyId", "userId", rate, "createdAt", "updatedAt") VALUES (2, 2, 3, 4, '2026-10-02T09:30:00Z', '2026-10-02T09:30:00Z')`);
  await q(`INSERT INTO "LogTickets" ("userId", "ticketId", "queueId", type, "createdAt") VALUES
    (NULL, 1, 1, 'create', '2026-10-01T12:00:00Z'), (2, 1, 1, 'open', '2026-10-01T12:05:00Z'),
    (NULL, 2, 2, 'create', '2026-10-02T09:00:00Z'), (3, 2, 2, 'closed', '2026-10-02T09:29:00Z')`);
  await q(`INSERT INTO "TicketNotes" (note, "userId", "contactId", "ticketId") VALUES ('Cliente pediu desconto', 2, 1, 1)`);
  await q(
    `INSERT INTO "Messages" (body, ack, read, "mediaType", "mediaUrl", "ticketId", "createdAt", "fromMe", "contactId", "companyId", "remoteJid", "dataJson", "queueId", "quotedMsgId", wid) VALUES
    ('Olá, preciso de ajuda', 0, true, 'conversation', NULL, 1, '2026-10-01T12:00:00Z', false, 1, 2, '5511999990001@s.whatsapp.net', '{"key":{}}', 1, NULL, '3EB0AAA1'),
    ('Claro! Em que posso ajudar?', 3, true, 'extendedTextMessage', NULL, 1, '2026-10-01T12:05:00Z', true, 1, 2, '5511999990001@s.whatsapp.net', NULL, 1, 1, '3EB0AAA2'),
    ('foto.jpg', 0, true, 'image', $1, 1, '2026-10-01T12:08:00Z', false, 1, 2, '5511999990001@s.whatsapp.net', NULL, 1, NULL, '3EB0AAA3'),
    ('contrato.pdf', 2, true, 'application', $2, 1, '2026-10-01T12:09:00Z', true, 1, 2, '5511999990001@s.whatsapp.net', NULL, 1, NULL, '3EB0AAA4'),
    ('Oi, quero o boleto', 0, true, 'conversation', NULL, 2, '2026-10-02T09:00:00Z', false, 2, 2, '5511999990002@s.whatsapp.net', NULL, 2, NULL, '3EB0BBB1'),
    ('Até logo', 3, true, 'conversation', NULL, 2, '2026-10-02T09:29:00Z', true, 2, 2, '5511999990002@s.whatsapp.net', NULL, 2, NULL, '3EB0BBB2')`,
    [SEEDED.media.file, SEEDED.missingMedia],
  );
  await q(`INSERT INTO "QuickMessages" (shortcode, message, "companyId", "userId", "mediaPath", "mediaName", geral, visao) VALUES
    ('oi', 'Olá! Em que posso ajudar?', 2, 2, NULL, NULL, true, true), ('pix', 'Nossa chave PIX é…', 2, 3, 'tabela.pdf', 'tabela.pdf', false, true)`);
  await q(`INSERT INTO "Settings" (key, value, "companyId") VALUES ('userRating', 'enabled', 2), ('scheduleType', 'queue', 2), ('allowSignup', 'disabled', 1)`);
  await q(`INSERT INTO "CompaniesSettings" ("companyId", "hoursCloseTicketsAuto", "chatBotType", "acceptCallWhatsapp", "userRandom", "sendGreetingMessageOneQueues",
    "sendSignMessage", "sendFarewellWaitingTicket", "userRating", "sendGreetingAccepted", "CheckMsgIsGroup", "sendQueuePosition", "scheduleType",
    "acceptAudioMessageContact", "enableLGPD", "sendMsgTransfTicket", "requiredTag", "lgpdDeleteMessage", "lgpdHideNumber", "lgpdConsent")
    VALUES (2, '9999999999', 'text', 'enabled', 'disabled', 'enabled', 'enabled', 'disabled', 'enabled', 'disabled', 'enabled', 'disabled', 'queue', 'enabled', 'disabled', 'disabled', 'disabled', 'disabled', 'disabled', 'disabled')`);
  await q(`INSERT INTO "Versions" ("versionFrontend", "versionBackend") VALUES ('6.0.0', '6.0.0')`);
  // A fork's extra column: listed in the report, never a crash.
  await q(`ALTER TABLE "Contacts" ADD COLUMN "crmCode" varchar`);

  mkdirSync(join(mediaDir, "company2", "contacts"), { recursive: true });
  mkdirSync(join(mediaDir, "company2", "quickMessage"), { recursive: true });
  writeFileSync(join(mediaDir, "company2", SEEDED.media.file), SEEDED.media.bytes);
  writeFileSync(join(mediaDir, "company2", "contacts", "maria.jpg"), SEEDED.media.bytes);
  writeFileSync(join(mediaDir, "company2", "quickMessage", "tabela.pdf"), new TextEncoder().encode("%PDF-1.4 tabela"));
}

/** The facts of `seedMoreTables` the tests check against. */
export const MORE = {
  schedule: "Lembrete: sua consulta é amanhã",
  chat: { title: "Equipe de vendas", message: "Bom dia, time!" },
  announcement: { title: "Manutenção no domingo", file: "1700000000999-aviso.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9]) },
  help: "Como conectar o WhatsApp",
  contactList: { name: "Clientes VIP", numbers: ["5511988887777", "5511988886666"] },
  campaign: "Black Friday",
  flow: {
    name: "Boas-vindas",
    graph: {
      nodes: [
        { id: "1", type: "start", position: { x: 0, y: 0 }, data: { label: "Início" } },
        { id: "2", type: "message", position: { x: 200, y: 0 }, data: { label: "Olá! Seja bem-vindo." } },
        // Media at the root of public/: a bare name, one that is gone, and a content block's video named by URL.
        { id: "3", type: "img", position: { x: 400, y: 0 }, data: { url: "1700000001111-banner.png" } },
        { id: "4", type: "audio", position: { x: 600, y: 0 }, data: { url: "1700000001222-sumiu.mp3", record: true } },
        {
          id: "5",
          type: "singleBlock",
          position: { x: 800, y: 0 },
          data: {
            seq: ["1", "2"],
            elements: [
              { number: "1", type: "message", value: "Veja o vídeo:" },
              { number: "2", type: "video", value: "http://old-server.example.test:8080/public/1700000001333-demo.mp4" },
            ],
          },
        },
      ],
      connections: [
        { id: "e1-2", source: "1", target: "2", sourceHandle: "a", targetHandle: "b" },
        { id: "e2-3", source: "2", target: "3", sourceHandle: "a", targetHandle: "b" },
        { id: "e3-4", source: "3", target: "4", sourceHandle: "a", targetHandle: "b" },
        { id: "e4-5", source: "4", target: "5", sourceHandle: "a", targetHandle: "b" },
      ],
    },
    media: {
      banner: { file: "1700000001111-banner.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 1]) },
      missing: "1700000001222-sumiu.mp3",
      video: { file: "1700000001333-demo.mp4", bytes: new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]) },
    },
  },
  /** Attachments: an internal chat's file, a schedule's and a campaign's (all under `company2/`). */
  attachments: {
    chat: { file: "1700000000777-planilha.pdf", name: "planilha.pdf", bytes: new TextEncoder().encode("%PDF-1.4 planilha") },
    schedule: { file: "1700000000888-lembrete.png", name: "lembrete.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2, 2]) },
    campaign: { file: "1700000000999-oferta.jpg", name: "oferta.jpg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 3, 3]) },
  },
  phrase: "quero comprar",
  integration: "Typebot vendas",
  prompt: { name: "Assistente", apiKey: "sk-old-secret-key-1234" },
  fileList: { name: "Catálogos", file: "catalogo.pdf", bytes: new TextEncoder().encode("%PDF-1.4 catálogo") },
  farewell: "Até a próxima! — Bruno",
  /** The older option table: a tree on "Vendas" (no Chatbots there), and one on "Suporte" (it has a Chatbots tree: skipped). */
  queueOptions: { root: "Orçamento", child: "Orçamento por e-mail", childMessage: "Mande seu pedido para vendas@lojaazul.com.br", skipped: "Opção antiga" },
};

/**
 * The tables beyond the inbox (on top of `seedSource`): a schedule with a file, an internal chat
 * with an attachment, an announcement with its image (in `public/announcements/`), a help, an invoice, a contact list, a campaign (scheduled, with a file) with
 * settings and shipping history, a flow with media at the root of `public/` and its phrase campaign, a queue integration, a prompt,
 * a file list with a file; and the loose ends: a user's default connection and farewell, a ticket
 * tracked twice, a lane pointing at a tag later in the same page.
 */
export async function seedMoreTables(db: PGlite, mediaDir: string): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  await q(`UPDATE "Users" SET "whatsappId" = 1, "farewellMessage" = $1 WHERE id = 3`, [MORE.farewell]);
  await q(`INSERT INTO "Tags" (name, color, "companyId", kanban, "nextLaneId") VALUES ('Negociando', '#00aa00', 2, 1, NULL)`);
  await q(`UPDATE "Tags" SET "nextLaneId" = 3 WHERE id = 2`);
  // Ticket 2 was reopened: its first cycle started earlier, its last one closed later.
  await q(`INSERT INTO "TicketTraking" ("ticketId", "companyId", "whatsappId", "userId", "createdAt", "updatedAt", "startedAt", "finishedAt", "closedAt") VALUES
    (2, 2, 1, 3, '2026-10-02T10:00:00Z', '2026-10-02T11:00:00Z', '2026-10-02T10:05:00Z', '2026-10-02T11:00:00Z', '2026-10-02T11:00:00Z')`);
  await q(`UPDATE "TicketTraking" SET "startedAt" = '2026-10-02T09:02:00Z' WHERE id = 2`);
  await q(
    `INSERT INTO "Schedules" (body, "sendAt", "contactId", "userId", "companyId", status, "whatsappId", "mediaPath", "mediaName") VALUES ($1, '2099-01-10T12:00:00Z', 1, 2, 2, 'PENDENTE', 1, $2, $3)`,
    [MORE.schedule, MORE.attachments.schedule.file, MORE.attachments.schedule.name],
  );
  await q(`INSERT INTO "Chats" (title, uuid, "ownerId", "lastMessage", "companyId") VALUES ($1, 'c0ffee00-0000-4000-8000-000000000001', 2, $2, 2)`, [
    MORE.chat.title,
    MORE.chat.message,
  ]);
  await q(`INSERT INTO "ChatUsers" ("chatId", "userId", unreads) VALUES (1, 2, 0), (1, 3, 1)`);
  await q(`INSERT INTO "ChatMessages" ("chatId", "senderId", message, "mediaPath", "mediaName") VALUES (1, 2, $1, NULL, NULL), (1, 3, '', $2, $3)`, [
    MORE.chat.message,
    MORE.attachments.chat.file,
    MORE.attachments.chat.name,
  ]);
  await q(`INSERT INTO "Announcements" (priority, title, text, "mediaPath", "mediaName", "companyId", status) VALUES (1, $1, 'Das 2h às 4h', $2, 'aviso.png', 2, true)`, [
    MORE.announcement.title,
    MORE.announcement.file,
  ]);
  await q(`INSERT INTO "Helps" (title, description, video, link) VALUES ($1, 'Leia o QR code', 'dQw4w9WgXcQ', '')`, [MORE.help]);
  await q(`INSERT INTO "Invoices" ("companyId", "dueDate", detail, status, value, users, connections, queues) VALUES
    (2, '2026-09-15', 'Plano Ouro', 'paid', 199.9, 10, 3, 5), (2, '2026-10-15', 'Plano Ouro', 'open', 199.9, 10, 3, 5)`);
  await q(`INSERT INTO "ContactLists" (name, "companyId") VALUES ($1, 2)`, [MORE.contactList.name]);
  await q(
    `INSERT INTO "ContactListItems" (name, number, email, "contactListId", "isWhatsappValid", "companyId") VALUES ('Carla', $1, 'carla@example.com', 1, true, 2), ('Davi', $2, '', 1, true, 2)`,
    [...MORE.contactList.numbers],
  );
  await q(
    `INSERT INTO "Campaigns" (name, message1, message2, status, "companyId", "contactListId", "whatsappId", "scheduledAt", "userId", "mediaPath", "mediaName") VALUES
    ($1, 'Oferta {nome}!', 'Só hoje, {nome}', 'PROGRAMADA', 2, 1, 1, '2099-11-27T12:00:00Z', 2, $2, $3)`,
    [MORE.campaign, MORE.attachments.campaign.file, MORE.attachments.campaign.name],
  );
  await q(`INSERT INTO "CampaignSettings" (key, value, "companyId") VALUES ('messageInterval', '20', 2), ('longerIntervalAfter', '50', 2)`);
  await q(`INSERT INTO "CampaignShipping" (number, message, "campaignId", "deliveredAt") VALUES ($1, 'Oferta Carla!', 1, '2026-10-20T12:00:00Z')`, [MORE.contactList.numbers[0]]);
  await q(`INSERT INTO "FlowBuilders" (user_id, name, active, flow, company_id) VALUES (2, $1, true, $2::json, 2)`, [MORE.flow.name, JSON.stringify(MORE.flow.graph)]);
  await q(`INSERT INTO "FlowCampaigns" ("companyId", "userId", name, "flowId", phrase, status, "whatsappId") VALUES (2, 2, 'Frase compra', 1, $1, true, 1)`, [MORE.phrase]);
  await q(
    `INSERT INTO "QueueIntegrations" (type, name, "projectName", "jsonContent", language, "companyId", "typebotSlug", "urlN8N") VALUES
    ('typebot', $1, '', '', 'pt-BR', 2, 'vendas-bot', 'https://typebot.example.test'), ('chatwoot', 'Outro', '', '', '', 2, '', 'true')`,
    [MORE.integration],
  );
  await q(`INSERT INTO "Prompts" (name, "apiKey", prompt, "queueId", "companyId", voice) VALUES ($1, $2, 'Você é um vendedor simpático.', 1, 2, 'texto')`, [
    MORE.prompt.name,
    MORE.prompt.apiKey,
  ]);
  await q(`INSERT INTO "Files" ("companyId", name, message) VALUES (2, $1, 'Nossos catálogos')`, [MORE.fileList.name]);
  await q(`INSERT INTO "FilesOptions" (name, path, "fileId", "mediaType") VALUES ('Catálogo 2026', $1, 1, 'application/pdf')`, [MORE.fileList.file]);
  await q(
    `INSERT INTO "QueueOptions" (title, message, option, "queueId", "parentId") VALUES
    ($1, 'Como prefere receber?', '1', 1, NULL), ($2, $3, '1', NULL, 1), ($4, 'Não deve vir', '1', 2, NULL)`,
    [MORE.queueOptions.root, MORE.queueOptions.child, MORE.queueOptions.childMessage, MORE.queueOptions.skipped],
  );
  // Links to rows imported after their own: a queue's integration and file list, an option's
  // file list, a connection's integration, prompt and flows; "Suporte" names the chatwoot
  // integration (not imported) and the connection a flow that never existed: both dropped.
  await q(`UPDATE "Queues" SET "integrationId" = 1, "fileListId" = 1 WHERE id = 1`);
  await q(`UPDATE "Queues" SET "integrationId" = 2 WHERE id = 2`);
  await q(`UPDATE "Chatbots" SET "queueType" = 'file', "optFileId" = 1 WHERE id = 3`);
  await q(`UPDATE "Whatsapps" SET "integrationId" = 1, "promptId" = 1, "flowIdWelcome" = 1, "flowIdNotPhrase" = 99 WHERE id = 1`);
  // The company's default flows fill what the connection left empty (its not-phrase flow was
  // dropped above); the default welcome flow never existed (dropped, and the connection's own stays).
  await q(`INSERT INTO "FlowDefaults" ("companyId", "userId", "flowIdWelcome", "flowIdNotPhrase") VALUES (2, 2, 77, 1)`);
  mkdirSync(join(mediaDir, "announcements"), { recursive: true });
  writeFileSync(join(mediaDir, "announcements", MORE.announcement.file), MORE.announcement.bytes);
  writeFileSync(join(mediaDir, MORE.flow.media.banner.file), MORE.flow.media.banner.bytes);
  writeFileSync(join(mediaDir, MORE.flow.media.video.file), MORE.flow.media.video.bytes);
  for (const a of Object.values(MORE.attachments)) writeFileSync(join(mediaDir, "company2", a.file), a.bytes);
  mkdirSync(join(mediaDir, "company2", "fileList", "1"), { recursive: true });
  writeFileSync(join(mediaDir, "company2", "fileList", "1", MORE.fileList.file), MORE.fileList.bytes);
}
