-- A chat message in one round trip (docs/decisions/014-chat.md). A checked send used to be a transaction of four
-- (begin, the sender's and the conversation's locks, the checked insert, commit): on a busy machine each round trip
-- costs the server and the database more than the insert itself. This function takes the same locks, then stores
-- the message with the same statement, as one statement the caller sends on its own (its own transaction).
--
-- A VOLATILE function's statements each take a fresh snapshot, so the insert, begun once the locks are held, sees
-- every earlier send of the sender (the per-minute limit cannot be passed by a burst) and every earlier message of
-- the conversation. The locks are released when the caller's transaction ends.
--
-- p_checked: the send's rules are checked (a person's or the team's send): the message a replayed client id already
-- made, a block between the sender and p_other_id (none for the team), and the sender's count since p_since against
-- p_per_minute. Without them (a message the server writes itself, such as an order's reply) only the conversation's
-- existence is checked and the client id is still stored once.
CREATE OR REPLACE FUNCTION "chat_send"(
  p_chat_id bigint, p_sender_id bigint, p_from_support boolean, p_client_id text, p_kind text, p_text text,
  p_photo text, p_lat double precision, p_lng double precision, p_created_at timestamptz, p_to_team boolean,
  p_checked boolean, p_other_id bigint, p_per_minute int, p_since timestamptz
) RETURNS TABLE (present boolean, earlier_id bigint, blocked boolean, recent int, message json, people json)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  IF p_checked THEN
    -- The sender's lock orders their sends; the conversation's, taken after it, orders the updates of its rows
    -- (the conversation and both people), which two sends at once would otherwise take in no set order.
    PERFORM pg_advisory_xact_lock(hashtext('chat-send:' || p_sender_id)),
      pg_advisory_xact_lock(hashtext('chat:' || p_chat_id));
  END IF;
  RETURN QUERY
  WITH checks AS (
    SELECT EXISTS (SELECT 1 FROM "chats" c WHERE c."id" = p_chat_id) AS present,
      CASE WHEN p_checked THEN (SELECT m."id"::bigint FROM "chat_messages" m
        WHERE m."chat_id" = p_chat_id AND m."client_id" = p_client_id) END AS earlier_id,
      (p_checked AND p_other_id IS NOT NULL AND EXISTS (SELECT 1 FROM "user_blocks" b
        WHERE (b."blocker_id" = p_sender_id AND b."blocked_id" = p_other_id)
          OR (b."blocker_id" = p_other_id AND b."blocked_id" = p_sender_id))) AS blocked,
      CASE WHEN p_checked THEN (SELECT count(*)::int FROM "chat_messages" m
        WHERE m."sender_id" = p_sender_id AND m."created_at" >= p_since) ELSE 0 END AS recent
  ),
  ins AS (
    INSERT INTO "chat_messages" ("chat_id", "sender_id", "from_support", "client_id", "kind", "text", "photo", "lat",
      "lng", "created_at")
    SELECT p_chat_id, p_sender_id, p_from_support, p_client_id, p_kind, p_text, p_photo, p_lat, p_lng, p_created_at
    FROM checks
    WHERE checks.present AND checks.earlier_id IS NULL AND NOT checks.blocked
      AND checks.recent < CASE WHEN p_checked THEN p_per_minute ELSE 1 END
    ON CONFLICT ("chat_id", "client_id") DO NOTHING
    RETURNING *
  ),
  moved AS (
    UPDATE "chats" c SET "last_message_id" = ins."id", "last_message_at" = ins."created_at",
      "team_unread" = CASE WHEN p_to_team THEN c."team_unread" + 1 WHEN p_from_support THEN 0 ELSE c."team_unread" END,
      "team_read_up_to" = CASE WHEN p_from_support THEN ins."id" ELSE c."team_read_up_to" END,
      "team_delivered_up_to" = CASE WHEN p_from_support THEN ins."id" ELSE c."team_delivered_up_to" END
    FROM ins WHERE c."id" = ins."chat_id"
    RETURNING c."id"
  ),
  -- The sender has read their own message; the others have one more to read (a team answer is to the person).
  people AS (
    UPDATE "chat_participants" p SET "sort_at" = ins."created_at",
      "unread" = CASE WHEN NOT p_from_support AND p."user_id" = p_sender_id THEN 0 ELSE p."unread" + 1 END,
      "read_up_to" = CASE WHEN NOT p_from_support AND p."user_id" = p_sender_id THEN ins."id" ELSE p."read_up_to" END,
      "delivered_up_to" = CASE WHEN NOT p_from_support AND p."user_id" = p_sender_id THEN ins."id"
        ELSE p."delivered_up_to" END
    FROM ins WHERE p."chat_id" = ins."chat_id"
    RETURNING p."user_id", p."unread"
  )
  SELECT checks.present, checks.earlier_id, checks.blocked, checks.recent, row_to_json(ins),
    (SELECT coalesce(json_agg(json_build_object(
      'user_id', people."user_id",
      'unread', people."unread",
      -- The statement sees the other conversations as they were, and this one as it is now.
      'total', people."unread" + (SELECT coalesce(sum(o."unread"), 0) FROM "chat_participants" o
        WHERE o."user_id" = people."user_id" AND o."chat_id" <> p_chat_id)
    )), '[]'::json) FROM people)
  FROM checks LEFT JOIN ins ON true;
END
$$;
--> statement-breakpoint
-- Many checked sends in one round trip and one transaction (the server gathers the sends that arrive while its
-- previous call is on its way): `p_messages` is a JSON array of chat_send's arguments by name (without p_ and
-- p_checked), answered with each one's place in the array (n, from 1) beside what chat_send answers for it.
--
-- Every lock of the call is taken first, in the order of the locks' own keys, the same order for every call: two
-- calls that share a sender or a conversation then wait for each other instead of each holding what the other
-- needs. The sends then run in the array's order, each one seeing those before it.
CREATE OR REPLACE FUNCTION "chat_send_many"(p_messages json)
RETURNS TABLE (n int, present boolean, earlier_id bigint, blocked boolean, recent int, message json, people json)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  lock_key int;
  e record;
BEGIN
  FOR lock_key IN
    SELECT DISTINCT hashtext(k) FROM (
      SELECT 'chat-send:' || (m->>'sender_id') AS k FROM json_array_elements(p_messages) m
      UNION ALL SELECT 'chat:' || (m->>'chat_id') FROM json_array_elements(p_messages) m
    ) keys
    ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  FOR e IN SELECT m, i FROM json_array_elements(p_messages) WITH ORDINALITY AS a(m, i) ORDER BY i LOOP
    RETURN QUERY SELECT e.i::int, s.* FROM "chat_send"(
      (e.m->>'chat_id')::bigint, (e.m->>'sender_id')::bigint, (e.m->>'from_support')::boolean, e.m->>'client_id',
      e.m->>'kind', e.m->>'text', e.m->>'photo', (e.m->>'lat')::double precision, (e.m->>'lng')::double precision,
      (e.m->>'created_at')::timestamptz, (e.m->>'to_team')::boolean, true, (e.m->>'other_id')::bigint,
      (e.m->>'per_minute')::int, (e.m->>'since')::timestamptz) s;
  END LOOP;
END
$$;
