DROP INDEX `tickets_company_contact_idx`;--> statement-breakpoint
CREATE INDEX `tickets_company_contact_idx` ON `tickets` (`company_id`,`contact_id`,`status`,`queue_id`,`user_id`,`is_group`);