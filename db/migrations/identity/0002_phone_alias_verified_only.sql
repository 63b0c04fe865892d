-- A mobile number signs in only once verified (or when it is the account's only identifier):
-- the phone_number column holds sign-in aliases alone, so unverified numbers leave it and no
-- longer block another account from adding the same number.
UPDATE "identity"."users"
SET "phone_number" = NULL
WHERE "phone_number" IS NOT NULL
  AND "email" IS NOT NULL
  AND coalesce("attributes"->>'phone_number_verified', 'false') <> 'true';
