-- Moves the ten spec flags from the kernel's `plans` columns to `plan_features` rows:
-- every existing plan keeps each flag's value under the API's key, then the columns go
-- (the kernel's schema already left them in its migration 0002, a no-op, because core
-- migrations run before plugins' and could not copy first). See the plans README.
INSERT INTO `plan_features` (`plan_id`, `key`, `enabled`)
SELECT `id`, 'useWhatsapp', `use_whatsapp` FROM `plans`
UNION ALL SELECT `id`, 'useFacebook', `use_facebook` FROM `plans`
UNION ALL SELECT `id`, 'useInstagram', `use_instagram` FROM `plans`
UNION ALL SELECT `id`, 'useCampaigns', `use_campaigns` FROM `plans`
UNION ALL SELECT `id`, 'useSchedules', `use_schedules` FROM `plans`
UNION ALL SELECT `id`, 'useInternalChat', `use_internal_chat` FROM `plans`
UNION ALL SELECT `id`, 'useExternalApi', `use_external_api` FROM `plans`
UNION ALL SELECT `id`, 'useKanban', `use_kanban` FROM `plans`
UNION ALL SELECT `id`, 'useOpenAi', `use_open_ai` FROM `plans`
UNION ALL SELECT `id`, 'useIntegrations', `use_integrations` FROM `plans`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_whatsapp`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_facebook`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_instagram`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_campaigns`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_schedules`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_internal_chat`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_external_api`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_kanban`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_open_ai`;
--> statement-breakpoint
ALTER TABLE `plans` DROP COLUMN `use_integrations`;
