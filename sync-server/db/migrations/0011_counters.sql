-- Per-deployment counters (ticket numbers start at 1). An existing deployment's ticket counter
-- starts after its highest number so far (those were server sequence values), keeping numbers unique.
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `counters` (`name`, `value`)
SELECT 'ticket', coalesce(max(CAST(substr(json_extract(`data`, '$.ticketNumber'), 5) AS INTEGER)), 0)
FROM `documents` WHERE `collection` = 'tickets';
