DROP VIEW `whatsapps_view`;--> statement-breakpoint
CREATE VIEW `whatsapp_queues_view` AS select "company_id", "whatsapp_id", "queue_id" from "whatsapp_queues";--> statement-breakpoint
CREATE VIEW `whatsapps_view` AS select "id", "company_id", "name", "channel", "group_as_ticket", "greeting_message", "greeting_media_attachment", "collective_vacation_message" from "whatsapps";