CREATE TABLE `brand_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`app_name` text NOT NULL,
	`tagline` text NOT NULL,
	`primary_color` text NOT NULL,
	`secondary_color` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `users` ADD `suspended` integer DEFAULT false NOT NULL;