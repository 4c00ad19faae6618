-- "rates"."user_to_type" takes the provider's values (Passenger::TYPE_CONDUCTOR = 0, TYPE_PASAJERO = 1:
-- the role of the rated user, so a passenger's rating of the driver is 0). The mock stored the
-- opposite (0 for a rated passenger, 1 for a rated driver); swap the rows already there.
-- Data only: the schema is unchanged.
UPDATE "rates" SET "user_to_type" = 1 - "user_to_type" WHERE "user_to_type" IN (0, 1);
