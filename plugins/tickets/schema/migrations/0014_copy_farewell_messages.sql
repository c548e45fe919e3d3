-- Moves every user's farewell from the kernel's `users.farewell_message` column into
-- `user_farewell_messages`, then drops the column (the kernel's schema already left it in its
-- migration 0005, a no-op, because core migrations run before plugins' and could not copy
-- first). Only non-empty messages get a row: a user without one answers "", as the column's
-- default did. A message of blanks is copied as it was (it is answered back unchanged, and the
-- farewell on resolve skips it as before). See the README, "User farewell".
INSERT INTO `user_farewell_messages` (`user_id`, `company_id`, `message`)
SELECT `id`, `company_id`, `farewell_message` FROM `users` WHERE `farewell_message` <> '';
--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `farewell_message`;
