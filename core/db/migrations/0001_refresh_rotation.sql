ALTER TABLE `users` ADD `refresh_rotated_to` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `refresh_rotated_at` integer;