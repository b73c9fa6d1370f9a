ALTER TABLE "linked_users" ALTER COLUMN "referenced_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "linked_users" ADD COLUMN "requested_as" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "max_places_held" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "max_open_baskets" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "max_items_per_request" integer;--> statement-breakpoint
-- Decision 076: sequential customer references (NO000001, NO000002, ...) are re-issued as the client's initials and 10
-- random characters of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ (as newCustomerReference in src/lib/ids.ts). The bytes come
-- from one gen_random_uuid (a strong source) per user, skipping the UUID's version and variant bytes; 256 is a multiple
-- of 32, so each character is uniform.
WITH "fresh" AS (
  SELECT x."id", string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (get_byte(x."b", i) % 32) + 1, 1), '' ORDER BY i) AS "tail"
  FROM (SELECT "id", uuid_send(gen_random_uuid()) AS "b" FROM "users" WHERE "reference" ~ '^[A-Z]{2}[0-9]{6}$') AS x,
    unnest(ARRAY[0, 1, 2, 3, 4, 5, 9, 10, 11, 12]) AS i
  GROUP BY x."id"
)
UPDATE "users" AS u SET "reference" = upper(left(c."identifier", 2)) || f."tail"
FROM "fresh" AS f, "clients" AS c
WHERE f."id" = u."id" AND c."id" = u."client_id";--> statement-breakpoint
UPDATE "linked_users" AS l SET "requested_as" = u."reference" FROM "users" AS u WHERE u."id" = l."referenced_user_id";
