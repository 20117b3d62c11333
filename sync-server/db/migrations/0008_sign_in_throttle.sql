CREATE TABLE `password_failures` (
	`account` text NOT NULL,
	`source` text NOT NULL,
	`failures` integer NOT NULL,
	`last_failure_at` integer NOT NULL,
	PRIMARY KEY(`account`, `source`)
);
--> statement-breakpoint
CREATE INDEX `password_failures_last` ON `password_failures` (`last_failure_at`);--> statement-breakpoint
CREATE TABLE `sign_in_addresses` (
	`user_id` text NOT NULL,
	`address` text NOT NULL,
	`last_sign_in_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sign_in_addresses_last` ON `sign_in_addresses` (`last_sign_in_at`);