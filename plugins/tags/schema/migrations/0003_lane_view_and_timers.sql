CREATE INDEX `tags_timed_lanes_idx` ON `tags` (`id`) WHERE kanban = 1 AND time_lane > 0 AND next_lane_id IS NOT NULL;--> statement-breakpoint
DROP VIEW `tags_view`;--> statement-breakpoint
CREATE VIEW `tags_view` AS select "id", "company_id", "name", "color", "kanban", "time_lane", "next_lane_id", "rollback_lane_id", "greeting_message_lane" from "tags";