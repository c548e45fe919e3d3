DROP INDEX `tickets_company_updated_idx`;--> statement-breakpoint
DROP INDEX `tickets_list_idx`;--> statement-breakpoint
DROP INDEX `tickets_user_status_idx`;--> statement-breakpoint
CREATE INDEX `tickets_company_updated_idx` ON `tickets` (`company_id`,`updated_at`,`id`,`contact_id`,`status`,`queue_id`,`user_id`,`is_group`);--> statement-breakpoint
CREATE INDEX `tickets_list_idx` ON `tickets` (`company_id`,`status`,`updated_at`,`id`,`queue_id`,`user_id`,`is_group`);--> statement-breakpoint
CREATE INDEX `tickets_user_status_idx` ON `tickets` (`company_id`,`user_id`,`status`,`updated_at`,`id`,`queue_id`);