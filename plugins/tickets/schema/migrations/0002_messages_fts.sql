-- Full-text search over message bodies (GET /tickets?searchOnMessages=true): an
-- external-content FTS5 table (the text stays in messages only), accent- and
-- case-insensitive, kept in step by triggers.
CREATE VIRTUAL TABLE `messages_fts` USING fts5(body, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `messages_fts`(`messages_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ai` AFTER INSERT ON `messages` BEGIN
  INSERT INTO `messages_fts`(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ad` AFTER DELETE ON `messages` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, body) VALUES ('delete', old.id, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_au` AFTER UPDATE OF body ON `messages` BEGIN
  INSERT INTO `messages_fts`(`messages_fts`, rowid, body) VALUES ('delete', old.id, old.body);
  INSERT INTO `messages_fts`(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
-- Contact name and number search of the ticket list: a trigram index finds any substring
-- of three or more characters, accent- and case-insensitively ("acao" finds "Ação").
-- Read-only for this plugin: the contacts plugin's table is indexed, never written.
CREATE VIRTUAL TABLE `ticket_contacts_fts` USING fts5(name, number, content='contacts', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
INSERT INTO `ticket_contacts_fts`(`ticket_contacts_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `ticket_contacts_fts_ai` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO `ticket_contacts_fts`(rowid, name, number) VALUES (new.id, new.name, new.number);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_contacts_fts_ad` AFTER DELETE ON `contacts` BEGIN
  INSERT INTO `ticket_contacts_fts`(`ticket_contacts_fts`, rowid, name, number) VALUES ('delete', old.id, old.name, old.number);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_contacts_fts_au` AFTER UPDATE OF name, number ON `contacts` BEGIN
  INSERT INTO `ticket_contacts_fts`(`ticket_contacts_fts`, rowid, name, number) VALUES ('delete', old.id, old.name, old.number);
  INSERT INTO `ticket_contacts_fts`(rowid, name, number) VALUES (new.id, new.name, new.number);
END;
