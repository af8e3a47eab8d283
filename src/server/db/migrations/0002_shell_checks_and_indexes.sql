CREATE INDEX "captcha_uses_expires_at" ON "captcha_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_views_view_session_created_at" ON "page_views" USING btree ("view_session","created_at");--> statement-breakpoint
CREATE INDEX "page_views_created_at" ON "page_views" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_code_format" CHECK ("partners"."code" ~ '^[a-z0-9-]{2,40}$');--> statement-breakpoint
ALTER TABLE "redirect_rules" ADD CONSTRAINT "redirect_rules_status_code" CHECK ("redirect_rules"."status_code" in (301, 302, 307, 308));