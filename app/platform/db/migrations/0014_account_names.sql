-- Sign-up used to store the e-mail's local part ("sam.sponsor") as the person's name, and booking
-- forms prefilled it. A name is now only what the person typed: those stand-ins are cleared.
UPDATE "users" SET "name" = '' WHERE "name" <> '' AND "name" = split_part("email", '@', 1);
