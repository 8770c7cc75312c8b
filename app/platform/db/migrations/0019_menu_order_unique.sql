-- Menu items get one number each, so the drawer's order is never a tie. A menu that has two
-- items on one number today is numbered 0…n-1 in the order the drawer already shows it
-- (display order, label, id); a menu without ties keeps its numbers.
UPDATE "menu_items" AS m SET "display_order" = r.rank
FROM (SELECT "id", (row_number() OVER (ORDER BY "display_order", "label", "id") - 1)::int AS rank FROM "menu_items") AS r
WHERE m."id" = r."id"
  AND EXISTS (SELECT 1 FROM "menu_items" GROUP BY "display_order" HAVING count(*) > 1);--> statement-breakpoint
-- DEFERRABLE (checked at the end of each statement, not after each row): a move or an
-- insertion shifts a run of items by one in a single UPDATE.
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_display_order_key" UNIQUE ("display_order") DEFERRABLE INITIALLY IMMEDIATE;
