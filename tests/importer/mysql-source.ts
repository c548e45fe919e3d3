import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningMariaDb, startMariaDb } from "../support/mariadb.ts";
import { oldHash, SEEDED } from "./source-fixture.ts";
import { SOURCE_DDL } from "./source-schema.ts";

/**
 * The same Whaticket-family tables as source-schema.ts in the shapes Sequelize leaves on
 * MySQL/MariaDB: backtick-quoted CamelCase names, DATETIME without a zone (UTC, Sequelize's
 * default), TINYINT(1) booleans, JSON columns (MariaDB: LONGTEXT holding JSON text).
 */
export function mysqlDdl(postgresDdl: string = SOURCE_DDL): string {
  return (
    postgresDdl
      .replace(/"([^"]+)"/g, "`$1`")
      // Words MySQL reserves, used bare as column names by the Postgres DDL.
      .replace(/\((key|read) /g, "(`$1` ")
      .replace(/, (key|read) /g, ", `$1` ")
      .replace(/\bserial PRIMARY KEY/g, "int NOT NULL AUTO_INCREMENT PRIMARY KEY")
      .replace(/\bvarchar NOT NULL PRIMARY KEY/g, "varchar(255) NOT NULL PRIMARY KEY")
      .replace(/timestamptz NOT NULL DEFAULT now\(\)/g, "datetime NOT NULL DEFAULT CURRENT_TIMESTAMP")
      .replace(/\btimestamptz\b/g, "datetime")
      .replace(/\bboolean\b/g, "tinyint(1)")
      .replace(/DEFAULT true\b/g, "DEFAULT 1")
      .replace(/DEFAULT false\b/g, "DEFAULT 0")
      .replace(/'\[\]'::jsonb/g, "'[]'")
      .replace(/\bjsonb\b/g, "json")
      .replace(/\buuid uuid\b/g, "uuid char(36)")
      .replace(/\bvarchar\b(?!\()/g, "varchar(255)")
  );
}

/** The seeded facts the MySQL test checks against (a subset of SEEDED: the inbox's core). */
export const MYSQL_SEEDED = {
  ...SEEDED,
  ticketUuid: "7a2d0c4e-1b11-4c3a-9d0e-2f5b6c7d8e01",
  closedUuid: "7a2d0c4e-1b11-4c3a-9d0e-2f5b6c7d8e02",
  bodies: ["Bom dia, chegou meu pedido?", "Chegou sim! Segue a foto.", "foto.jpg"],
};

export interface MysqlSourceFixture {
  db: RunningMariaDb;
  /** `mysql://…` with the right password. */
  url: string;
  mediaDir: string;
  close(): Promise<void>;
}

const sqlString = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * A MariaDB source with two companies (the platform's and a shop), a plan, bcrypt users,
 * queues with JSON schedules and a chatbot tree (read with a recursive CTE), a connection, contacts, a ticket with its tracking and messages
 * (one quoting another, one with an image on disk), a closed ticket with its rating and logs,
 * a tag on a contact and a ticket, a note, a flow (JSON column), and a quick message.
 */
export async function startMysqlSource(): Promise<MysqlSourceFixture> {
  const db = await startMariaDb();
  const mediaDir = mkdtempSync(join(tmpdir(), "whaticket-mysql-public-"));
  try {
    await db.exec(mysqlDdl());
    const [admin, owner, attendant] = await Promise.all([oldHash("123456"), oldHash(SEEDED.owner.password), oldHash(SEEDED.attendant.password)]);
    const week = JSON.stringify(
      ["monday", "tuesday", "wednesday", "thursday", "friday"].map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: "09:00", endTime: "17:00" })),
    );
    await db.exec(`
INSERT INTO \`Plans\` (name, users, connections, queues, amount, \`useKanban\`, \`useCampaigns\`, recurrence) VALUES ('Plano Prata', 5, 1, 3, '99.90', 0, 1, 'MENSAL');
INSERT INTO \`Companies\` (name, email, phone, \`planId\`, status, \`dueDate\`, recurrence, schedules) VALUES
  ('Empresa 1', 'admin@admin.com', '', 1, 1, '2093-03-14 00:00:00', 'MENSAL', '[]'),
  (${sqlString(SEEDED.company)}, 'contato@lojaazul.com.br', '5511912345678', 1, 1, '2030-01-15 03:00:00', 'MENSAL', ${sqlString(week)});
INSERT INTO \`Users\` (name, email, \`passwordHash\`, profile, \`companyId\`, super, \`allTicket\`) VALUES
  ('Admin', 'admin@admin.com', ${sqlString(admin)}, 'admin', 1, 1, 'enable'),
  ('Ana Dona', ${sqlString(SEEDED.owner.email)}, ${sqlString(owner)}, 'admin', 2, 0, 'enable'),
  ('Bruno Atende', ${sqlString(SEEDED.attendant.email)}, ${sqlString(attendant)}, 'user', 2, 0, 'disable');
INSERT INTO \`Queues\` (name, color, \`greetingMessage\`, \`companyId\`, schedules, \`outOfHoursMessage\`, \`orderQueue\`, \`ativarRoteador\`, \`closeTicket\`) VALUES
  ('Vendas', '#2196f3', 'Bem-vindo às vendas!', 2, ${sqlString(week)}, 'Estamos fechados', 1, 0, 0),
  ('Suporte', '#4caf50', 'Escolha uma opção:', 2, '[]', '', 2, 0, 0);
INSERT INTO \`Chatbots\` (name, \`queueId\`, \`chatbotId\`, \`greetingMessage\`, \`queueType\`, \`optUserId\`, \`isAgent\`, \`closeTicket\`) VALUES
  ('Dúvidas frequentes', 2, NULL, 'Sobre o que é sua dúvida?', 'text', NULL, 0, 0),
  ('Falar com atendente', NULL, 1, 'Já vou chamar alguém', 'attendent', 3, 0, 0);
INSERT INTO \`UserQueues\` (\`userId\`, \`queueId\`) VALUES (2, 1), (2, 2), (3, 2);
INSERT INTO \`Whatsapps\` (name, status, \`isDefault\`, \`companyId\`, token, \`greetingMessage\`, number, channel, provider, schedules, \`allowGroup\`)
  VALUES ('Loja WhatsApp', 'CONNECTED', 1, 2, 'mysql-api-token-123456', 'Olá!', '5511912345678', 'whatsapp', 'beta', '[]', 0);
INSERT INTO \`WhatsappQueues\` (\`whatsappId\`, \`queueId\`) VALUES (1, 1), (1, 2);
INSERT INTO \`Contacts\` (name, number, email, \`companyId\`, \`isGroup\`, \`whatsappId\`, \`acceptAudioMessage\`, \`disableBot\`) VALUES
  ('Maria Cliente', '5511999990001', 'maria@example.com', 2, 0, 1, 1, 0),
  ('Grupo Atacado', '120363000000000001', '', 2, 1, 1, 1, 0);
INSERT INTO \`Tickets\` (status, \`lastMessage\`, \`contactId\`, \`userId\`, \`whatsappId\`, \`queueId\`, \`companyId\`, uuid, \`unreadMessages\`, \`isGroup\`, \`createdAt\`, \`updatedAt\`) VALUES
  ('open', 'foto.jpg', 1, 2, 1, 1, 2, '${MYSQL_SEEDED.ticketUuid}', 1, 0, '2026-10-01 12:00:00', '2026-10-01 12:10:00');
INSERT INTO \`TicketTraking\` (\`ticketId\`, \`companyId\`, \`whatsappId\`, \`userId\`, \`createdAt\`, \`updatedAt\`, \`startedAt\`, rated, \`queueId\`) VALUES
  (1, 2, 1, 2, '2026-10-01 12:00:00', '2026-10-01 12:05:00', '2026-10-01 12:05:00', 0, 1);
INSERT INTO \`Messages\` (body, ack, \`read\`, \`mediaType\`, \`mediaUrl\`, \`ticketId\`, \`createdAt\`, \`fromMe\`, \`isDeleted\`, \`contactId\`, \`companyId\`, \`quotedMsgId\`, wid) VALUES
  (${sqlString(MYSQL_SEEDED.bodies[0]!)}, 0, 1, 'conversation', NULL, 1, '2026-10-01 12:00:00', 0, 0, 1, 2, NULL, 'MY3EB0001'),
  (${sqlString(MYSQL_SEEDED.bodies[1]!)}, 3, 1, 'extendedTextMessage', NULL, 1, '2026-10-01 12:05:00', 1, 0, 1, 2, 1, 'MY3EB0002'),
  ('foto.jpg', 2, 1, 'image', ${sqlString(SEEDED.media.file)}, 1, '2026-10-01 12:06:00', 1, 0, 1, 2, NULL, 'MY3EB0003');
INSERT INTO \`Contacts\` (name, number, email, \`companyId\`, \`isGroup\`, \`whatsappId\`) VALUES ('João Cliente', '5511999990002', '', 2, 0, 1);
INSERT INTO \`Tickets\` (status, \`lastMessage\`, \`contactId\`, \`userId\`, \`whatsappId\`, \`queueId\`, \`companyId\`, uuid, \`unreadMessages\`, \`isGroup\`, \`createdAt\`, \`updatedAt\`) VALUES
  ('closed', 'Obrigado!', 3, 3, 1, 2, 2, '${MYSQL_SEEDED.closedUuid}', 0, 0, '2026-10-02 09:00:00', '2026-10-02 09:30:00');
INSERT INTO \`TicketTraking\` (\`ticketId\`, \`companyId\`, \`whatsappId\`, \`userId\`, \`createdAt\`, \`updatedAt\`, \`startedAt\`, \`finishedAt\`, \`closedAt\`, \`ratingAt\`, rated, \`queueId\`) VALUES
  (2, 2, 1, 3, '2026-10-02 09:00:00', '2026-10-02 09:30:00', '2026-10-02 09:02:00', '2026-10-02 09:29:00', '2026-10-02 09:29:00', '2026-10-02 09:30:00', 1, 2);
INSERT INTO \`UserRatings\` (\`ticketId\`, \`companyId\`, \`userId\`, rate, \`createdAt\`, \`updatedAt\`) VALUES (2, 2, 3, 5, '2026-10-02 09:30:00', '2026-10-02 09:30:00');
INSERT INTO \`LogTickets\` (\`userId\`, \`ticketId\`, \`queueId\`, type, \`createdAt\`) VALUES (NULL, 2, 2, 'create', '2026-10-02 09:00:00'), (3, 2, 2, 'closed', '2026-10-02 09:29:00');
INSERT INTO \`Messages\` (body, ack, \`read\`, \`mediaType\`, \`ticketId\`, \`createdAt\`, \`fromMe\`, \`isDeleted\`, \`contactId\`, \`companyId\`, wid) VALUES
  ('Obrigado!', 0, 1, 'conversation', 2, '2026-10-02 09:28:00', 0, 0, 3, 2, 'MY3EB0101');
INSERT INTO \`Tags\` (name, color, \`companyId\`, kanban) VALUES ('VIP', '#ff0000', 2, 0);
INSERT INTO \`ContactTags\` (\`contactId\`, \`tagId\`) VALUES (1, 1);
INSERT INTO \`TicketTags\` (\`ticketId\`, \`tagId\`) VALUES (1, 1);
INSERT INTO \`TicketNotes\` (note, \`userId\`, \`contactId\`, \`ticketId\`) VALUES ('Cliente fiel', 2, 1, 1);
INSERT INTO \`FlowBuilders\` (user_id, name, active, flow, company_id) VALUES (2, 'Boas-vindas', 1, '{"nodes":[{"id":"1","type":"start","position":{"x":0,"y":0},"data":{"label":"Início"}}],"connections":[]}', 2);
INSERT INTO \`QuickMessages\` (shortcode, message, \`companyId\`, \`userId\`, geral, visao) VALUES ('oi', 'Olá! Em que posso ajudar?', 2, 2, 1, 1);
INSERT INTO \`Settings\` (\`key\`, value, \`companyId\`) VALUES ('userRating', 'enabled', 2);
`);
    mkdirSync(join(mediaDir, "company2"), { recursive: true });
    writeFileSync(join(mediaDir, "company2", SEEDED.media.file), SEEDED.media.bytes);
  } catch (err) {
    await db.stop();
    rmSync(mediaDir, { recursive: true, force: true });
    throw err;
  }
  return {
    db,
    url: db.url,
    mediaDir,
    async close() {
      await db.stop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
