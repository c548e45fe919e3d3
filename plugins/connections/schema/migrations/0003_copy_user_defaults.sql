-- Moves every user's default connection from the kernel's `users.whatsapp_id` column into
-- `user_default_connections`, then drops the column (the kernel's schema already left it in
-- its migration 0003, a no-op, because core migrations run before plugins' and could not copy
-- first). A value that is not a connection of the user's own company (a connection deleted
-- while the column had no foreign key) was never a valid default: it is not copied, so such a
-- user answers null, as the users plugin would have refused to store it. See the README.
INSERT INTO `user_default_connections` (`user_id`, `company_id`, `whatsapp_id`)
SELECT `users`.`id`, `users`.`company_id`, `users`.`whatsapp_id` FROM `users`
JOIN `whatsapps` ON `whatsapps`.`id` = `users`.`whatsapp_id` AND `whatsapps`.`company_id` = `users`.`company_id`;
--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `whatsapp_id`;
