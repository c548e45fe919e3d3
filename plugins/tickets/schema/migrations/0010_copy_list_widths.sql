-- Moves every user's ticket-list width from the kernel's `users.default_tickets_manager_width`
-- column into `ticket_list_preferences`, then drops the column (the kernel's schema already
-- left it in its migration 0003, a no-op, because core migrations run before plugins' and
-- could not copy first). See the README, "Ticket-list preferences".
INSERT INTO `ticket_list_preferences` (`user_id`, `company_id`, `width`)
SELECT `id`, `company_id`, `default_tickets_manager_width` FROM `users`;
--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `default_tickets_manager_width`;
