ALTER TABLE `phone_claims` ADD `wrong_codes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `phone_claims` ADD `voided_at` integer;