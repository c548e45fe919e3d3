-- The user's farewell (`users.farewell_message`) left the kernel's schema: the tickets plugin,
-- which says it when a user resolves a ticket, stores it in `user_farewell_messages`.
-- It is NOT dropped here: core migrations run before plugins', so the tickets plugin's
-- 0014_copy_farewell_messages first copies every non-empty message into its table, then drops
-- the column (as 0003_user_columns_to_plugins did for the default connection and the list
-- width). This step only moves the kernel's schema snapshot past it, so the next generated
-- core migration does not drop it again. The statement below is a deliberate no-op.
SELECT 1;
