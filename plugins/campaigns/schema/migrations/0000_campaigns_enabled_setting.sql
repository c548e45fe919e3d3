-- Moves every company's campaign switch from the kernel's `companies.campaigns_enabled` column
-- to the company setting `campaignsEnabled` ("true"/"false", company_settings: spec 001 §3
-- lists it among the company settings), then drops the column. The kernel's schema already
-- left it in its migration 0006, a no-op, because core migrations run before plugins' and
-- could not copy first. See README.md.
INSERT INTO `company_settings` (`company_id`, `column`, `data`, `created_at`, `updated_at`)
SELECT `id`, 'campaignsEnabled', CASE WHEN `campaigns_enabled` THEN 'true' ELSE 'false' END,
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `companies` WHERE true
ON CONFLICT (`company_id`, `column`) DO UPDATE SET `data` = excluded.`data`;
--> statement-breakpoint
-- An INSERT … SELECT of no rows (a fresh database) still leaves company_settings' AUTOINCREMENT
-- counter at 0 in sqlite_sequence; dropping that row changes nothing (the next id is 1 either
-- way) and keeps a fresh database identical to the first boot's schema snapshot.
DELETE FROM sqlite_sequence WHERE `name` = 'company_settings' AND `seq` = 0;
--> statement-breakpoint
ALTER TABLE `companies` DROP COLUMN `campaigns_enabled`;
