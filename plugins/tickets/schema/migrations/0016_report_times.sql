DROP INDEX `ticket_logs_company_idx`;--> statement-breakpoint
CREATE INDEX `ticket_logs_company_type_created_idx` ON `ticket_logs` (`company_id`,`type`,`created_at`);--> statement-breakpoint
ALTER TABLE `tickets` ADD `accepted_at` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `closed_at` text;--> statement-breakpoint
CREATE INDEX `tickets_company_created_idx` ON `tickets` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_closed_idx` ON `tickets` (`company_id`,`closed_at`);--> statement-breakpoint
CREATE VIEW `ticket_logs_view` AS select "id", "company_id", "ticket_id", "type", "user_id", "queue_id", "created_at" from "ticket_logs";--> statement-breakpoint
CREATE VIEW `ticket_ratings_view` AS select "id", "company_id", "ticket_id", "rate", "user_id", "queue_id", "whatsapp_id", "created_at" from "ticket_ratings";--> statement-breakpoint
CREATE VIEW `tickets_view` AS select "id", "uuid", "company_id", "status", "contact_id", "whatsapp_id", "queue_id", "user_id", case when "channel" in ('whatsapp', 'whatsappapi', 'facebook', 'instagram') then "channel" else 'whatsapp' end as "channel", "channel" as "channel_kind", "is_group", "last_message", "user_rating", "rating_asked", "created_at", "accepted_at", "closed_at", "updated_at" from "tickets";