DROP INDEX `ticket_logs_company_type_created_idx`;--> statement-breakpoint
CREATE INDEX `ticket_logs_company_type_created_idx` ON `ticket_logs` (`company_id`,`type`,`created_at`,`ticket_id`,`user_id`);--> statement-breakpoint
DROP INDEX `tickets_company_created_idx`;--> statement-breakpoint
CREATE INDEX `tickets_company_created_idx` ON `tickets` (`company_id`,`created_at`,`id`,`status`,`user_id`,`contact_id`,`accepted_at`,`closed_at`,`user_rating`);