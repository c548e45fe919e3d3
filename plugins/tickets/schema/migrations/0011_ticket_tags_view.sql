DROP INDEX `ticket_tags_tag_idx`;--> statement-breakpoint
CREATE INDEX `ticket_tags_tag_created_idx` ON `ticket_tags` (`tag_id`,`created_at`);--> statement-breakpoint
CREATE VIEW `ticket_tags_view` AS select "id", "company_id", "ticket_id", "tag_id", "created_at" from "ticket_tags";