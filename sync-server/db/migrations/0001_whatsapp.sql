CREATE TABLE `monthly_reports` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `month`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `whatsapp_messages` (
	`message_sid` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`from` text NOT NULL,
	`body` text NOT NULL,
	`kind` text NOT NULL,
	`transaction_id` text,
	`reply` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `whatsapp_messages_user_created` ON `whatsapp_messages` (`user_id`,`created_at`);