CREATE TABLE `login_help_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`whatsapp` text,
	`issue` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_help_requests_created` ON `login_help_requests` (`created_at`);