ALTER TABLE "bank_file_lines" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bank_files" ALTER COLUMN "total" SET DATA TYPE bigint;