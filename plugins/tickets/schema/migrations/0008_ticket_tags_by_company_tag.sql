DROP INDEX `ticket_tags_company_idx`;--> statement-breakpoint
CREATE INDEX `ticket_tags_company_tag_idx` ON `ticket_tags` (`company_id`,`tag_id`,`ticket_id`);