CREATE TABLE "work_counts" (
	"owner_id" bigint NOT NULL,
	"status" text NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "work_counts_owner_id_status_pk" PRIMARY KEY("owner_id","status")
);
--> statement-breakpoint
ALTER TABLE "work_counts" ADD CONSTRAINT "work_counts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: keeps work_counts in step with works inside the writing transaction.
CREATE FUNCTION "works_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE work_counts SET live = live - 1 WHERE owner_id = OLD.owner_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO work_counts (owner_id, status, live) VALUES (NEW.owner_id, NEW.status, 1)
    ON CONFLICT (owner_id, status) DO UPDATE SET live = work_counts.live + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "works_count" AFTER INSERT OR DELETE OR UPDATE OF owner_id, status, deleted_at ON "works"
  FOR EACH ROW EXECUTE FUNCTION "works_count_change"();
