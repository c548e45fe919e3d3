-- Full-text upkeep that the write batcher can do once per batch instead of once per message.
--
-- 1. messages_fts's rowid becomes (message id << 31) | ticket_id. It still names the ticket
--    (`rowid & 2147483647`) without reading messages, and it now grows with the message id.
--    FTS5 flushes its pending terms to a new segment whenever a rowid is not larger than the
--    previous one; with the ticket in the high bits, interleaved tickets made a segment per
--    message, and merging those segments cost more than the rest of the inbound pipeline.
--    (Message ids below 2^32, ticket ids below 2^31, as before.)
-- 2. full_text_deferral holds, only inside a write batch's own transaction, the ids after
--    which messages and contacts are new in it: the insert triggers skip those rows (and the
--    update/delete triggers leave them alone), and the batch indexes them just before its
--    COMMIT in one statement per table, in rowid order (server/full-text-deferral.ts). Every
--    other transaction sees NULLs, so the triggers index at once, as before.
CREATE TABLE `full_text_deferral` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`messages_after` integer,
	`contacts_after` integer
);
--> statement-breakpoint
INSERT INTO `full_text_deferral` (`id`) VALUES (1);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `messages_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `messages_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `messages_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `messages_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_fts` USING fts5(body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `messages_fts`(rowid, body) SELECT (id << 31) | ticket_id, body FROM `messages` ORDER BY id;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ai` AFTER INSERT ON `messages`
WHEN (SELECT `messages_after` FROM `full_text_deferral`) IS NULL BEGIN
  INSERT INTO `messages_fts`(rowid, body) VALUES ((new.id << 31) | new.ticket_id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ad` AFTER DELETE ON `messages`
WHEN old.id <= coalesce((SELECT `messages_after` FROM `full_text_deferral`), old.id) BEGIN
  DELETE FROM `messages_fts` WHERE rowid = (old.id << 31) | old.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_au` AFTER UPDATE OF body, ticket_id ON `messages`
WHEN old.id <= coalesce((SELECT `messages_after` FROM `full_text_deferral`), old.id) BEGIN
  DELETE FROM `messages_fts` WHERE rowid = (old.id << 31) | old.ticket_id;
  INSERT INTO `messages_fts`(rowid, body) VALUES ((new.id << 31) | new.ticket_id, new.body);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `ticket_contacts_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `ticket_contacts_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `ticket_contacts_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `ticket_contacts_fts_ai` AFTER INSERT ON `contacts`
WHEN (SELECT `contacts_after` FROM `full_text_deferral`) IS NULL BEGIN
  INSERT INTO `ticket_contacts_fts`(rowid, name, number) VALUES (new.id, new.name, new.number);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_contacts_fts_ad` AFTER DELETE ON `contacts`
WHEN old.id <= coalesce((SELECT `contacts_after` FROM `full_text_deferral`), old.id) BEGIN
  INSERT INTO `ticket_contacts_fts`(`ticket_contacts_fts`, rowid, name, number) VALUES ('delete', old.id, old.name, old.number);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_contacts_fts_au` AFTER UPDATE OF name, number ON `contacts`
WHEN old.id <= coalesce((SELECT `contacts_after` FROM `full_text_deferral`), old.id) BEGIN
  INSERT INTO `ticket_contacts_fts`(`ticket_contacts_fts`, rowid, name, number) VALUES ('delete', old.id, old.name, old.number);
  INSERT INTO `ticket_contacts_fts`(rowid, name, number) VALUES (new.id, new.name, new.number);
END;
