DROP INDEX `tickets_company_created_idx`;--> statement-breakpoint
ALTER TABLE `tickets` ADD `queued_at` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_customer_at` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_reply_at` text;--> statement-breakpoint
CREATE INDEX `tickets_company_created_idx` ON `tickets` (`company_id`,`created_at`,`id`,`status`,`user_id`,`contact_id`,`accepted_at`,`closed_at`,`user_rating`,`queued_at`,`first_customer_at`,`first_reply_at`);--> statement-breakpoint
DROP VIEW `tickets_view`;--> statement-breakpoint
CREATE VIEW `tickets_view` AS select "id", "uuid", "company_id", "status", "contact_id", "whatsapp_id", "queue_id", "user_id", case when "channel" in ('whatsapp', 'whatsappapi', 'facebook', 'instagram') then "channel" else 'whatsapp' end as "channel", "channel" as "channel_kind", "is_group", "last_message", "user_rating", "rating_asked", "created_at", "accepted_at", "closed_at", "queued_at", "first_customer_at", "first_reply_at", "updated_at" from "tickets";