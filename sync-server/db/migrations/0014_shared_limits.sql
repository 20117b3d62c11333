CREATE TABLE `live_streams` (
	`id` text PRIMARY KEY NOT NULL,
	`instance` text NOT NULL,
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`opened_at` integer NOT NULL,
	`seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `live_streams_user` ON `live_streams` (`user_id`,`opened_at`);--> statement-breakpoint
CREATE INDEX `live_streams_address` ON `live_streams` (`address`);--> statement-breakpoint
CREATE INDEX `live_streams_instance` ON `live_streams` (`instance`);--> statement-breakpoint
CREATE TABLE `push_budgets` (
	`user_id` text PRIMARY KEY NOT NULL,
	`full_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `push_budgets_full_at` ON `push_budgets` (`full_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`resets_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_resets_at` ON `rate_limits` (`resets_at`);