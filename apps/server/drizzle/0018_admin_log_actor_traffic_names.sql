ALTER TABLE "admin_actions" ADD COLUMN "actor" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_system_has_no_admin" CHECK ("admin_actions"."actor" = 'admin' or "admin_actions"."admin_user_id" is null);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "admin_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deleting an admin's account only forgets who acted (ON DELETE SET NULL); nothing else may change.
  IF TG_OP = 'UPDATE' AND NEW.admin_user_id IS NULL
     AND (NEW.id, NEW.actor, NEW.action, NEW.target_type, NEW.target_id, NEW.before, NEW.after, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.actor, OLD.action, OLD.target_type, OLD.target_id, OLD.before, OLD.after, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_actions is append-only';
END
$$;
--> statement-breakpoint
-- Every other page says "Traffic" (流量): the permission tree too.
UPDATE "permission_catalogue" SET "name_en" = 'Traffic wallet' WHERE "perm_id" = 35 AND "name_en" = 'Flow wallet';
--> statement-breakpoint
UPDATE "permission_catalogue" SET "name_en" = 'Traffic orders' WHERE "perm_id" = 16213 AND "name_en" = 'Flow orders';
