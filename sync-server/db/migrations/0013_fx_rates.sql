CREATE TABLE `fx_rates` (
	`date` text NOT NULL,
	`base` text NOT NULL,
	`currency` text NOT NULL,
	`rate` text NOT NULL,
	PRIMARY KEY(`date`, `currency`)
);
