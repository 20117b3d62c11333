-- Invitations get an id (accept, decline, cancel name it); waiting ones keep their e-mail and get a random id.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_household_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`household_id` text NOT NULL,
	`email` text NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_household_invites`("id", "household_id", "email", "invited_by", "created_at") SELECT lower(hex(randomblob(16))), "household_id", "email", "invited_by", "created_at" FROM `household_invites`;--> statement-breakpoint
DROP TABLE `household_invites`;--> statement-breakpoint
ALTER TABLE `__new_household_invites` RENAME TO `household_invites`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `household_invites_household_email` ON `household_invites` (`household_id`,`email`);--> statement-breakpoint
CREATE INDEX `household_invites_email` ON `household_invites` (`email`);