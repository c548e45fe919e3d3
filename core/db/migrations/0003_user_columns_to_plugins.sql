-- Two columns of `users` left the kernel's schema: the default connection (`whatsapp_id`)
-- now lives in the connections plugin's `user_default_connections`, the ticket-list width
-- (`default_tickets_manager_width`) in the tickets plugin's `ticket_list_preferences`.
-- They are NOT dropped here: core migrations run before plugins', so each owner's migration
-- first copies every user's value into its table, then drops the column (connections'
-- 0003_copy_user_defaults, tickets' 0010_copy_list_widths). This step only moves the kernel's
-- schema snapshot past them, so the next generated core migration does not drop them again.
-- The statement below is a deliberate no-op.
SELECT 1;
