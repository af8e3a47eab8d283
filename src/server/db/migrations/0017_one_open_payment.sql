-- Orders made before this had several open attempts: the newest stays open, the others are closed (their approval, if any, is refunded).
UPDATE "payments" SET "status" = 'closed', "updated_at" = now() WHERE "status" = 'created' AND "id" NOT IN (SELECT DISTINCT ON ("order_id") "id" FROM "payments" WHERE "status" = 'created' ORDER BY "order_id", "created_at" DESC, "id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'created';
