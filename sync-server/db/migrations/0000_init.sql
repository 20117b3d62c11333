CREATE TABLE `documents` (
	`collection` text NOT NULL,
	`id` text NOT NULL,
	`owner_id` text NOT NULL,
	`household_id` text,
	`seq` integer NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	`data` text NOT NULL,
	PRIMARY KEY(`collection`, `id`),
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_seq_unique` ON `documents` (`seq`);--> statement-breakpoint
CREATE INDEX `documents_owner_seq` ON `documents` (`collection`,`owner_id`,`seq`);--> statement-breakpoint
CREATE INDEX `documents_household_seq` ON `documents` (`collection`,`household_id`,`seq`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`name` text,
	`phone_number` text,
	`role` text DEFAULT 'user' NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`profile` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_number_unique` ON `users` (`phone_number`);