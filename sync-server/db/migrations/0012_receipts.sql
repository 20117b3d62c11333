CREATE TABLE `receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`household_id` text,
	`collection` text NOT NULL,
	`document_id` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` blob NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `receipts_owner` ON `receipts` (`owner_id`);--> statement-breakpoint
CREATE INDEX `receipts_document` ON `receipts` (`collection`,`document_id`);--> statement-breakpoint
CREATE INDEX `receipts_household` ON `receipts` (`household_id`);