CREATE INDEX "outbox_channel_created_idx" ON "outbox" USING btree ("channel","created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_attempts_idx" ON "outbox" USING btree ("attempts","id");--> statement-breakpoint
CREATE INDEX "categories_list_name_idx" ON "categories" USING btree ("parentCategoryId","categoryName","created_at","category_id");--> statement-breakpoint
CREATE INDEX "categories_list_status_idx" ON "categories" USING btree ("parentCategoryId","status","created_at","category_id");--> statement-breakpoint
CREATE INDEX "users_status_order_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_holder_idx" ON "bank_accounts" USING btree ("account_holder_name","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_bank_idx" ON "bank_accounts" USING btree ("bank_name","id");--> statement-breakpoint
CREATE INDEX "orders_charges_idx" ON "orders" USING btree ("charges","order_id");--> statement-breakpoint
CREATE INDEX "orders_status_charges_idx" ON "orders" USING btree ("status","charges","order_id");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("total_amount","payment_id");--> statement-breakpoint
CREATE INDEX "payments_release_idx" ON "payments" USING btree (coalesce("release_date", '-infinity'::timestamptz),"payment_id");--> statement-breakpoint
CREATE INDEX "ratings_rank_idx" ON "ratings" USING btree ((CASE "type" WHEN 'Poor' THEN 1 WHEN 'Fair' THEN 2 WHEN 'Good' THEN 3 WHEN 'Very Good' THEN 4 WHEN 'Excellent' THEN 5 END),"created_at","rating_id");