ALTER TABLE `campaign_shippings` ADD `message_id` integer;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `read_at` text;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `replied_at` text;--> statement-breakpoint
CREATE INDEX `campaign_shippings_message_idx` ON `campaign_shippings` (`message_id`) WHERE message_id IS NOT NULL;