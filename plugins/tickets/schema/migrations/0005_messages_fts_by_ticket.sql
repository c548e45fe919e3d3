-- Message search resolves hits to tickets without reading messages: the full-text index's
-- rowid is (ticket_id << 32) | (message id & 0xFFFFFFFF), so `rowid >> 32` is the ticket
-- and a common word's hundreds of thousands of hits never probe the messages table.
-- (Message ids stay unique within one ticket below 2^32 ids apart; ticket ids below 2^31.)
-- Contentless (the text stays in messages only) with contentless_delete so triggers can
-- delete by rowid; same tokenizer as before (accent- and case-insensitive). Same name, so
-- GET /tickets and the conversations benchmark find it where they did.
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
INSERT INTO `messages_fts`(rowid, body) SELECT (ticket_id << 32) | (id & 4294967295), body FROM `messages`;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ai` AFTER INSERT ON `messages` BEGIN
  INSERT INTO `messages_fts`(rowid, body) VALUES ((new.ticket_id << 32) | (new.id & 4294967295), new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ad` AFTER DELETE ON `messages` BEGIN
  DELETE FROM `messages_fts` WHERE rowid = (old.ticket_id << 32) | (old.id & 4294967295);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_au` AFTER UPDATE OF body, ticket_id ON `messages` BEGIN
  DELETE FROM `messages_fts` WHERE rowid = (old.ticket_id << 32) | (old.id & 4294967295);
  INSERT INTO `messages_fts`(rowid, body) VALUES ((new.ticket_id << 32) | (new.id & 4294967295), new.body);
END;
