DROP INDEX `contact_tags_company_idx`;--> statement-breakpoint
CREATE INDEX `contact_tags_company_contact_idx` ON `contact_tags` (`company_id`,`contact_id`,`tag_id`);