CREATE TABLE `whatsapp_pending` (
	`user_id` text PRIMARY KEY NOT NULL,
	`message_sid` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`question` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_transactions_merchant` ON `documents` (`owner_id`, lower(json_extract(`data`, '$.merchant'))) WHERE `collection` = 'transactions' AND json_extract(`data`, '$.merchant') IS NOT NULL;