--
-- PostgreSQL database dump
--

\restrict d33JnxUSaFZDprIHvR4Orje8qFZfBe4uOqlLHeq7rum97gF1EYOTvjGKTAT9ZlR

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: events_are_append_only(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.events_are_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only';
END;
$$;


--
-- Name: owlpost_append(uuid, text, timestamp with time zone, bigint[], text[], jsonb[], bytea[], smallint[], uuid[], text, bigint, jsonb, timestamp with time zone, uuid[], jsonb[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owlpost_append(p_game uuid, p_command text, p_recorded_at timestamp with time zone, p_seqs bigint[], p_kinds text[], p_payloads jsonb[], p_hashes bytea[], p_seats smallint[], p_holders uuid[], p_status text, p_version bigint, p_awaiting jsonb, p_deadline timestamp with time zone, p_told uuid[], p_notifications jsonb[]) RETURNS integer
    LANGUAGE plpgsql
    AS $$
DECLARE
    command jsonb := p_command::jsonb;
    command_id uuid := (command ->> 'id')::uuid;
    written integer := 0;
BEGIN
    -- First, so that an append to a game that does not exist writes nothing
    -- (what the foreign keys on game_id checked, row by row).
    UPDATE games
    SET status = p_status, version = p_version, awaiting = p_awaiting,
        updated_at = p_recorded_at, deadline_at = p_deadline
    WHERE id = p_game;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no game %', p_game USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF command_id IS NOT NULL THEN
        INSERT INTO commands (id, game_id, actor, idempotency_key, body, first_seq, last_seq, response)
        VALUES (command_id, p_game, (command ->> 'actor')::uuid, command ->> 'idempotency_key',
                command -> 'body', (command ->> 'first_seq')::bigint,
                (command ->> 'last_seq')::bigint, NULLIF(command -> 'response', 'null'::jsonb));
    END IF;
    INSERT INTO events (game_id, seq, kind, payload, command_id, recorded_at, hash)
    SELECT p_game, e.seq, e.kind, e.payload, command_id, p_recorded_at, e.hash
    FROM unnest(p_seqs, p_kinds, p_payloads, p_hashes) AS e (seq, kind, payload, hash);
    IF cardinality(p_seats) > 0 THEN
        DELETE FROM seats WHERE game_id = p_game AND seat = ANY (p_seats);
        INSERT INTO seats (game_id, seat, user_id)
        SELECT p_game, s.seat, s.holder FROM unnest(p_seats, p_holders) AS s (seat, holder)
        WHERE s.holder IS NOT NULL;
    END IF;
    IF cardinality(p_told) > 0 THEN
        INSERT INTO outbox (webhook_id, game_id, payload)
        SELECT w.id, p_game, n.payload
        FROM unnest(p_told, p_notifications) WITH ORDINALITY AS n (user_id, payload, position)
        JOIN webhooks w ON w.user_id = n.user_id
        ORDER BY n.position, w.created_at;
        GET DIAGNOSTICS written = ROW_COUNT;
    END IF;
    RETURN written;
END;
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: __diesel_schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.__diesel_schema_migrations (
    version character varying(50) NOT NULL,
    run_on timestamp without time zone DEFAULT CURRENT_TIMESTAMP NOT NULL
);


--
-- Name: commands; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.commands (
    id uuid NOT NULL,
    game_id uuid NOT NULL,
    actor uuid NOT NULL,
    idempotency_key text,
    body jsonb NOT NULL,
    first_seq bigint NOT NULL,
    last_seq bigint NOT NULL,
    response jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    game_id uuid NOT NULL,
    seq bigint NOT NULL,
    kind text NOT NULL,
    payload jsonb NOT NULL,
    command_id uuid,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    hash bytea NOT NULL,
    CONSTRAINT events_hash_check CHECK ((octet_length(hash) = 32)),
    CONSTRAINT events_kind_check CHECK ((kind = ANY (ARRAY['platform'::text, 'rules'::text]))),
    CONSTRAINT events_seq_check CHECK ((seq >= 1))
);


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id uuid NOT NULL,
    ruleset text NOT NULL,
    seat_count smallint NOT NULL,
    created_by uuid NOT NULL,
    seed bytea NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    version bigint DEFAULT 0 NOT NULL,
    awaiting jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    deadline_at timestamp with time zone,
    CONSTRAINT games_seat_count_check CHECK (((seat_count >= 1) AND (seat_count <= 8))),
    CONSTRAINT games_seed_check CHECK ((octet_length(seed) = 32)),
    CONSTRAINT games_status_check CHECK ((status = ANY (ARRAY['open'::text, 'active'::text, 'finished'::text, 'cancelled'::text])))
);


--
-- Name: outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.outbox (
    id bigint NOT NULL,
    webhook_id uuid NOT NULL,
    game_id uuid NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    delivered_at timestamp with time zone,
    given_up_at timestamp with time zone,
    last_error text
);


--
-- Name: outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.outbox_id_seq OWNED BY public.outbox.id;


--
-- Name: seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seats (
    game_id uuid NOT NULL,
    seat smallint NOT NULL,
    user_id uuid NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: snapshots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.snapshots (
    game_id uuid NOT NULL,
    rules_version text NOT NULL,
    version bigint NOT NULL,
    last_hash bytea NOT NULL,
    deadline_at timestamp with time zone,
    table_state bytea NOT NULL,
    rules_state bytea NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT snapshots_last_hash_check CHECK ((octet_length(last_hash) = 32)),
    CONSTRAINT snapshots_version_check CHECK ((version >= 1))
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id uuid NOT NULL,
    username text NOT NULL,
    password_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: webhooks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhooks (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    url text NOT NULL,
    secret text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox ALTER COLUMN id SET DEFAULT nextval('public.outbox_id_seq'::regclass);


--
-- Data for Name: __diesel_schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.__diesel_schema_migrations (version, run_on) FROM stdin;
20261122000001	2026-11-27 14:55:20.343936
20261122000002	2026-11-27 14:55:20.451936
20261123000003	2026-11-27 14:55:20.461031
20261124000004	2026-11-27 14:55:20.515967
20261124000005	2026-11-27 14:55:20.535957
20261126000006	2026-11-27 14:55:20.548024
20261126000007	2026-11-27 14:55:20.553346
20261126000008	2026-11-27 14:55:20.556365
20261126000009	2026-11-27 14:55:20.5705
\.


--
-- Data for Name: commands; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.commands (id, game_id, actor, idempotency_key, body, first_seq, last_seq, response, created_at) FROM stdin;
5dbed28e-49f6-4ef3-8a21-7cd60a570d92	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"type": "move", "direction": "east"}]}	19	19	\N	2026-11-27 14:55:29.638074+00
a40f4c32-dda0-420a-8420-ba5f94bbbfaa	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"type": "move", "direction": "south"}]}	20	20	\N	2026-11-27 14:55:29.666556+00
b33af4ca-bcf0-417b-8ff3-e0e4600ad76d	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"type": "pick_up", "thing": {"kind": "treasure", "treasure": 3}}]}	21	22	\N	2026-11-27 14:55:29.696491+00
8192ec5b-c79f-407f-8ec2-144b74968be0	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"type": "draw", "count": 2}]}	23	25	\N	2026-11-27 14:55:29.707252+00
2daa47ef-6a60-4096-8991-2a2c9688c3f2	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"type": "move", "direction": "west"}]}	26	26	\N	2026-11-27 14:55:29.725105+00
f252ffa1-bb5f-491c-b6d5-988f140ff8f6	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"type": "move", "direction": "west"}]}	27	27	\N	2026-11-27 14:55:29.746029+00
0ca15f4a-2739-47af-bda4-514b26697ca3	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"type": "move", "direction": "west"}]}	28	28	\N	2026-11-27 14:55:29.76505+00
9a81b8f6-3e45-4343-b26c-fbd1cc15aede	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"card": 3, "type": "cast", "energy": null, "option": null, "target": {"kind": "caster"}}]}	29	31	\N	2026-11-27 14:55:29.793217+00
28a4da08-6317-4e72-a4fc-aee69508bcef	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"card": 2, "type": "boost_speed"}]}	32	32	\N	2026-11-27 14:55:29.839949+00
6bb7ce87-21b1-4ca3-a4fc-83f236fd1f4b	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"type": "move", "direction": "south"}]}	33	33	\N	2026-11-27 14:55:29.867921+00
2456db5f-55f3-4466-aebb-f98f958b25a3	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"card": 4, "type": "cast", "energy": null, "option": null, "target": {"kind": "square", "square": {"col": 4, "row": 2}}}]}	34	37	\N	2026-11-27 14:55:29.902281+00
691bad3d-f306-416f-af7b-b2acc0688cad	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"type": "end_move_and_cast"}]}	38	38	\N	2026-11-27 14:55:29.955954+00
b44e0336-2a33-4061-8148-6faaef60dcf2	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"type": "draw", "count": 1}]}	39	41	\N	2026-11-27 14:55:30.01536+00
81c56d2e-825b-4d60-8b49-4bff803d26cf	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"type": "move", "direction": "east"}]}	42	42	\N	2026-11-27 14:55:30.042303+00
058a190d-92d5-4931-9c20-e4c438364062	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"card": 7, "type": "cast", "energy": 10, "option": null, "target": {"kind": "wizard", "seat": 0}}]}	43	43	\N	2026-11-27 14:55:30.071954+00
4afdf561-e145-4aa9-8e86-880bb56194d2	d1427454-8910-4475-9ba0-53220a945a26	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\N	{"commands": [{"type": "pass"}]}	44	46	\N	2026-11-27 14:55:30.098216+00
8fcee1f8-1bb3-44f7-ad1f-f373fc0a767c	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"card": 11, "type": "cast", "energy": 8, "option": null, "target": {"kind": "caster"}}]}	47	49	\N	2026-11-27 14:55:30.143465+00
0f4b006b-1133-4ad4-828f-a7260fab5584	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"card": 6, "type": "cast", "energy": null, "option": null, "target": {"kind": "square", "square": {"col": 4, "row": 4}}}]}	50	53	\N	2026-11-27 14:55:30.176783+00
850b052f-0282-48db-a7ac-dfd93fab7e6d	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"card": 6, "type": "look_through"}]}	54	54	\N	2026-11-27 14:55:30.201084+00
1db8bf7c-7e9b-4d5f-b87a-4a49437d74d8	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"card": 9, "type": "cast", "energy": null, "option": null, "target": {"kind": "caster"}}]}	55	58	\N	2026-11-27 14:55:30.221503+00
614d6167-946c-4d86-9f99-e871b03b3bf3	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"card": 6, "type": "move_creature", "direction": "west"}]}	59	59	\N	2026-11-27 14:55:30.239323+00
33fc972f-7809-447d-a32b-a627ecfd6b9e	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"type": "end_move_and_cast"}]}	60	60	\N	2026-11-27 14:55:30.259945+00
c5f1208a-d094-42e2-a952-76c86daaabad	d1427454-8910-4475-9ba0-53220a945a26	4a39652e-d010-4c1d-a4fb-a59daf15c54a	\N	{"commands": [{"type": "draw", "count": 0}]}	61	62	\N	2026-11-27 14:55:30.280087+00
67e0eddf-b82c-4c55-9592-c3249afcda83	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "choose_sector", "sector": "blue"}]}	6	6	\N	2026-11-27 14:55:32.793927+00
b8a08922-1673-4aa8-a966-c51ab54752fb	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "choose_sector", "sector": "red"}]}	7	26	\N	2026-11-27 14:55:32.815556+00
d2b75959-99d0-468c-9388-be959ba461b9	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "move", "direction": "south"}]}	27	27	\N	2026-11-27 14:55:32.84289+00
52866386-2e42-4791-8e37-aed007ac5eb8	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "move", "direction": "west"}]}	28	28	\N	2026-11-27 14:55:32.887477+00
3a770006-2f04-41b4-a4fb-89e0a99c0b83	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "discard", "cards": [84]}]}	29	29	\N	2026-11-27 14:55:32.919841+00
fdc8a82c-e987-4785-a913-5e6979d0b65c	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "discard", "cards": [72]}]}	30	30	\N	2026-11-27 14:55:32.955961+00
2ef3953f-4100-4c60-aff4-0dc99a33206c	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 102, "type": "boost_speed"}]}	31	31	\N	2026-11-27 14:55:32.983949+00
b0b0285c-bbd9-4feb-a465-a7e59c1e95c4	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 59, "type": "cast", "energy": 113, "option": null, "target": {"kind": "square", "square": {"col": 7, "row": 3}}}]}	32	35	\N	2026-11-27 14:55:33.006175+00
c6238a98-777d-4eaf-929b-25c86dea1a9a	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "end_move_and_cast"}]}	36	36	\N	2026-11-27 14:55:33.031662+00
01136c91-03e4-4bde-9fa6-7f775f53b046	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "draw", "count": 2}]}	37	39	\N	2026-11-27 14:55:33.043578+00
33cdf6ed-3f11-465f-8fca-00203035f8ef	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "move", "direction": "north"}]}	40	40	\N	2026-11-27 14:55:33.086259+00
0b05e800-b8c7-4469-a2c0-6d18237bfeba	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "move", "direction": "north"}]}	41	41	\N	2026-11-27 14:55:33.13195+00
c0aff58e-9862-4149-80c3-83e3245278fe	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "discard", "cards": [3]}]}	42	42	\N	2026-11-27 14:55:33.188608+00
11c9eb66-e09e-4a44-b802-ec80ca5a90c4	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "discard", "cards": [4]}]}	43	43	\N	2026-11-27 14:55:33.277512+00
d14295c9-1504-431f-b3be-2864c883e7c1	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"card": 6, "type": "cast", "energy": 1, "option": null, "target": {"kind": "caster"}}]}	44	46	\N	2026-11-27 14:55:33.326326+00
ccaf2282-9c09-46a0-9609-309d564573fc	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"card": 2, "type": "boost_speed"}]}	47	47	\N	2026-11-27 14:55:33.366492+00
ca5d65b6-1eb0-42a1-a4ad-9dfc8f92af8e	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "end_move_and_cast"}]}	48	48	\N	2026-11-27 14:55:33.399772+00
eb4c6245-e254-4331-83f9-0beae06fe5a3	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "draw", "count": 1}]}	49	51	\N	2026-11-27 14:55:33.421395+00
962a5495-ff27-4914-a50c-ef84ab943ec0	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "end_move_and_cast"}]}	60	60	\N	2026-11-27 14:55:33.493516+00
4153d5c1-4d06-4066-9bea-8702a5a2bbda	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "move", "direction": "east"}]}	68	68	\N	2026-11-27 14:55:33.583958+00
ef65f2d1-9b3c-400d-9a17-b2811485893f	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "end_move_and_cast"}]}	71	71	\N	2026-11-27 14:55:33.73611+00
019a5365-3b26-4289-a52a-f1570768bbaf	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 79, "type": "boost_speed"}]}	80	80	\N	2026-11-27 14:55:33.805916+00
5b2c67e6-7499-4a7b-aa43-9dc3830b3a2b	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"card": 50, "type": "boost_speed"}]}	85	85	\N	2026-11-27 14:55:33.883774+00
1302343b-d70b-4060-98cc-4e82a239f9e5	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 21, "type": "cast", "energy": null, "option": null, "target": {"kind": "line", "line": {"col": 6, "row": 4, "orientation": "horizontal"}}}]}	90	93	\N	2026-11-27 14:55:33.945894+00
73f03a03-56a3-4ffc-974a-9361d63f19b2	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"card": 86, "type": "boost_speed"}]}	98	98	\N	2026-11-27 14:55:34.142336+00
f598772e-9d7c-466e-9f94-f89b4807589a	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "draw", "count": 1}]}	104	106	\N	2026-11-27 14:55:34.344805+00
9185bb05-af2b-4f4b-aa0f-e79adc04f24e	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"card": 0, "line": null, "type": "play_counter", "energy": null, "square": null}]}	109	109	\N	2026-11-27 14:55:34.389852+00
334d4aec-5ea8-40be-93d9-acf870b77382	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "move", "direction": "north"}]}	116	116	\N	2026-11-27 14:55:34.43704+00
40c4442e-3ef7-484e-8b9f-44569ba332c7	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"to": 0, "ask": [], "give": [52], "type": "offer_deal"}]}	121	121	\N	2026-11-27 14:55:34.486508+00
8ede4a62-6f4b-4b06-a60d-c2ac4ea35c0e	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"to": 0, "ask": [], "give": [52], "type": "offer_deal"}]}	122	123	\N	2026-11-27 14:55:34.506271+00
f6449c69-e135-443c-92d9-bc77f94b70f1	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"to": 0, "ask": [], "give": [58], "type": "offer_deal"}]}	124	125	\N	2026-11-27 14:55:34.525882+00
89630c9e-c1dc-4cd0-8504-d86cbd8cda26	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"to": 0, "ask": [], "give": [52], "type": "offer_deal"}]}	126	127	\N	2026-11-27 14:55:34.544857+00
fc4d5d66-fe64-4788-97fa-4a1367cb5709	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "decline_deal"}]}	128	128	\N	2026-11-27 14:55:34.563503+00
dbd7f392-fe63-4834-b07e-87a6b3ba5b7e	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 85, "type": "cast", "energy": 125, "option": null, "target": {"kind": "caster"}}]}	52	54	\N	2026-11-27 14:55:33.442744+00
2b100e75-f822-4dc1-8770-96f3e4e79655	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "draw", "count": 2}]}	61	63	\N	2026-11-27 14:55:33.51311+00
5070f91b-b78d-4fd4-be90-756a73058964	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "move", "direction": "east"}]}	69	69	\N	2026-11-27 14:55:33.657709+00
860cf14c-5532-43de-95d8-e006627aa4b4	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "draw", "count": 2}]}	72	74	\N	2026-11-27 14:55:33.754396+00
15e1e88a-c428-40b7-9499-c863f498cc75	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "end_move_and_cast"}]}	81	81	\N	2026-11-27 14:55:33.835971+00
2ecfcae5-a46f-40a3-bde3-e29ec759e381	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "end_move_and_cast"}]}	86	86	\N	2026-11-27 14:55:33.906408+00
3a8c540d-8ef9-4451-9d71-aa685d2fc997	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "end_move_and_cast"}]}	94	94	\N	2026-11-27 14:55:33.972118+00
de34f5bf-8591-4e66-81c7-da39d705c940	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"card": 28, "type": "cast", "energy": null, "option": null, "target": {"kind": "square", "square": {"col": 7, "row": 2}}}]}	99	102	\N	2026-11-27 14:55:34.243019+00
76f0c214-d627-4c9b-ac6d-9a9383197442	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "move", "direction": "east"}]}	107	107	\N	2026-11-27 14:55:34.361572+00
cf9133da-3e91-482b-9acc-9cec327c8a25	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "pass"}]}	110	112	\N	2026-11-27 14:55:34.400625+00
7f80bb67-a9fc-4bae-8f4b-2ef8af20a32c	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "discard", "cards": [69]}]}	117	117	\N	2026-11-27 14:55:34.453163+00
298cf5c7-2f56-4dbc-9aea-d27f99fba28c	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"to": 0, "ask": [], "give": [58], "type": "offer_deal"}]}	129	129	\N	2026-11-27 14:55:34.580269+00
367ca981-2301-4ad0-a0e4-c3486749b60c	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"to": 0, "ask": [], "give": [38], "type": "offer_deal"}]}	130	131	\N	2026-11-27 14:55:34.598042+00
0664884b-ced9-4848-b311-889796daecba	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 63, "type": "cast", "energy": null, "option": null, "target": {"kind": "line", "line": {"col": 7, "row": 2, "orientation": "horizontal"}}}]}	132	135	\N	2026-11-27 14:55:34.627452+00
1f3fb41d-2668-4aa1-af77-1ff031d76b7f	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "end_move_and_cast"}]}	136	136	\N	2026-11-27 14:55:34.659788+00
a55fe810-9ad3-4c91-9170-a981a53c8cfe	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "draw", "count": 2}]}	137	140	\N	2026-11-27 14:55:34.678619+00
23a6e293-ab89-462a-aea1-77e078d97c2d	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 91, "type": "cast", "energy": null, "option": null, "target": {"card": 59, "kind": "object"}}]}	55	59	\N	2026-11-27 14:55:33.473629+00
1b3d9cf8-bfc0-419d-8637-d6357fe74cb4	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"card": 124, "type": "cast", "energy": null, "option": null, "target": {"kind": "sector", "slot": 0}}]}	64	67	\N	2026-11-27 14:55:33.541663+00
e4b84966-84f4-4102-ada6-973cc2978724	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"card": 8, "type": "boost_speed"}]}	70	70	\N	2026-11-27 14:55:33.715965+00
9681bfeb-5bfa-4179-9dd4-eaa1086caa3f	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 61, "type": "cast", "energy": null, "option": null, "target": {"kind": "caster"}}]}	75	79	\N	2026-11-27 14:55:33.776837+00
dbe2fe09-2f46-48c0-87af-fdeb2a870a32	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "draw", "count": 2}]}	82	84	\N	2026-11-27 14:55:33.866716+00
8338dc8c-834b-4630-a837-b8ac14f3b4be	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "draw", "count": 2}]}	87	89	\N	2026-11-27 14:55:33.918426+00
3446d5ea-f32c-4d9b-819b-1a7e3b0c0547	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"type": "draw", "count": 2}]}	95	97	\N	2026-11-27 14:55:34.012389+00
637b874c-a1ff-4c60-98e2-9ddfcba34b8b	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "end_move_and_cast"}]}	103	103	\N	2026-11-27 14:55:34.306079+00
7753872a-9ef1-4def-9525-8ad887bb96d5	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 85, "type": "use", "target": {"kind": "wizard", "seat": 0}}]}	108	108	\N	2026-11-27 14:55:34.378316+00
fddb3b6c-bbb0-4711-b897-2ebe80bb798a	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	510ae41f-7c71-466c-a7d3-fdf626e77454	\N	{"commands": [{"type": "pass"}]}	113	115	\N	2026-11-27 14:55:34.414831+00
bc150fd2-6f77-4be2-b49d-24a1467639d3	c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	\N	{"commands": [{"card": 27, "type": "cast", "energy": null, "option": null, "target": {"kind": "caster"}}]}	118	120	\N	2026-11-27 14:55:34.468987+00
fa5a79de-3afc-48a5-9283-98414ba5cfc5	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "draw_spell"}]}	13	16	\N	2026-11-27 14:55:38.357808+00
57a5b674-f787-4f92-a222-b4d13ae284d5	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"type": "draw_spell"}]}	17	20	\N	2026-11-27 14:55:38.363097+00
0c53f0db-2f66-4821-b76d-390c448a90f6	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 5, "row": 3}, "type": "move", "unit": 0}]}	21	21	\N	2026-11-27 14:55:38.372155+00
d8767cd0-574c-45bc-bf64-6578dd76b07c	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "end_turn"}]}	22	24	\N	2026-11-27 14:55:38.377443+00
97350ab4-66f3-48a0-9f59-acb7d89dbc22	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"card": 9, "type": "cast", "target": {"kind": "area", "anchor": {"col": 4, "row": 13}, "orientation": "horizontal"}}]}	25	28	\N	2026-11-27 14:55:38.38281+00
9b4addeb-ea13-4317-95ce-7e5c4a9073cb	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"to": {"col": 5, "row": 16}, "type": "move", "unit": 1}]}	29	29	\N	2026-11-27 14:55:38.391794+00
b932078c-ea83-4888-abb5-df8237a30bbe	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"type": "end_turn"}]}	30	32	\N	2026-11-27 14:55:38.396904+00
8f508aed-013d-4514-9f8e-66c596afb154	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "summon_instead"}]}	33	34	\N	2026-11-27 14:55:38.401734+00
d32f90a3-fda1-4a86-86e6-2241418326e5	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "place_monster", "square": {"col": 5, "row": 4}}]}	35	38	\N	2026-11-27 14:55:38.406591+00
75eeda63-7023-4346-9221-485fc93566ec	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"type": "summon_instead"}]}	39	40	\N	2026-11-27 14:55:38.41154+00
f6913af9-ff6c-477c-bfe6-d2e3b546298c	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"type": "place_monster", "square": {"col": 6, "row": 16}}]}	41	44	\N	2026-11-27 14:55:38.416759+00
231c242c-cb6e-4b39-bd3b-b3c97d7dcbec	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 5, "row": 8}, "type": "move", "unit": 2}]}	45	45	\N	2026-11-27 14:55:38.426426+00
1d75a37f-d33a-43b3-9837-10a6361da687	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 5, "row": 5}, "type": "move", "unit": 0}]}	46	46	\N	2026-11-27 14:55:38.434058+00
bca4d7ff-fb78-45bc-9a28-becae1b3c610	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "end_turn"}]}	47	53	\N	2026-11-27 14:55:38.439224+00
5ab48d08-2a23-4e20-8922-61d6a343f4d0	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 5, "row": 7}, "type": "move", "unit": 0}]}	54	54	\N	2026-11-27 14:55:38.445392+00
bc0438fc-8781-49d6-8cc6-0d1d0463da25	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 5, "row": 10}, "type": "move", "unit": 2}]}	55	55	\N	2026-11-27 14:55:38.451219+00
55ca5533-33f6-400a-8060-b1744f191ac3	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "end_turn"}]}	56	58	\N	2026-11-27 14:55:38.456208+00
b86bd605-1984-458e-a7b3-72bbc070845d	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"card": 27, "type": "cast", "target": {"kind": "square", "square": {"col": 6, "row": 15}}}]}	59	63	\N	2026-11-27 14:55:38.464827+00
dce44ff2-d7b0-4ce0-9027-bcf99a042bf5	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"to": {"col": 5, "row": 15}, "type": "move", "unit": 3}]}	64	64	\N	2026-11-27 14:55:38.470948+00
7831c84b-f799-4848-9d25-46cf36d0350b	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"to": {"col": 5, "row": 14}, "type": "move", "unit": 1}]}	65	65	\N	2026-11-27 14:55:38.476368+00
ebab8278-d710-40e5-b643-e38ab9ca955f	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"type": "end_turn"}]}	66	68	\N	2026-11-27 14:55:38.481667+00
a193696e-bbdf-49f2-ac77-e26057e76b32	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 5, "row": 13}, "type": "move", "unit": 2}]}	69	69	\N	2026-11-27 14:55:38.487769+00
243e6619-45ce-4fef-9fef-06dd92ef18b9	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "attack", "unit": 2, "target": {"col": 5, "row": 14}}]}	70	70	\N	2026-11-27 14:55:38.493339+00
e7fe2e31-7b74-42f0-886f-d16003531d6f	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 5, "row": 8}, "type": "move", "unit": 0}]}	71	71	\N	2026-11-27 14:55:38.501931+00
b693631d-ab29-4e32-9868-04f7a0894d80	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "end_turn"}]}	72	75	\N	2026-11-27 14:55:38.506861+00
aa77b854-ee23-4b2f-841a-c3203981dd01	eeb40f04-e220-4712-838f-304b9cbb3897	af947107-6e9e-4d6b-99b1-0996a6a6d440	\N	{"commands": [{"type": "place_monster", "square": {"col": 4, "row": 13}}]}	76	79	\N	2026-11-27 14:55:38.517809+00
08a5de97-8220-49e0-8612-defbe635f1a7	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "attack", "unit": 2, "target": {"col": 5, "row": 14}}]}	80	81	\N	2026-11-27 14:55:38.524078+00
89e2e55c-d14b-47f9-9a1a-3efab6fdf793	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 5, "row": 9}, "type": "move", "unit": 0}]}	82	82	\N	2026-11-27 14:55:38.530407+00
e26d5345-fce5-4fc9-9db4-860d22b13a64	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"to": {"col": 6, "row": 14}, "type": "move", "unit": 2}]}	83	83	\N	2026-11-27 14:55:38.563612+00
ce7f0bb0-d23e-4253-b759-ff58b4ff9ba4	eeb40f04-e220-4712-838f-304b9cbb3897	a4cbd52c-e944-4d38-839d-687da0ca6806	\N	{"commands": [{"type": "end_turn"}]}	84	86	\N	2026-11-27 14:55:38.591935+00
7a9788bc-c514-4a3b-ae8d-3870abf853e4	3cccb2e8-1dd6-4862-af22-2f98658e4efa	d93385ab-8d6c-45e7-b548-0ea690ca77bc	\N	{"commands": [{"bet": 2, "type": "submit_move", "cards": [14]}]}	11	11	\N	2026-11-27 14:55:39.86781+00
745d1fed-49f6-4ef7-b96a-d2516763943f	3cccb2e8-1dd6-4862-af22-2f98658e4efa	bdd07500-7537-4718-8f7b-3b5187a78a15	\N	{"commands": [{"bet": 43, "type": "submit_move", "cards": [14]}]}	12	18	\N	2026-11-27 14:55:39.88047+00
534c262e-94cd-4171-8554-ff3c7582d3e3	3cccb2e8-1dd6-4862-af22-2f98658e4efa	d93385ab-8d6c-45e7-b548-0ea690ca77bc	\N	{"commands": [{"bet": 33, "type": "submit_move", "cards": []}]}	19	19	\N	2026-11-27 14:55:39.895979+00
4f570ffe-afcd-42d9-981e-c42767087107	3cccb2e8-1dd6-4862-af22-2f98658e4efa	bdd07500-7537-4718-8f7b-3b5187a78a15	\N	{"commands": [{"bet": 5, "type": "submit_move", "cards": [12]}]}	20	28	\N	2026-11-27 14:55:39.906063+00
0918fb9f-f78a-4576-a3ae-287e194fcd8d	3cccb2e8-1dd6-4862-af22-2f98658e4efa	d93385ab-8d6c-45e7-b548-0ea690ca77bc	\N	{"commands": [{"bet": 8, "type": "submit_move", "cards": [6]}]}	29	29	\N	2026-11-27 14:55:39.912224+00
\.


--
-- Data for Name: events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.events (game_id, seq, kind, payload, command_id, recorded_at, hash) FROM stdin;
d1427454-8910-4475-9ba0-53220a945a26	1	platform	{"type": "game_created", "seats": 2, "options": {"side": "a", "schools": ["alchemy", "elemental", "mentalism"], "yield_policy": "when_targeted", "optional_rules": {"heavy_items": false, "victory_points": 2, "custom_spellbook": null, "deadly_treasures": false, "treasure_hunters": false, "uncluttered_minds": false, "permanent_creations": false, "giant_book_of_spells": false}}, "ruleset": "wizwar", "created_by": "b975724e-aeb2-4746-ac84-fe5b7d822bc4", "seed_sha256": "2175cd589581a6989aa7577b319359c5274b76d8efb5b959804d8113c64742b4"}	\N	2026-11-27 14:55:29.584469+00	\\x2a4784ec370c0d76ba26ed83be6ec866338c4d573b8a120256be5e5e0e8bff45
d1427454-8910-4475-9ba0-53220a945a26	2	platform	{"seat": 0, "type": "player_joined", "user_id": "b975724e-aeb2-4746-ac84-fe5b7d822bc4", "username": "ab17c66-ip-1-1-s0"}	\N	2026-11-27 14:55:29.584469+00	\\x602f847fb11afd1ca5565e9e4ac7162f7d1c2d558c3335161de9808c61d2278e
d1427454-8910-4475-9ba0-53220a945a26	3	platform	{"seat": 1, "type": "player_joined", "user_id": "4a39652e-d010-4c1d-a4fb-a59daf15c54a", "username": "ab17c66-ip-1-1-s1"}	\N	2026-11-27 14:55:29.598415+00	\\xe8e18d340e8a350a3ebede8c2bea5162cdc31be0827cbd3512f382a8b91b42a8
d1427454-8910-4475-9ba0-53220a945a26	4	platform	{"type": "game_started"}	\N	2026-11-27 14:55:29.60676+00	\\x83163fac61b1dc951a49b3a0525ffceef46924367394fc42170c3f746a5e1450
d1427454-8910-4475-9ba0-53220a945a26	5	rules	{"side": "a", "type": "board_built", "sectors": [{"slot": 1, "owner": 0, "colour": "red", "quarter_turns": 2}, {"slot": 0, "owner": 1, "colour": "blue", "quarter_turns": 0}]}	\N	2026-11-27 14:55:29.60676+00	\\xbe085433521c227cae2e04564c2e49a0b4029c5b962f26bfbf95aa4b9cece0d3
d1427454-8910-4475-9ba0-53220a945a26	6	rules	{"seat": 0, "type": "wizard_placed", "square": {"col": 7, "row": 2}}	\N	2026-11-27 14:55:29.60676+00	\\x6fa263167969bd9f37a0aff22ab45ac506e5de6a0fc918ef146713126028aaf8
d1427454-8910-4475-9ba0-53220a945a26	7	rules	{"seat": 1, "type": "wizard_placed", "square": {"col": 2, "row": 2}}	\N	2026-11-27 14:55:29.60676+00	\\xe9bfe5c919213bcd201c1850f4566ab2b038a95de8cec0a7d9bc6397018e3f26
d1427454-8910-4475-9ba0-53220a945a26	8	rules	{"type": "treasure_placed", "owner": 0, "square": {"col": 9, "row": 4}, "treasure": 0}	\N	2026-11-27 14:55:29.60676+00	\\x1596e404df0756b41bf1a5e8803a732ab1626cac3632a89f59c715b3363fb37d
d1427454-8910-4475-9ba0-53220a945a26	9	rules	{"type": "treasure_placed", "owner": 0, "square": {"col": 5, "row": 0}, "treasure": 1}	\N	2026-11-27 14:55:29.60676+00	\\x9d89f3d4976bb3236d27c31858e31ad87a44a9b705bd34b739237db69b6def67
d1427454-8910-4475-9ba0-53220a945a26	10	rules	{"type": "treasure_placed", "owner": 1, "square": {"col": 1, "row": 1}, "treasure": 2}	\N	2026-11-27 14:55:29.60676+00	\\x1d7ca57e72b861bcf6c70958b68e72ad7aad438bf07b30bb6cfbb8b64043a108
d1427454-8910-4475-9ba0-53220a945a26	11	rules	{"type": "treasure_placed", "owner": 1, "square": {"col": 3, "row": 3}, "treasure": 3}	\N	2026-11-27 14:55:29.60676+00	\\x20f8031631f7df958a46f799f1227b7471cf341417928f6391529012159283a4
d1427454-8910-4475-9ba0-53220a945a26	12	rules	{"size": 84, "type": "deck_built", "cards": ["dispel", "zot", "meditate", "universal_solvent", "stone_block", "fools_gold", "homunculus", "powerthrust", "energy4", "speedstone", "energy4", "powerstone", "fire_cloak", "mist_body", "energy5", "acid_bath", "powerstone", "powerthrust", "create_wall", "around_the_corner", "add", "psychic_storm", "flood", "destroy_wall", "pick_lock", "energy6", "fireball", "pain_link", "brain_burn", "add", "thought_steal", "teleport", "create_wall", "shield", "rotate_sector", "stone_dead", "windrider", "mightstone", "negate_neutral", "null_powder", "wall_of_earth", "astral_projection", "drop_object", "lightning_bolt", "spellstone", "universal_solvent", "astral_projection", "brain_burn", "mental_force", "mental_force", "share_life", "boomstone", "absorb_spell", "fog", "wall_of_earth", "waterbolt", "thought_steal", "full_shield", "energy5", "acid_bath", "boomstone", "destroy_wall", "meditate", "fireball", "shatter", "bloodshard", "large_rock", "pain_link", "speedstone", "waterbolt", "energy4", "windrider", "lifestone", "stone_spikes", "brainstone", "lightning_bolt", "add", "create_wall", "energy4", "boomstone", "fireball", "pick_lock", "visionstone", "wall_of_fire"]}	\N	2026-11-27 14:55:29.60676+00	\\xf4ebf7737903216130a6ebf55a9a911aab09c81ba8decf5c89773471edbeaec4
d1427454-8910-4475-9ba0-53220a945a26	13	rules	{"seat": 0, "type": "cards_drawn", "cards": [{"id": 0, "name": "dispel"}, {"id": 1, "name": "zot"}, {"id": 2, "name": "meditate"}, {"id": 3, "name": "universal_solvent"}, {"id": 4, "name": "stone_block"}], "count": 5}	\N	2026-11-27 14:55:29.60676+00	\\xf3001890adb0d669cd058752063df7ea771b43e5cda80a6a783e564b4665cdd4
d1427454-8910-4475-9ba0-53220a945a26	14	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 5, "name": "fools_gold"}, {"id": 6, "name": "homunculus"}, {"id": 7, "name": "powerthrust"}, {"id": 8, "name": "energy4"}, {"id": 9, "name": "speedstone"}], "count": 5}	\N	2026-11-27 14:55:29.60676+00	\\xc7d064e3a92c77a528142acd53c4148a6b85325ee504370d810b641e25316f56
d1427454-8910-4475-9ba0-53220a945a26	15	rules	{"seat": 0, "type": "yield_policy_set", "policy": "when_targeted"}	\N	2026-11-27 14:55:29.60676+00	\\xa9e2f1799673d1274fffa069f81d0da4013d62e1ba4f107c71cda41e268bcc8b
d1427454-8910-4475-9ba0-53220a945a26	16	rules	{"seat": 1, "type": "yield_policy_set", "policy": "when_targeted"}	\N	2026-11-27 14:55:29.60676+00	\\x46f2b90a73b3ffba86fae6ee4ba026f101106046f238162cfe41ccef1686e83b
d1427454-8910-4475-9ba0-53220a945a26	17	rules	{"seat": 1, "type": "first_player_chosen"}	\N	2026-11-27 14:55:29.60676+00	\\xe13dd8fed44fbaf33518a8f0a50120d36a843ab1e9b2cfc9c9559ac6c73a1458
d1427454-8910-4475-9ba0-53220a945a26	18	rules	{"seat": 1, "type": "turn_started", "stunned": false, "movement_points": 3}	\N	2026-11-27 14:55:29.60676+00	\\xaa920b9c8b85edccef5847bbe0a7c421414aeeba484ead9ac5824e068937aa26
d1427454-8910-4475-9ba0-53220a945a26	19	rules	{"to": {"col": 3, "row": 2}, "cost": 1, "from": {"col": 2, "row": 2}, "seat": 1, "step": "adjacent", "type": "wizard_moved", "direction": "east"}	5dbed28e-49f6-4ef3-8a21-7cd60a570d92	2026-11-27 14:55:29.637552+00	\\x99b6058d3e1196be9c22e07a0d63617d18f907473699d40034d5c82a8b54c016
d1427454-8910-4475-9ba0-53220a945a26	20	rules	{"to": {"col": 3, "row": 3}, "cost": 1, "from": {"col": 3, "row": 2}, "seat": 1, "step": "adjacent", "type": "wizard_moved", "direction": "south"}	a40f4c32-dda0-420a-8420-ba5f94bbbfaa	2026-11-27 14:55:29.665732+00	\\xafe891e2e00a36518dd949ea2274cbf6b905b85d0aac050fa33e3a1b8f622a45
d1427454-8910-4475-9ba0-53220a945a26	21	rules	{"seat": 1, "type": "treasure_picked_up", "treasure": 3}	b33af4ca-bcf0-417b-8ff3-e0e4600ad76d	2026-11-27 14:55:29.69607+00	\\xfabd6e8ae5e25fa5ec64ceccd4d0b87add41d895e1bf53ea0be45d13fbc67a78
d1427454-8910-4475-9ba0-53220a945a26	22	rules	{"seat": 1, "type": "move_and_cast_ended"}	b33af4ca-bcf0-417b-8ff3-e0e4600ad76d	2026-11-27 14:55:29.69607+00	\\x17e7dd2a262ed3ba7db4f7528b3f07d51bee34f1bbb881cf4965f96fb76d51f1
d1427454-8910-4475-9ba0-53220a945a26	23	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 10, "name": "energy4"}, {"id": 11, "name": "powerstone"}], "count": 2}	8192ec5b-c79f-407f-8ec2-144b74968be0	2026-11-27 14:55:29.706777+00	\\xee1be64afb451c8163ddd0498a05fc0759c60deecd4110a5d08853d3b092759c
d1427454-8910-4475-9ba0-53220a945a26	24	rules	{"seat": 1, "type": "turn_ended"}	8192ec5b-c79f-407f-8ec2-144b74968be0	2026-11-27 14:55:29.706777+00	\\x16485b19b2edd2f7e96d136223849c3b7349c656453a7dbd746d9bc488cdec8d
d1427454-8910-4475-9ba0-53220a945a26	25	rules	{"seat": 0, "type": "turn_started", "stunned": false, "movement_points": 3}	8192ec5b-c79f-407f-8ec2-144b74968be0	2026-11-27 14:55:29.706777+00	\\xaefd08320fba516a47a548cb46af900053b4a44e5b27707a96f4cde13caa2134
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	130	rules	{"by": 1, "to": 0, "from": 1, "type": "deal_declined"}	367ca981-2301-4ad0-a0e4-c3486749b60c	2026-11-27 14:55:34.597542+00	\\xa06af4376f9aa65a4861e05eaa5fcda290d1fa18108b64db0b3b16122ac4eb4a
d1427454-8910-4475-9ba0-53220a945a26	26	rules	{"to": {"col": 6, "row": 2}, "cost": 1, "from": {"col": 7, "row": 2}, "seat": 0, "step": "adjacent", "type": "wizard_moved", "direction": "west"}	2daa47ef-6a60-4096-8991-2a2c9688c3f2	2026-11-27 14:55:29.724698+00	\\x0bf428e3cbf535a455327bf0409105cd6a4fa95d8b00971f5027ffc33856ee9d
d1427454-8910-4475-9ba0-53220a945a26	29	rules	{"bent": false, "card": {"id": 3, "name": "universal_solvent"}, "kind": "item", "seat": 0, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 4, "row": 2}, "target": {"kind": "caster"}, "responders": [1], "energy_card": null}	9a81b8f6-3e45-4343-b26c-fbd1cc15aede	2026-11-27 14:55:29.792624+00	\\x152129b71bbd5f57cbdd059162362a651c07c767a841db97331b52ae5458777c
d1427454-8910-4475-9ba0-53220a945a26	30	rules	{"seat": 1, "type": "response_yielded"}	9a81b8f6-3e45-4343-b26c-fbd1cc15aede	2026-11-27 14:55:29.792624+00	\\x22f73d8694ba9a00e632e4f9e9ceefdafbba2afc9d6e5826cd1fe77316e91375
d1427454-8910-4475-9ba0-53220a945a26	31	rules	{"to": {"kind": "carried"}, "card": {"id": 3, "name": "universal_solvent"}, "seat": 0, "type": "cast_resolved"}	9a81b8f6-3e45-4343-b26c-fbd1cc15aede	2026-11-27 14:55:29.792624+00	\\x10013a800c498bbdaee639a764888ae6f981bc0701908bf8d73be401f9e22a70
d1427454-8910-4475-9ba0-53220a945a26	34	rules	{"bent": false, "card": {"id": 4, "name": "stone_block"}, "kind": "spell", "seat": 0, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 4, "row": 3}, "target": {"kind": "square", "square": {"col": 4, "row": 2}}, "responders": [1], "energy_card": null}	2456db5f-55f3-4466-aebb-f98f958b25a3	2026-11-27 14:55:29.901742+00	\\x2d5053e14500750c22c361e841e51c2b45e65fbdc58032d832139bd45c5be033
d1427454-8910-4475-9ba0-53220a945a26	35	rules	{"seat": 1, "type": "response_yielded"}	2456db5f-55f3-4466-aebb-f98f958b25a3	2026-11-27 14:55:29.901742+00	\\xbe579d4e3bc5d5df0169e7735da5cb854525c8fade476504cd349e9f46f6a37b
d1427454-8910-4475-9ba0-53220a945a26	36	rules	{"to": {"kind": "maintained", "tokens": null}, "card": {"id": 4, "name": "stone_block"}, "seat": 0, "type": "cast_resolved"}	2456db5f-55f3-4466-aebb-f98f958b25a3	2026-11-27 14:55:29.901742+00	\\xb7ed7e381425f9f369717721d705c9edb7411d77631affbad65ccaad6e4a5401
d1427454-8910-4475-9ba0-53220a945a26	37	rules	{"seat": 0, "type": "object_created", "creation": {"card": 4, "kind": "stone_block", "cracks": 0, "square": {"col": 4, "row": 2}}}	2456db5f-55f3-4466-aebb-f98f958b25a3	2026-11-27 14:55:29.901742+00	\\x39b3c5b72a8e0edaddab5395a7c2a76bc08452f45db78f655f696f7f72336741
d1427454-8910-4475-9ba0-53220a945a26	42	rules	{"to": {"col": 4, "row": 3}, "cost": 1, "from": {"col": 3, "row": 3}, "seat": 1, "step": "adjacent", "type": "wizard_moved", "direction": "east"}	81c56d2e-825b-4d60-8b49-4bff803d26cf	2026-11-27 14:55:30.041627+00	\\x746bfe962c8e54ca50d94d340e44d299480e8891de94e6e6fc8383c26b9d68d3
d1427454-8910-4475-9ba0-53220a945a26	47	rules	{"bent": false, "card": {"id": 11, "name": "powerstone"}, "kind": "item", "seat": 1, "type": "spell_cast", "attack": false, "energy": 4, "option": null, "origin": {"col": 4, "row": 3}, "target": {"kind": "caster"}, "responders": [0], "energy_card": {"id": 8, "name": "energy4"}}	8fcee1f8-1bb3-44f7-ad1f-f373fc0a767c	2026-11-27 14:55:30.142859+00	\\x293709b0b22c97b2179a8b8a1475acf7dae10992759edc80b073ea953fd73a4a
d1427454-8910-4475-9ba0-53220a945a26	48	rules	{"seat": 0, "type": "response_yielded"}	8fcee1f8-1bb3-44f7-ad1f-f373fc0a767c	2026-11-27 14:55:30.142859+00	\\x1fdd5969d761412a86f77ef6567ef4d4ccf533e217384067e5bd0bc71be37584
d1427454-8910-4475-9ba0-53220a945a26	49	rules	{"to": {"kind": "carried"}, "card": {"id": 11, "name": "powerstone"}, "seat": 1, "type": "cast_resolved"}	8fcee1f8-1bb3-44f7-ad1f-f373fc0a767c	2026-11-27 14:55:30.142859+00	\\x37236c34f3a7a55a9e7e9461d15c0d22a88d4653f83970078a64b2f7354f73da
d1427454-8910-4475-9ba0-53220a945a26	55	rules	{"bent": false, "card": {"id": 9, "name": "speedstone"}, "kind": "item", "seat": 1, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 4, "row": 4}, "target": {"kind": "caster"}, "responders": [0], "energy_card": null}	1db8bf7c-7e9b-4d5f-b87a-4a49437d74d8	2026-11-27 14:55:30.220959+00	\\xa2cf2f46bb535bd50b2632e8723f09faa03e8eebbe05e4082ceee27a19b19cf4
d1427454-8910-4475-9ba0-53220a945a26	56	rules	{"seat": 0, "type": "response_yielded"}	1db8bf7c-7e9b-4d5f-b87a-4a49437d74d8	2026-11-27 14:55:30.220959+00	\\x0e73c15dbe245574970ce8edb4509683490b354d2e755dc7f826f2422e050858
d1427454-8910-4475-9ba0-53220a945a26	57	rules	{"to": {"kind": "carried"}, "card": {"id": 9, "name": "speedstone"}, "seat": 1, "type": "cast_resolved"}	1db8bf7c-7e9b-4d5f-b87a-4a49437d74d8	2026-11-27 14:55:30.220959+00	\\x36f7a7707a69f0dc551402b0d28115386c3c287e4035f8605a4f2a42e67dc64a
d1427454-8910-4475-9ba0-53220a945a26	58	rules	{"by": 1, "seat": 1, "type": "movement_changed"}	1db8bf7c-7e9b-4d5f-b87a-4a49437d74d8	2026-11-27 14:55:30.220959+00	\\xb1126876ad73a327c1c3ce5c54ee53f71e6a1ac35ce0136994d028ac3628be64
d1427454-8910-4475-9ba0-53220a945a26	61	rules	{"seat": 1, "type": "turn_ended"}	c5f1208a-d094-42e2-a952-76c86daaabad	2026-11-27 14:55:30.274694+00	\\x5828d74346af26cc300bab3442a714a654af7c782fd8f71877f2b0633c51a997
d1427454-8910-4475-9ba0-53220a945a26	62	rules	{"seat": 0, "type": "turn_started", "stunned": false, "movement_points": 3}	c5f1208a-d094-42e2-a952-76c86daaabad	2026-11-27 14:55:30.274694+00	\\xfd634874fbb95de9d5e3b063f6a6fbc439eeb117a76d34d279bfa0a20fcead17
d1427454-8910-4475-9ba0-53220a945a26	27	rules	{"to": {"col": 5, "row": 2}, "cost": 1, "from": {"col": 6, "row": 2}, "seat": 0, "step": "adjacent", "type": "wizard_moved", "direction": "west"}	f252ffa1-bb5f-491c-b6d5-988f140ff8f6	2026-11-27 14:55:29.745584+00	\\x4539bb77a86ece2d261ad8bbab4c6b6e846c4e3c845f2da3df59244ea1ae9ac3
d1427454-8910-4475-9ba0-53220a945a26	32	rules	{"card": {"id": 2, "name": "meditate"}, "seat": 0, "type": "speed_boosted", "movement_points": 3}	28a4da08-6317-4e72-a4fc-aee69508bcef	2026-11-27 14:55:29.835507+00	\\x180da02d4cc76387ce2240d91d37565cef0eb1bf08b5ed3b7b1f7308eab5ebf1
d1427454-8910-4475-9ba0-53220a945a26	38	rules	{"seat": 0, "type": "move_and_cast_ended"}	691bad3d-f306-416f-af7b-b2acc0688cad	2026-11-27 14:55:29.947253+00	\\x9f5157bf3b507d2f12ee16e2e5ccab3eba6f07c123b5a6ceaa5ccacc2b954a92
d1427454-8910-4475-9ba0-53220a945a26	43	rules	{"bent": false, "card": {"id": 7, "name": "powerthrust"}, "kind": "spell", "seat": 1, "type": "spell_cast", "attack": true, "energy": 4, "option": null, "origin": {"col": 4, "row": 3}, "target": {"kind": "wizard", "seat": 0}, "responders": [0], "energy_card": {"id": 10, "name": "energy4"}}	058a190d-92d5-4931-9c20-e4c438364062	2026-11-27 14:55:30.067557+00	\\x106e0c9d6871d8a85c5c6568bb1fc67c02ce488cb0b9c47fbf387ed5be65df84
d1427454-8910-4475-9ba0-53220a945a26	50	rules	{"bent": false, "card": {"id": 6, "name": "homunculus"}, "kind": "spell", "seat": 1, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 4, "row": 3}, "target": {"kind": "square", "square": {"col": 4, "row": 4}}, "responders": [0], "energy_card": null}	0f4b006b-1133-4ad4-828f-a7260fab5584	2026-11-27 14:55:30.176187+00	\\xa9e8f06e1c532a5833f38000f8f8f65b9a8e41bcb0522abb4e81a80da76a6897
d1427454-8910-4475-9ba0-53220a945a26	51	rules	{"seat": 0, "type": "response_yielded"}	0f4b006b-1133-4ad4-828f-a7260fab5584	2026-11-27 14:55:30.176187+00	\\xb7a50f06f25743add14b2920259983616995732203914e5c84bfd2bd7e202f13
d1427454-8910-4475-9ba0-53220a945a26	52	rules	{"to": {"kind": "maintained", "tokens": null}, "card": {"id": 6, "name": "homunculus"}, "seat": 1, "type": "cast_resolved"}	0f4b006b-1133-4ad4-828f-a7260fab5584	2026-11-27 14:55:30.176187+00	\\x55132384912b98cb9bf1ae33d093b6c79077f3d788261291d30a36214717678f
d1427454-8910-4475-9ba0-53220a945a26	53	rules	{"seat": 1, "type": "creature_created", "creature": {"card": 6, "life": 5, "owner": 1, "square": {"col": 4, "row": 4}}}	0f4b006b-1133-4ad4-828f-a7260fab5584	2026-11-27 14:55:30.176187+00	\\x6fb64008c1aff05d817940d3acbf35a5ca6bcbb8376ed984af038b930396a581
d1427454-8910-4475-9ba0-53220a945a26	59	rules	{"to": {"col": 3, "row": 4}, "card": 6, "from": {"col": 4, "row": 4}, "type": "creature_moved", "direction": "west"}	614d6167-946c-4d86-9f99-e871b03b3bf3	2026-11-27 14:55:30.238821+00	\\xa3df3f99a7c549fe3066fec2a45d1e2d41a26096c11b61dc0459e3e8326e8341
d1427454-8910-4475-9ba0-53220a945a26	28	rules	{"to": {"col": 4, "row": 2}, "cost": 1, "from": {"col": 5, "row": 2}, "seat": 0, "step": "adjacent", "type": "wizard_moved", "direction": "west"}	0ca15f4a-2739-47af-bda4-514b26697ca3	2026-11-27 14:55:29.764603+00	\\x96767200d167f55206ed1b762cda1e744f0b563c6ab517866998d7848e20aabc
d1427454-8910-4475-9ba0-53220a945a26	33	rules	{"to": {"col": 4, "row": 3}, "cost": 1, "from": {"col": 4, "row": 2}, "seat": 0, "step": "adjacent", "type": "wizard_moved", "direction": "south"}	6bb7ce87-21b1-4ca3-a4fc-83f236fd1f4b	2026-11-27 14:55:29.867433+00	\\xe8b248088f342c3aa06d5d224e7aed3f50d2cbb2bc7cf36667c33a9bd58c5ff7
d1427454-8910-4475-9ba0-53220a945a26	39	rules	{"seat": 0, "type": "cards_drawn", "cards": [{"id": 12, "name": "fire_cloak"}], "count": 1}	b44e0336-2a33-4061-8148-6faaef60dcf2	2026-11-27 14:55:30.011748+00	\\xfb13da7d261036725be34a2dd78582b49d2c33dc10057fccef88cf10d5fccbd6
d1427454-8910-4475-9ba0-53220a945a26	40	rules	{"seat": 0, "type": "turn_ended"}	b44e0336-2a33-4061-8148-6faaef60dcf2	2026-11-27 14:55:30.011748+00	\\xacd018129d785d6127bb19051f7a80a53a728867f1a6d4437c65b69045a06484
d1427454-8910-4475-9ba0-53220a945a26	41	rules	{"seat": 1, "type": "turn_started", "stunned": false, "movement_points": 3}	b44e0336-2a33-4061-8148-6faaef60dcf2	2026-11-27 14:55:30.011748+00	\\xc517b417f7117f90cd8b2b720f2d25d711838bba058957d788111d74677f5c2e
d1427454-8910-4475-9ba0-53220a945a26	44	rules	{"seat": 0, "type": "response_passed"}	4afdf561-e145-4aa9-8e86-880bb56194d2	2026-11-27 14:55:30.095321+00	\\x86ad479b360743d1ad751a7998dc445f18df3cffcdef75131b9428c63554a1e5
d1427454-8910-4475-9ba0-53220a945a26	45	rules	{"to": {"kind": "discarded"}, "card": {"id": 7, "name": "powerthrust"}, "seat": 1, "type": "cast_resolved"}	4afdf561-e145-4aa9-8e86-880bb56194d2	2026-11-27 14:55:30.095321+00	\\x2355fb3ceed1f0d98440996823de28360768b0360e39f3938ac85c1a6867a8e4
d1427454-8910-4475-9ba0-53220a945a26	46	rules	{"life": 9, "seat": 0, "type": "wizard_damaged", "amount": 6}	4afdf561-e145-4aa9-8e86-880bb56194d2	2026-11-27 14:55:30.095321+00	\\x768b32025108fb0c2eb922ac8964aed7310f908a007f821fa60900b9894cdc65
d1427454-8910-4475-9ba0-53220a945a26	54	rules	{"card": 6, "seat": 1, "type": "looked_through", "square": {"col": 4, "row": 4}}	850b052f-0282-48db-a7ac-dfd93fab7e6d	2026-11-27 14:55:30.200659+00	\\xc88be49e76f78095df836f2c58d3829a9907206ece92d48d7bc8aa2b93292d56
d1427454-8910-4475-9ba0-53220a945a26	60	rules	{"seat": 1, "type": "move_and_cast_ended"}	33fc972f-7809-447d-a32b-a627ecfd6b9e	2026-11-27 14:55:30.2562+00	\\xd233455f5c5036bc31476d2ba7ba53f78e75d63d2ba67737ab516d8327b3b83f
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	1	platform	{"type": "game_created", "seats": 2, "options": {"yield_policy": "when_targeted"}, "ruleset": "wizwar-classic", "created_by": "510ae41f-7c71-466c-a7d3-fdf626e77454", "seed_sha256": "21bfd4109d18a1ba42e064f66be9dfbb1eef0790c52c34e8a3137734d76c9fc0"}	\N	2026-11-27 14:55:32.767596+00	\\x96078b1bca0e0e95865c1db01876b744a3e4d1c1adde1c97c2201cf5e772f067
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	2	platform	{"seat": 0, "type": "player_joined", "user_id": "510ae41f-7c71-466c-a7d3-fdf626e77454", "username": "ab17c66-ip-2-1-s0"}	\N	2026-11-27 14:55:32.767596+00	\\xc0fea001a14f34528b38662ff0f0da8355b84875512fc9b942b29e13cbd91977
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	3	platform	{"seat": 1, "type": "player_joined", "user_id": "f221d151-5633-4ec9-9ab0-a8a50a2c3582", "username": "ab17c66-ip-2-1-s1"}	\N	2026-11-27 14:55:32.774563+00	\\x9cccf2cfb12766172ce35535bbbf6f8949824993cfe3f1b7a01ad74c040c4127
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	4	platform	{"type": "game_started"}	\N	2026-11-27 14:55:32.782108+00	\\xc81868fc99fb7066e700496feea513847ead43531e6dd13a89db77e06919255c
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	5	rules	{"type": "sector_choice_opened", "seats": 2, "yield_policy": "when_targeted"}	\N	2026-11-27 14:55:32.782108+00	\\x17ca8e9b1f612a0d2a688f998dd64c119c82e887143f5db7db280630e78e1975
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	6	rules	{"seat": 0, "type": "sector_chosen", "sector": "blue"}	67e0eddf-b82c-4c55-9592-c3249afcda83	2026-11-27 14:55:32.793523+00	\\x4cc94ba4801c0d9a34f3ca0a685607bfb456d5f1f54cc443fbf62241a5a97969
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	7	rules	{"seat": 1, "type": "sector_chosen", "sector": "red"}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x903002d4d8e67784018c7ebf7acb831fdd28063c51d6123316743605cfb904be
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	8	rules	{"type": "sectors_revealed", "choices": [{"seat": 0, "sector": "blue"}, {"seat": 1, "sector": "red"}]}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x7810816de30384a4206277574d025ac3d39225f4f2e424e8c1f3dea765678bbc
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	9	rules	{"side": "b", "type": "board_built", "edition": "classic", "sectors": [{"slot": 0, "owner": 0, "colour": "blue", "quarter_turns": 0}, {"slot": 1, "owner": 1, "colour": "red", "quarter_turns": 0}]}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x1393a4b81c385059820e0e4071886159f3602d3afb983b784b01a21737a4f0fd
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	10	rules	{"seat": 0, "type": "wizard_placed", "square": {"col": 2, "row": 2}}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x6f4a714a334995e9bc92718354c477e9624fc372d2f03f35c92a6d65e44a3205
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	11	rules	{"seat": 1, "type": "wizard_placed", "square": {"col": 7, "row": 2}}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x9ed8010127eb7c1e9f0d17983b1f5917faa15bf4e50ae78c4ed11c8f6fa78a02
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	12	rules	{"type": "treasure_placed", "owner": 0, "square": {"col": 3, "row": 1}, "treasure": 0}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\xa904f89257e559e79694c5078b7061566c1fb79e3379788f86a8f108fc8b7f20
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	13	rules	{"type": "treasure_placed", "owner": 0, "square": {"col": 1, "row": 3}, "treasure": 1}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x57a57bf003c2c66ebc7c754df83dd8301af9b9d9e0767c5e80b608e570b52638
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	14	rules	{"type": "treasure_placed", "owner": 1, "square": {"col": 6, "row": 1}, "treasure": 2}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x223a18d3d633da518d8e1002c5445434a95b116878b6f0e1849084083d93c6b2
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	15	rules	{"type": "treasure_placed", "owner": 1, "square": {"col": 8, "row": 3}, "treasure": 3}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x6b3326c60693765e5f509c8b797e8c8ad73f7c645b31feafb23e65db0f12457d
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	16	rules	{"size": 130, "type": "deck_built", "cards": ["absorb", "energy5", "number3", "fireball", "destroy_wall", "trap", "visionstone", "full_shield", "energy5", "energy6", "wall_of_fire", "invisible", "stone_block", "pick_lock", "number2", "mad_dash", "number3", "blunt", "number3", "absorb", "dagger", "lightning_blast", "create_wall", "stone_block", "number3", "energy6", "absorb", "wizardblade", "teleport", "illusion_wall", "teleport", "fireball", "number3", "medusa", "energy4", "absorb", "blunt", "lightning_blast", "add", "medusa", "energy5", "master_key", "lightning_blast", "absorb", "lifestone", "energy5", "invisible", "thornbush", "drop_object", "shrink", "energy4", "create_wall", "medusa", "energy5", "large_rock", "energy6", "full_shield", "energy6", "medusa", "thornbush", "number2", "brainstone", "drag", "wall_of_fire", "number3", "energy4", "fireball", "remove_lock", "adrenaline", "speed", "absorb", "rotate_sector", "wall_of_fire", "shrink", "rotate_sector", "drag", "destroy_wall", "energy4", "speed", "energy5", "invisible", "blunt", "large_rock", "number2", "thornbush", "dagger", "energy5", "pick_lock", "blunt", "powerstone", "number2", "lightning_blast", "destroy_wall", "fireball", "large_rock", "create_wall", "create_wall", "drop_object", "wizardblade", "energy4", "drag", "add", "number3", "relocate_sector", "adrenaline", "fireball", "absorb", "energy6", "lightning_blast", "create_wall", "number2", "speed", "number2", "energy4", "number3", "drop_object", "shrink", "destroy_wall", "mad_dash", "blunt", "blunt", "energy4", "lightning_blast", "relocate_sector", "rotate_sector", "energy4", "illusion_wall", "dagger", "remove_lock", "speedstone"]}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\xedfceb4f777da8460bf9a3f808f88b23c3f5f6cde2065968c910e6060bfce62c
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	17	rules	{"seat": 0, "type": "cards_drawn", "cards": [{"id": 0, "name": "absorb"}, {"id": 1, "name": "energy5"}, {"id": 2, "name": "number3"}, {"id": 3, "name": "fireball"}, {"id": 4, "name": "destroy_wall"}], "count": 5}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x75be1363b09dbe944fd42795d0579113eb69903f51f37a3e149569f7b8c7c2d9
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	18	rules	{"card": {"id": 5, "name": "trap"}, "seat": 0, "type": "trap_turned_up", "dealt": true}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x9a1f9df41657cf6811e8e19286301264a39e2144b79b2995f0b5d56b21fd0dc0
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	19	rules	{"size": 124, "type": "deck_reshuffled", "order": [6, 124, 113, 59, 85, 72, 38, 84, 102, 125, 91, 8, 61, 21, 50, 86, 79, 52, 58, 27, 87, 28, 69, 63, 43, 105, 18, 129, 37, 34, 93, 97, 100, 81, 123, 112, 119, 14, 106, 44, 31, 111, 57, 127, 42, 10, 115, 117, 29, 94, 33, 109, 12, 90, 92, 39, 76, 62, 56, 41, 126, 103, 19, 25, 99, 95, 108, 75, 74, 15, 11, 83, 82, 55, 40, 22, 45, 67, 120, 80, 46, 49, 24, 107, 77, 89, 32, 26, 71, 70, 98, 13, 35, 116, 101, 9, 23, 36, 48, 118, 68, 88, 16, 122, 110, 78, 60, 30, 17, 47, 128, 114, 66, 54, 20, 73, 64, 104, 121, 65, 51, 53, 96, 7]}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\xb1c5dc4592beb096801811969fd7d82e01c2d41b2c17b83b52f0f470b74e6f38
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	20	rules	{"seat": 0, "type": "cards_drawn", "cards": [{"id": 6, "name": "visionstone"}, {"id": 124, "name": "rotate_sector"}], "count": 2}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\xd47481654f6a64172b9eada33ce7859845055ebc9e2de3bb97e7e8f0fb29ec31
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	21	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 113, "name": "energy4"}, {"id": 59, "name": "thornbush"}, {"id": 85, "name": "dagger"}, {"id": 72, "name": "wall_of_fire"}, {"id": 38, "name": "add"}, {"id": 84, "name": "thornbush"}, {"id": 102, "name": "number3"}], "count": 7}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\xe311e136cb8bc4d65e217fb68541e7c13f480ceb2e3a72b8db1944f87ad2d96a
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	22	rules	{"seat": 0, "type": "yield_policy_set", "policy": "when_targeted"}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x40989e1263e833baf854607b936b6fbe6c5568aee4510b85acc56d0d4081b764
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	23	rules	{"seat": 1, "type": "yield_policy_set", "policy": "when_targeted"}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x349b1853c7ca31e9a285af26c0b397cd7d99479f686a3c18935865b2d77479cf
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	24	rules	{"type": "first_player_rolled", "rolls": [{"seat": 0, "value": 1}, {"seat": 1, "value": 5}]}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\xcf8e445fec567506539baf6e81553608150fc517101dbc40e3a8a2f6ad160f42
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	25	rules	{"seat": 1, "type": "first_player_chosen"}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\x5ba647442949d48300f774fdc549347d953313ca41d0bfa99dee156b85bc944d
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	26	rules	{"seat": 1, "type": "turn_started", "stunned": false, "movement_points": 3}	b8a08922-1673-4aa8-a966-c51ab54752fb	2026-11-27 14:55:32.814223+00	\\xf1df341f463fb78c55890d1db577e2196bcd12f499218c9c45f07a492b447805
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	27	rules	{"to": {"col": 7, "row": 3}, "cost": 1, "from": {"col": 7, "row": 2}, "seat": 1, "step": "adjacent", "type": "wizard_moved", "direction": "south"}	d2b75959-99d0-468c-9388-be959ba461b9	2026-11-27 14:55:32.842408+00	\\xe607701fa20f82071fba859652bd8a22ef843c9093d223d49bded716b0008240
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	29	rules	{"seat": 1, "type": "cards_discarded", "cards": [{"id": 84, "name": "thornbush"}]}	3a770006-2f04-41b4-a4fb-89e0a99c0b83	2026-11-27 14:55:32.919212+00	\\x72ec937973067fcd95dcb3b7804350a502a4251bd0a04e8c2370e0694cb3dbab
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	30	rules	{"seat": 1, "type": "cards_discarded", "cards": [{"id": 72, "name": "wall_of_fire"}]}	fdc8a82c-e987-4785-a913-5e6979d0b65c	2026-11-27 14:55:32.9507+00	\\xa7c56e5d6f90e0e4683c9ede3825517b0c7f8f30cb249b04a6161246e2bc584f
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	32	rules	{"bent": false, "card": {"id": 59, "name": "thornbush"}, "kind": "spell", "seat": 1, "type": "spell_cast", "attack": false, "energy": 4, "option": null, "origin": {"col": 6, "row": 3}, "target": {"kind": "square", "square": {"col": 7, "row": 3}}, "responders": [0], "energy_card": {"id": 113, "name": "energy4"}}	b0b0285c-bbd9-4feb-a465-a7e59c1e95c4	2026-11-27 14:55:33.005505+00	\\x3d660af84a1d4121967adb32c94930983122a3994f6502b59c623fa55c70ff81
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	33	rules	{"seat": 0, "type": "response_yielded"}	b0b0285c-bbd9-4feb-a465-a7e59c1e95c4	2026-11-27 14:55:33.005505+00	\\x1fe1ef69251a2c41201ca7a8981a63114550c358dc981beee1f6574053772a90
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	34	rules	{"to": {"kind": "maintained", "tokens": null}, "card": {"id": 59, "name": "thornbush"}, "seat": 1, "type": "cast_resolved"}	b0b0285c-bbd9-4feb-a465-a7e59c1e95c4	2026-11-27 14:55:33.005505+00	\\xa27f52d853ec89b4559a38a8757013845fc6b51ec100c0017c63d1a5bf251a97
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	35	rules	{"seat": 1, "type": "object_created", "creation": {"bush": "thorn", "card": 59, "kind": "bush", "square": {"col": 7, "row": 3}}}	b0b0285c-bbd9-4feb-a465-a7e59c1e95c4	2026-11-27 14:55:33.005505+00	\\xa27c48097dcf4e313f155960fdba1755e64332812ecea6953ace2e4b270c4e48
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	36	rules	{"seat": 1, "type": "move_and_cast_ended"}	c6238a98-777d-4eaf-929b-25c86dea1a9a	2026-11-27 14:55:33.031257+00	\\xb2b95b0c528f9a9964edd9603a826722f52ab315daf0d92a5bc4423bf52829ae
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	40	rules	{"to": {"col": 2, "row": 1}, "cost": 1, "from": {"col": 2, "row": 2}, "seat": 0, "step": "adjacent", "type": "wizard_moved", "direction": "north"}	33cdf6ed-3f11-465f-8fca-00203035f8ef	2026-11-27 14:55:33.085726+00	\\x1dc1941ab8a003b77849ff3f6102894942668c6bb3167c5545f40c88780013e0
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	41	rules	{"to": {"col": 2, "row": 0}, "cost": 1, "from": {"col": 2, "row": 1}, "seat": 0, "step": "adjacent", "type": "wizard_moved", "direction": "north"}	0b05e800-b8c7-4469-a2c0-6d18237bfeba	2026-11-27 14:55:33.129469+00	\\x4a8ebc8b5d788899800d6b4799c9f352bc331a1e90e4ae5693c0c484d13c4425
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	43	rules	{"seat": 0, "type": "cards_discarded", "cards": [{"id": 4, "name": "destroy_wall"}]}	11c9eb66-e09e-4a44-b802-ec80ca5a90c4	2026-11-27 14:55:33.276926+00	\\x13ea936dc5d257ac36dfbc2cecb814529ed900fea3aa9c6d2ea282ca40888115
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	48	rules	{"seat": 0, "type": "move_and_cast_ended"}	ca5d65b6-1eb0-42a1-a4ad-9dfc8f92af8e	2026-11-27 14:55:33.399192+00	\\xb884b63665334bbff5d5ece3720d0fee52a224941e388eb702804d5d69c74c9f
eeb40f04-e220-4712-838f-304b9cbb3897	24	rules	{"face": "feet", "seat": 1, "type": "turn_die_rolled"}	d8767cd0-574c-45bc-bf64-6578dd76b07c	2026-11-27 14:55:38.377044+00	\\x3e0884f3b2defe65b156d558c913b23106a2b64f34f3683b80b37c65706c4efc
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	28	rules	{"to": {"col": 6, "row": 3}, "cost": 1, "from": {"col": 7, "row": 3}, "seat": 1, "step": "adjacent", "type": "wizard_moved", "direction": "west"}	52866386-2e42-4791-8e37-aed007ac5eb8	2026-11-27 14:55:32.886853+00	\\xb3b707d327f0a853e8b94e296dbe7963c52b1148457663f816d8675e4d86b466
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	31	rules	{"card": {"id": 102, "name": "number3"}, "seat": 1, "type": "speed_boosted", "movement_points": 3}	2ef3953f-4100-4c60-aff4-0dc99a33206c	2026-11-27 14:55:32.980251+00	\\x31e54bd2e7f637c5de7bc4b8f440b4e3018c59eac2e6e58be3e0613f684570c1
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	37	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 125, "name": "energy4"}, {"id": 91, "name": "lightning_blast"}], "count": 2}	01136c91-03e4-4bde-9fa6-7f775f53b046	2026-11-27 14:55:33.043028+00	\\x4b8cc4769f11b19082520801770e8669977b2756f3a6973d25a74ed4710c0f4e
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	38	rules	{"seat": 1, "type": "turn_ended"}	01136c91-03e4-4bde-9fa6-7f775f53b046	2026-11-27 14:55:33.043028+00	\\xaa36af35b5b5a7c9515d3e13317532df8dedc0806f6b4a7a7cbcfe701180e92b
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	39	rules	{"seat": 0, "type": "turn_started", "stunned": false, "movement_points": 3}	01136c91-03e4-4bde-9fa6-7f775f53b046	2026-11-27 14:55:33.043028+00	\\x6b461393f1091f2cf529d1c366d7de7660f600ba8d74da8132c042d6965eaeed
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	42	rules	{"seat": 0, "type": "cards_discarded", "cards": [{"id": 3, "name": "fireball"}]}	c0aff58e-9862-4149-80c3-83e3245278fe	2026-11-27 14:55:33.181381+00	\\x21c23ff20a329133028bb6b7be4182d0190d1f40c842468a5a15b9d5ccb31575
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	47	rules	{"card": {"id": 2, "name": "number3"}, "seat": 0, "type": "speed_boosted", "movement_points": 3}	ccaf2282-9c09-46a0-9609-309d564573fc	2026-11-27 14:55:33.36606+00	\\xee55dc96c9dfdd5abeec50ff708aee065e133833c27fb597bffab1f53e764174
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	52	rules	{"bent": false, "card": {"id": 85, "name": "dagger"}, "kind": "item", "seat": 1, "type": "spell_cast", "attack": false, "energy": 4, "option": null, "origin": {"col": 6, "row": 3}, "target": {"kind": "caster"}, "responders": [0], "energy_card": {"id": 125, "name": "energy4"}}	dbd7f392-fe63-4834-b07e-87a6b3ba5b7e	2026-11-27 14:55:33.44221+00	\\x11ce8a464cef12d2c21aed70e57b6ef3d16f448f94e6c3095a1de478e98db1f5
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	53	rules	{"seat": 0, "type": "response_yielded"}	dbd7f392-fe63-4834-b07e-87a6b3ba5b7e	2026-11-27 14:55:33.44221+00	\\xec620d2cf2474460f4080a125bd63f21ac1106ed3e28eadb94e294441e4e5b3f
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	54	rules	{"to": {"kind": "carried"}, "card": {"id": 85, "name": "dagger"}, "seat": 1, "type": "cast_resolved"}	dbd7f392-fe63-4834-b07e-87a6b3ba5b7e	2026-11-27 14:55:33.44221+00	\\x909ddce0c54dbef1ad67dead2830c33d6ec60a2da6e14b16263e293fea61b43f
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	61	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 61, "name": "brainstone"}, {"id": 21, "name": "lightning_blast"}], "count": 2}	2b100e75-f822-4dc1-8770-96f3e4e79655	2026-11-27 14:55:33.512585+00	\\xda4a433752de70551b0cf026368261f8faabaae85fc865b2ab7ccb127ee4743f
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	62	rules	{"seat": 1, "type": "turn_ended"}	2b100e75-f822-4dc1-8770-96f3e4e79655	2026-11-27 14:55:33.512585+00	\\xe3d7fbd67b9643304e741d05b71a84dee841187e6fb7e0432c8a2799f085aafd
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	63	rules	{"seat": 0, "type": "turn_started", "stunned": false, "movement_points": 3}	2b100e75-f822-4dc1-8770-96f3e4e79655	2026-11-27 14:55:33.512585+00	\\x52e4084daba206c326ac6adbffaa430cefe419334410fcb63f716e1461cd746a
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	69	rules	{"to": {"col": 6, "row": 2}, "cost": 1, "from": {"col": 5, "row": 2}, "seat": 0, "step": "adjacent", "type": "wizard_moved", "direction": "east"}	5070f91b-b78d-4fd4-be90-756a73058964	2026-11-27 14:55:33.657155+00	\\x766761e9b2d237d0bf0672e5d90ccb43b2a46fdaa64d7aec14f8de49bbe891fc
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	72	rules	{"seat": 0, "type": "cards_drawn", "cards": [{"id": 50, "name": "energy4"}, {"id": 86, "name": "energy5"}], "count": 2}	860cf14c-5532-43de-95d8-e006627aa4b4	2026-11-27 14:55:33.753839+00	\\x9429bdedb7b29c33c9834cb73ef3bb884721d24c4d0fdc4ff9a530eb3b2fb36c
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	73	rules	{"seat": 0, "type": "turn_ended"}	860cf14c-5532-43de-95d8-e006627aa4b4	2026-11-27 14:55:33.753839+00	\\x315da5daae9b9c5ac34d022dcf0ce75b78c14f4ae452c35c791cfd9a8b449754
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	74	rules	{"seat": 1, "type": "turn_started", "stunned": false, "movement_points": 3}	860cf14c-5532-43de-95d8-e006627aa4b4	2026-11-27 14:55:33.753839+00	\\x5508606f6d7dc3f22d6f89605b4d9bf4c83d0ccb3b0006011fd2a543952cbee3
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	81	rules	{"seat": 1, "type": "move_and_cast_ended"}	15e1e88a-c428-40b7-9499-c863f498cc75	2026-11-27 14:55:33.832137+00	\\xe30188fcab942e8d2458764432c1f5eb75609c6acfc5de7ef56504ed9b2c79f5
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	86	rules	{"seat": 0, "type": "move_and_cast_ended"}	2ecfcae5-a46f-40a3-bde3-e29ec759e381	2026-11-27 14:55:33.90598+00	\\x0a3d96ebc0c097f00148fe8729c4f0051cc327ed3faae8350fb119ff4faeeaa4
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	94	rules	{"seat": 1, "type": "move_and_cast_ended"}	3a8c540d-8ef9-4451-9d71-aa685d2fc997	2026-11-27 14:55:33.971619+00	\\x367d34e33467233c58a74859d3f75f9355abe681d99b7c21baac1c83e48316dd
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	99	rules	{"bent": false, "card": {"id": 28, "name": "teleport"}, "kind": "spell", "seat": 0, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 6, "row": 2}, "target": {"kind": "square", "square": {"col": 7, "row": 2}}, "responders": [1], "energy_card": null}	de34f5bf-8591-4e66-81c7-da39d705c940	2026-11-27 14:55:34.242011+00	\\x38be4a7a00284f66f324079e569f9b88ca67b7754cc3169134959af1ed586b28
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	100	rules	{"seat": 1, "type": "response_yielded"}	de34f5bf-8591-4e66-81c7-da39d705c940	2026-11-27 14:55:34.242011+00	\\xf2c85c500b9c63901afb6ee8a24a31a1051efb30dce57643ed4d4bb15e6d81d8
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	101	rules	{"to": {"kind": "discarded"}, "card": {"id": 28, "name": "teleport"}, "seat": 0, "type": "cast_resolved"}	de34f5bf-8591-4e66-81c7-da39d705c940	2026-11-27 14:55:34.242011+00	\\xe3adffd5b3c04457a386922dcdf8803e27a6a432d6f298c47a75512e65b36af3
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	102	rules	{"to": {"col": 7, "row": 2}, "from": {"col": 6, "row": 2}, "seat": 0, "type": "teleported"}	de34f5bf-8591-4e66-81c7-da39d705c940	2026-11-27 14:55:34.242011+00	\\x8c56a3842afab7cb064de68b4d99ee61b5bd8cc66c3e170353f46fc540b7d23b
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	107	rules	{"to": {"col": 7, "row": 3}, "cost": 1, "from": {"col": 6, "row": 3}, "seat": 1, "step": "adjacent", "type": "wizard_moved", "direction": "east"}	76f0c214-d627-4c9b-ac6d-9a9383197442	2026-11-27 14:55:34.361064+00	\\xf41a024262b31f7d39473cd0428f71f6e7bd681617c9a3cfdc73f321ff9be95a
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	110	rules	{"seat": 1, "type": "response_passed"}	cf9133da-3e91-482b-9acc-9cec327c8a25	2026-11-27 14:55:34.400119+00	\\xef61b31095c6e11cff4fa47b59b1fe7d9939815c8d485df89b16e37c2ce6d18a
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	111	rules	{"by": {"id": 0, "name": "absorb"}, "card": {"id": 85, "name": "dagger"}, "seat": 0, "type": "damage_halved"}	cf9133da-3e91-482b-9acc-9cec327c8a25	2026-11-27 14:55:34.400119+00	\\x6e5a97741d9bbee52a6de0f3b5c92b36dbe626e8b70a0c0f63050b98cd017cb6
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	112	rules	{"to": {"kind": "discarded"}, "card": {"id": 0, "name": "absorb"}, "seat": 0, "type": "cast_resolved"}	cf9133da-3e91-482b-9acc-9cec327c8a25	2026-11-27 14:55:34.400119+00	\\x865c4c3d1aa10335a79b1232ef94d9a6002c79f80614528bac7cb45288db303d
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	117	rules	{"seat": 1, "type": "cards_discarded", "cards": [{"id": 69, "name": "speed"}]}	7f80bb67-a9fc-4bae-8f4b-2ef8af20a32c	2026-11-27 14:55:34.45262+00	\\x7af84553350d879351b0b36fb3d153ee982223df0e3b6014176eb9b2ffb53019
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	129	rules	{"to": 0, "ask": [], "from": 1, "give": [{"id": 58, "name": "medusa"}], "type": "deal_offered"}	298cf5c7-2f56-4dbc-9aea-d27f99fba28c	2026-11-27 14:55:34.579737+00	\\xa23862e25c85b13e999ea1742867900bab1765c11df8ab304e61be4568dd8846
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	44	rules	{"bent": false, "card": {"id": 6, "name": "visionstone"}, "kind": "item", "seat": 0, "type": "spell_cast", "attack": false, "energy": 5, "option": null, "origin": {"col": 2, "row": 0}, "target": {"kind": "caster"}, "responders": [1], "energy_card": {"id": 1, "name": "energy5"}}	d14295c9-1504-431f-b3be-2864c883e7c1	2026-11-27 14:55:33.325735+00	\\x63b53043c73763dc3bf5c11f80e070341b466ccf20f5dda939152450ff3884b5
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	45	rules	{"seat": 1, "type": "response_yielded"}	d14295c9-1504-431f-b3be-2864c883e7c1	2026-11-27 14:55:33.325735+00	\\x1b646646401ebb1ee3d1f67a53b98b037b45d16a3852d56cba566cec7b41e64c
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	46	rules	{"to": {"kind": "carried"}, "card": {"id": 6, "name": "visionstone"}, "seat": 0, "type": "cast_resolved"}	d14295c9-1504-431f-b3be-2864c883e7c1	2026-11-27 14:55:33.325735+00	\\xd34ed90a8cd8d63a19bcd6c6ddea6dbb55765bd3410778fbb902a781ed8e6221
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	49	rules	{"seat": 0, "type": "cards_drawn", "cards": [{"id": 8, "name": "energy5"}], "count": 1}	eb4c6245-e254-4331-83f9-0beae06fe5a3	2026-11-27 14:55:33.420865+00	\\x488124820e9ef92f615b5689bab144681f8d8d9c7f1041dcf4bccbcd6e40a0f9
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	50	rules	{"seat": 0, "type": "turn_ended"}	eb4c6245-e254-4331-83f9-0beae06fe5a3	2026-11-27 14:55:33.420865+00	\\xe667820452ffae0b046212a50faccb6ad938d3dfa4099c31535eacfdfc8e297b
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	51	rules	{"seat": 1, "type": "turn_started", "stunned": false, "movement_points": 3}	eb4c6245-e254-4331-83f9-0beae06fe5a3	2026-11-27 14:55:33.420865+00	\\x3adc6a198434ca65322d8c7a623e0b0c8814a03d08eaf616da482d895de3d768
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	60	rules	{"seat": 1, "type": "move_and_cast_ended"}	962a5495-ff27-4914-a50c-ef84ab943ec0	2026-11-27 14:55:33.493017+00	\\xe766be2036ae0c75feddae87e5d02dcd6ab8d9fe86e130e59344b54481edf1f8
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	68	rules	{"to": {"col": 5, "row": 2}, "cost": 1, "from": {"col": 4, "row": 2}, "seat": 0, "step": "adjacent", "type": "wizard_moved", "direction": "east"}	4153d5c1-4d06-4066-9bea-8702a5a2bbda	2026-11-27 14:55:33.578297+00	\\xc89d8ffe7bdef756bf76c9c5134e7e254bc182913900fa0771b619816ba2c41f
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	71	rules	{"seat": 0, "type": "move_and_cast_ended"}	ef65f2d1-9b3c-400d-9a17-b2811485893f	2026-11-27 14:55:33.734801+00	\\x43e1eca68cca354628b4204234b554ad61478cfaa3a6b901b9d82d8e3de8d578
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	80	rules	{"card": {"id": 79, "name": "energy5"}, "seat": 1, "type": "speed_boosted", "movement_points": 5}	019a5365-3b26-4289-a52a-f1570768bbaf	2026-11-27 14:55:33.805443+00	\\xbea1b2daef29607010e2ec718b97b02a8bfc06ce15230015152bb4e73f78527c
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	85	rules	{"card": {"id": 50, "name": "energy4"}, "seat": 0, "type": "speed_boosted", "movement_points": 4}	5b2c67e6-7499-4a7b-aa43-9dc3830b3a2b	2026-11-27 14:55:33.883289+00	\\x17c345aee9f6a17d8ec1f5af55fc18e4214f0104b2e9375a9a73195ada0b4d36
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	90	rules	{"bent": false, "card": {"id": 21, "name": "lightning_blast"}, "kind": "spell", "seat": 1, "type": "spell_cast", "attack": true, "energy": 1, "option": null, "origin": {"col": 6, "row": 3}, "target": {"kind": "line", "line": {"col": 6, "row": 4, "orientation": "horizontal"}}, "responders": [0], "energy_card": null}	1302343b-d70b-4060-98cc-4e82a239f9e5	2026-11-27 14:55:33.945128+00	\\x2c17345c2ac2aae6345a43c426761265ffc312756dfb4f352ad037ef3e2367e8
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	91	rules	{"seat": 0, "type": "response_yielded"}	1302343b-d70b-4060-98cc-4e82a239f9e5	2026-11-27 14:55:33.945128+00	\\xa6005178aef410b935608c8a6d952b438a2fdf0d6a64a600e0672a9bf02e3dda
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	92	rules	{"to": {"kind": "discarded"}, "card": {"id": 21, "name": "lightning_blast"}, "seat": 1, "type": "cast_resolved"}	1302343b-d70b-4060-98cc-4e82a239f9e5	2026-11-27 14:55:33.945128+00	\\x873a4e34810f07d9278c74104edec593380cceb765d4a27ecc17cc48886f6d81
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	93	rules	{"line": {"col": 6, "row": 4, "orientation": "horizontal"}, "type": "barrier_damaged", "cracks": 1, "damage": 1, "cracks_added": 1}	1302343b-d70b-4060-98cc-4e82a239f9e5	2026-11-27 14:55:33.945128+00	\\x0ad574bafd8527d474190a34939a3d287654164e936db41bfe3c6ba03b2e9806
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	98	rules	{"card": {"id": 86, "name": "energy5"}, "seat": 0, "type": "speed_boosted", "movement_points": 5}	73f03a03-56a3-4ffc-974a-9361d63f19b2	2026-11-27 14:55:34.141603+00	\\x0d4d5ea2132ca20a75bccc26b8761244575b68821cb2a63cef5080545d70ec1d
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	104	rules	{"seat": 0, "type": "cards_drawn", "cards": [{"id": 43, "name": "absorb"}], "count": 1}	f598772e-9d7c-466e-9f94-f89b4807589a	2026-11-27 14:55:34.344276+00	\\xf38b9c9525af6e1f327538149dde7e62c8b228cecbf1bd24e5259eac8c2d5ccb
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	105	rules	{"seat": 0, "type": "turn_ended"}	f598772e-9d7c-466e-9f94-f89b4807589a	2026-11-27 14:55:34.344276+00	\\x07ad31b5468a789d4772a1869cb36953d2ad396a20835f1f261ad3d69429cbd1
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	106	rules	{"seat": 1, "type": "turn_started", "stunned": false, "movement_points": 3}	f598772e-9d7c-466e-9f94-f89b4807589a	2026-11-27 14:55:34.344276+00	\\x605e0e61326a921c3275f678566d678c35ab02837e9fefe68a7e62c09c1e5085
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	109	rules	{"card": {"id": 0, "name": "absorb"}, "line": null, "seat": 0, "type": "counter_played", "energy": 1, "square": null, "responders": [1], "energy_card": null}	9185bb05-af2b-4f4b-aa0f-e79adc04f24e	2026-11-27 14:55:34.389373+00	\\xcc739b0c526ecb031bc293609643de4d97465aae6e694cda9d64ef79b7ee1c5f
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	116	rules	{"to": {"col": 7, "row": 2}, "cost": 1, "from": {"col": 7, "row": 3}, "seat": 1, "step": "adjacent", "type": "wizard_moved", "direction": "north"}	334d4aec-5ea8-40be-93d9-acf870b77382	2026-11-27 14:55:34.436508+00	\\xe5ac66a15f04c55a0a5c3d5e2182c2700158417245166c5f7ef0352faad94741
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	121	rules	{"to": 0, "ask": [], "from": 1, "give": [{"id": 52, "name": "medusa"}], "type": "deal_offered"}	40c4442e-3ef7-484e-8b9f-44569ba332c7	2026-11-27 14:55:34.485956+00	\\x16356bb707975f315d1c8f76d725cefe9ebb4c5744a6399f44fbdeb91b6b5d37
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	122	rules	{"by": 1, "to": 0, "from": 1, "type": "deal_declined"}	8ede4a62-6f4b-4b06-a60d-c2ac4ea35c0e	2026-11-27 14:55:34.505667+00	\\x08cb8bd26e6179467e3e5037da0a53e16cd92e4f4f225d8dcc9421fe867ba663
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	123	rules	{"to": 0, "ask": [], "from": 1, "give": [{"id": 52, "name": "medusa"}], "type": "deal_offered"}	8ede4a62-6f4b-4b06-a60d-c2ac4ea35c0e	2026-11-27 14:55:34.505667+00	\\xa6381aef1e5a33f0c9b53f395c9b60eaea9c91caca3107065181a16dbf5e0ffe
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	124	rules	{"by": 1, "to": 0, "from": 1, "type": "deal_declined"}	f6449c69-e135-443c-92d9-bc77f94b70f1	2026-11-27 14:55:34.525308+00	\\x7144ceaaebccbd30b3dc000d5639f7aea7da197280705ef99591375c78621dc5
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	125	rules	{"to": 0, "ask": [], "from": 1, "give": [{"id": 58, "name": "medusa"}], "type": "deal_offered"}	f6449c69-e135-443c-92d9-bc77f94b70f1	2026-11-27 14:55:34.525308+00	\\x9bac0bd681b15b3bc2912446f245ed9245c8379ef4ec770c9f2ac0d0cb4e8938
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	126	rules	{"by": 1, "to": 0, "from": 1, "type": "deal_declined"}	89630c9e-c1dc-4cd0-8504-d86cbd8cda26	2026-11-27 14:55:34.544349+00	\\x708fb43220518456fa64bcefb13a40ce0b66f28e84070cf785aebf225cfe8b98
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	127	rules	{"to": 0, "ask": [], "from": 1, "give": [{"id": 52, "name": "medusa"}], "type": "deal_offered"}	89630c9e-c1dc-4cd0-8504-d86cbd8cda26	2026-11-27 14:55:34.544349+00	\\xf8a238cc1eb52fe41f76a666a58146ae99028ddc83988d00ace2b793165531c2
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	128	rules	{"by": 1, "to": 0, "from": 1, "type": "deal_declined"}	fc4d5d66-fe64-4788-97fa-4a1367cb5709	2026-11-27 14:55:34.563032+00	\\x1b0e132a44668d5e11ab6dd4a04bd4fc438de38badd82cf74ccbd244d0ce23e3
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	55	rules	{"bent": false, "card": {"id": 91, "name": "lightning_blast"}, "kind": "spell", "seat": 1, "type": "spell_cast", "attack": true, "energy": 1, "option": null, "origin": {"col": 6, "row": 3}, "target": {"card": 59, "kind": "object"}, "responders": [0], "energy_card": null}	23a6e293-ab89-462a-aea1-77e078d97c2d	2026-11-27 14:55:33.472968+00	\\x7c0aa2b0853159fade302100492191b65687f86ae3e83f813e19922cae5ba20d
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	56	rules	{"seat": 0, "type": "response_yielded"}	23a6e293-ab89-462a-aea1-77e078d97c2d	2026-11-27 14:55:33.472968+00	\\x9114fa7ac8031cc44b3135b70efb39a8152f73864098e4c190f021f23bb25003
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	57	rules	{"to": {"kind": "discarded"}, "card": {"id": 91, "name": "lightning_blast"}, "seat": 1, "type": "cast_resolved"}	23a6e293-ab89-462a-aea1-77e078d97c2d	2026-11-27 14:55:33.472968+00	\\x1f9a4fcba4564f32d842078a7d04c1121001628821114212f68dab82d0e690db
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	58	rules	{"card": {"id": 59, "name": "thornbush"}, "type": "object_damaged", "cracks": 1, "damage": 1, "cracks_added": 1}	23a6e293-ab89-462a-aea1-77e078d97c2d	2026-11-27 14:55:33.472968+00	\\x84681f1540aab72cb7dfca1d73c9a7434eb5920f9eaa1247f52283767c9ab64e
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	59	rules	{"card": {"id": 59, "name": "thornbush"}, "seat": 1, "type": "spell_ended"}	23a6e293-ab89-462a-aea1-77e078d97c2d	2026-11-27 14:55:33.472968+00	\\x4320011947263b8e0f4b2ff7076a2bc291a849270cd84a1f6f7365112f4291ad
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	64	rules	{"bent": false, "card": {"id": 124, "name": "rotate_sector"}, "kind": "spell", "seat": 0, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 2, "row": 0}, "target": {"kind": "sector", "slot": 0}, "responders": [1], "energy_card": null}	1b3d9cf8-bfc0-419d-8637-d6357fe74cb4	2026-11-27 14:55:33.540913+00	\\xd9d1dc9b6ba626aef62e2331a9c85509820cfc0ac5b495a9988cc9b53fc6bb92
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	65	rules	{"seat": 1, "type": "response_yielded"}	1b3d9cf8-bfc0-419d-8637-d6357fe74cb4	2026-11-27 14:55:33.540913+00	\\xc0d2a595f03afab740de9cb8b4c8b088f7ee072f3f75135a07ccfd87a7d2d032
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	66	rules	{"to": {"kind": "discarded"}, "card": {"id": 124, "name": "rotate_sector"}, "seat": 0, "type": "cast_resolved"}	1b3d9cf8-bfc0-419d-8637-d6357fe74cb4	2026-11-27 14:55:33.540913+00	\\x2f453570021ce352c1c5347df1289ab172b6971fea3eab66a36ad850827175fc
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	67	rules	{"slot": 0, "type": "sector_rotated", "quarter_turns": 1}	1b3d9cf8-bfc0-419d-8637-d6357fe74cb4	2026-11-27 14:55:33.540913+00	\\x75c9160c2b461cb4778887559557d8f35c0561f6b271326c0f69d2e97b21d87b
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	70	rules	{"card": {"id": 8, "name": "energy5"}, "seat": 0, "type": "speed_boosted", "movement_points": 5}	e4b84966-84f4-4102-ada6-973cc2978724	2026-11-27 14:55:33.712203+00	\\xa2772db6cb9e849b4ddd45b78a1fc7d9d689fb6c00b13dc86835736b6aad5179
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	75	rules	{"bent": false, "card": {"id": 61, "name": "brainstone"}, "kind": "item", "seat": 1, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 6, "row": 3}, "target": {"kind": "caster"}, "responders": [0], "energy_card": null}	9681bfeb-5bfa-4179-9dd4-eaa1086caa3f	2026-11-27 14:55:33.776203+00	\\x4f7f00a444408e5f479d0ce971fc0d072fc56775e91e75eb5dd20e1c6fe419b8
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	76	rules	{"seat": 0, "type": "response_yielded"}	9681bfeb-5bfa-4179-9dd4-eaa1086caa3f	2026-11-27 14:55:33.776203+00	\\x19441d18fde5b7648126acece0e4edabe34f72ab181c5f0ec9724f99ed819d0d
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	77	rules	{"to": {"kind": "carried"}, "card": {"id": 61, "name": "brainstone"}, "seat": 1, "type": "cast_resolved"}	9681bfeb-5bfa-4179-9dd4-eaa1086caa3f	2026-11-27 14:55:33.776203+00	\\x633730e818c9cd2795f63f00c1cab633f08b831df6599d9f0ff965d3205faf5a
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	78	rules	{"card": 61, "seat": 1, "type": "brainstone_woken"}	9681bfeb-5bfa-4179-9dd4-eaa1086caa3f	2026-11-27 14:55:33.776203+00	\\xc802ce6afce6667f1caa858b25a04586181e4a7b3f42b83d44ce81424a406a11
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	79	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 79, "name": "energy5"}, {"id": 52, "name": "medusa"}], "count": 2}	9681bfeb-5bfa-4179-9dd4-eaa1086caa3f	2026-11-27 14:55:33.776203+00	\\x033b36af5ffc07431e8b240c13e0bd64a66de92b2b50a17da10ac8cb6ee8ea7c
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	82	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 58, "name": "medusa"}, {"id": 27, "name": "wizardblade"}], "count": 2}	dbe2fe09-2f46-48c0-87af-fdeb2a870a32	2026-11-27 14:55:33.866138+00	\\xbfac99981f397bc9f4491ebc0fb363e771350ca5ce3d26d77ca84c39879a964f
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	83	rules	{"seat": 1, "type": "turn_ended"}	dbe2fe09-2f46-48c0-87af-fdeb2a870a32	2026-11-27 14:55:33.866138+00	\\x26cb265bd1ef87e312d615cb77ecda71c8cbfb71dbe6e2923c8d62e46d225d41
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	84	rules	{"seat": 0, "type": "turn_started", "stunned": false, "movement_points": 3}	dbe2fe09-2f46-48c0-87af-fdeb2a870a32	2026-11-27 14:55:33.866138+00	\\xcc80444149d57872d21c8b948958e78417593af1f34a3e54fbecdfad11de1e1b
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	87	rules	{"seat": 0, "type": "cards_drawn", "cards": [{"id": 87, "name": "pick_lock"}, {"id": 28, "name": "teleport"}], "count": 2}	8338dc8c-834b-4630-a837-b8ac14f3b4be	2026-11-27 14:55:33.917902+00	\\xdd05bfdb4df2cb2e854ec815c92afbe1861dc8ebb52ef093bd316375287b3bea
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	88	rules	{"seat": 0, "type": "turn_ended"}	8338dc8c-834b-4630-a837-b8ac14f3b4be	2026-11-27 14:55:33.917902+00	\\x9fc63435cd397b256ffc5b5b64cafa37645b556bf0d82c57f89602da3d15fc31
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	89	rules	{"seat": 1, "type": "turn_started", "stunned": false, "movement_points": 3}	8338dc8c-834b-4630-a837-b8ac14f3b4be	2026-11-27 14:55:33.917902+00	\\xf532f1f70bdb936b9778b1f11fa8eda74e72c341dd932b4c1740910af746ff65
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	95	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 69, "name": "speed"}, {"id": 63, "name": "wall_of_fire"}], "count": 2}	3446d5ea-f32c-4d9b-819b-1a7e3b0c0547	2026-11-27 14:55:34.011535+00	\\xa8931bdde57d740f3df64d54d70949e5732cd3d514c60c3d5cf1a56284bb33fb
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	96	rules	{"seat": 1, "type": "turn_ended"}	3446d5ea-f32c-4d9b-819b-1a7e3b0c0547	2026-11-27 14:55:34.011535+00	\\x67a1d03be8542896e48c8879f4292963d5d3407b14322002aff8b90cc233ed07
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	97	rules	{"seat": 0, "type": "turn_started", "stunned": false, "movement_points": 3}	3446d5ea-f32c-4d9b-819b-1a7e3b0c0547	2026-11-27 14:55:34.011535+00	\\xd349f572e0a293fa044d76a7765255abb29cf28ddc410e236c0866bab8354fab
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	103	rules	{"seat": 0, "type": "move_and_cast_ended"}	637b874c-a1ff-4c60-98e2-9ddfcba34b8b	2026-11-27 14:55:34.305403+00	\\xa57bd04ab055a13d288038406935cfb8ad3de8da565f8642383007e41d05aa93
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	108	rules	{"bent": false, "card": {"id": 85, "name": "dagger"}, "kind": "use", "seat": 1, "type": "spell_cast", "attack": true, "energy": 1, "option": null, "origin": {"col": 7, "row": 3}, "target": {"kind": "wizard", "seat": 0}, "responders": [0], "energy_card": null}	7753872a-9ef1-4def-9525-8ad887bb96d5	2026-11-27 14:55:34.377733+00	\\x976b2eab82a3ac2aefadd604b7d1eae36ea403cccad3a7d3cefd33587608ac3b
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	113	rules	{"seat": 0, "type": "response_passed"}	fddb3b6c-bbb0-4711-b897-2ebe80bb798a	2026-11-27 14:55:34.414282+00	\\xe94618d4fa197170d7133639c15516dc6549f8d6fae385bc620ca9eee2687773
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	114	rules	{"to": {"kind": "kept"}, "card": {"id": 85, "name": "dagger"}, "seat": 1, "type": "cast_resolved"}	fddb3b6c-bbb0-4711-b897-2ebe80bb798a	2026-11-27 14:55:34.414282+00	\\x8fa1ccf0600121e17acd1c1eabd9966588b0834b6ff5fb5f3b92be34273b0cf2
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	115	rules	{"life": 14, "seat": 0, "type": "wizard_damaged", "amount": 1}	fddb3b6c-bbb0-4711-b897-2ebe80bb798a	2026-11-27 14:55:34.414282+00	\\x8ebaf2ab6f7061ff467a39708c3c9eda70f9d872d10932fadebb5616c3b12386
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	131	rules	{"to": 0, "ask": [], "from": 1, "give": [{"id": 38, "name": "add"}], "type": "deal_offered"}	367ca981-2301-4ad0-a0e4-c3486749b60c	2026-11-27 14:55:34.597542+00	\\x1f06444f906a2fe7fc3d5be78063b8a6843ba0145534b750a2d0fcda2a75ded4
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	118	rules	{"bent": false, "card": {"id": 27, "name": "wizardblade"}, "kind": "item", "seat": 1, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 7, "row": 2}, "target": {"kind": "caster"}, "responders": [0], "energy_card": null}	bc150fd2-6f77-4be2-b49d-24a1467639d3	2026-11-27 14:55:34.468392+00	\\xd53d574570aa0b5299a800545fdc2dc69413253e89188333283a3acd73a01780
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	119	rules	{"seat": 0, "type": "response_yielded"}	bc150fd2-6f77-4be2-b49d-24a1467639d3	2026-11-27 14:55:34.468392+00	\\xd03c837688e39e287c4767837549398b0d3f8ef986cf6ce5a7004fc3bee04e6e
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	120	rules	{"to": {"kind": "carried"}, "card": {"id": 27, "name": "wizardblade"}, "seat": 1, "type": "cast_resolved"}	bc150fd2-6f77-4be2-b49d-24a1467639d3	2026-11-27 14:55:34.468392+00	\\xec0c2a627c917e136c0c55580020415ebf190ae83d2adefc4047a9b1e2dd386a
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	132	rules	{"bent": false, "card": {"id": 63, "name": "wall_of_fire"}, "kind": "spell", "seat": 1, "type": "spell_cast", "attack": false, "energy": 1, "option": null, "origin": {"col": 7, "row": 2}, "target": {"kind": "line", "line": {"col": 7, "row": 2, "orientation": "horizontal"}}, "responders": [0], "energy_card": null}	0664884b-ced9-4848-b311-889796daecba	2026-11-27 14:55:34.626751+00	\\xe3d24d97d969a5526023a772eb024415f188a7ea054175c89906810ae1f800df
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	133	rules	{"seat": 0, "type": "response_yielded"}	0664884b-ced9-4848-b311-889796daecba	2026-11-27 14:55:34.626751+00	\\xb95302caaeb4907a80aeffa4f93f6120f185b736c96246b501506bd15ee089f4
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	134	rules	{"to": {"kind": "maintained", "tokens": null}, "card": {"id": 63, "name": "wall_of_fire"}, "seat": 1, "type": "cast_resolved"}	0664884b-ced9-4848-b311-889796daecba	2026-11-27 14:55:34.626751+00	\\x84cfc582fcbf220ff929bad1ffdb427f0aa5319acabbc784073a9321825e400a
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	135	rules	{"seat": 1, "type": "object_created", "creation": {"card": 63, "kind": "wall_of_fire", "line": {"col": 7, "row": 2, "orientation": "horizontal"}}}	0664884b-ced9-4848-b311-889796daecba	2026-11-27 14:55:34.626751+00	\\x3d3491e7f8be36b1a31c32880a6f824c4eb45e64241f592146fd26f4b55693c8
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	136	rules	{"seat": 1, "type": "move_and_cast_ended"}	1f3fb41d-2668-4aa1-af77-1ff031d76b7f	2026-11-27 14:55:34.65932+00	\\x3b26c4f5164f322ebf5f93454b95782ca0031fd81f4b667951b1e79a9adb566e
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	137	rules	{"seat": 1, "type": "cards_drawn", "cards": [{"id": 105, "name": "fireball"}, {"id": 18, "name": "number3"}], "count": 2}	a55fe810-9ad3-4c91-9170-a981a53c8cfe	2026-11-27 14:55:34.678055+00	\\xd4dc36c2dcc500b9566f69a77de13c659d24723245bb09e2216bfc543ec44255
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	138	rules	{"to": 0, "from": 1, "type": "deal_lapsed"}	a55fe810-9ad3-4c91-9170-a981a53c8cfe	2026-11-27 14:55:34.678055+00	\\xac3328d9b1d50a48c2b71d24b90497b94aeedfd5379bc2b3e7767826947ba6a9
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	139	rules	{"seat": 1, "type": "turn_ended"}	a55fe810-9ad3-4c91-9170-a981a53c8cfe	2026-11-27 14:55:34.678055+00	\\xa3b00af9d83ef23bcb42dbf34aaae2bdeb4b6d8b9168be34ae8516435c16fd0e
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	140	rules	{"seat": 0, "type": "turn_started", "stunned": false, "movement_points": 3}	a55fe810-9ad3-4c91-9170-a981a53c8cfe	2026-11-27 14:55:34.678055+00	\\x73db196e4b664d828cee4613b00aed6c03326291dfd607ab107fb3377aa292bb
eeb40f04-e220-4712-838f-304b9cbb3897	1	platform	{"type": "game_created", "seats": 2, "options": {"yield_policy": "when_targeted"}, "ruleset": "wizards-of-war", "created_by": "a4cbd52c-e944-4d38-839d-687da0ca6806", "seed_sha256": "52e88da4185f2dc5859eba49a1c25c1a8042a86a107223559ce98985f382a092"}	\N	2026-11-27 14:55:38.343556+00	\\xb4cd1f557d1bbc564a865378f355c1eef9c7291dce1bb5f4d428253ddf71ec27
eeb40f04-e220-4712-838f-304b9cbb3897	2	platform	{"seat": 0, "type": "player_joined", "user_id": "a4cbd52c-e944-4d38-839d-687da0ca6806", "username": "ab17c66-ip-3-1-s0"}	\N	2026-11-27 14:55:38.343556+00	\\x27d88669e73a9ca15724aa167baf694400f0de359ed03b8f4d0407fd9fe97bb5
eeb40f04-e220-4712-838f-304b9cbb3897	3	platform	{"seat": 1, "type": "player_joined", "user_id": "af947107-6e9e-4d6b-99b1-0996a6a6d440", "username": "ab17c66-ip-3-1-s1"}	\N	2026-11-27 14:55:38.348715+00	\\x91e816aa2b6cb602f86df5b1b280d657ce0c1f9b65808e95d014ee4d7b3ad353
eeb40f04-e220-4712-838f-304b9cbb3897	4	platform	{"type": "game_started"}	\N	2026-11-27 14:55:38.351245+00	\\x942fb528e77db7005caf714229a5c150ae8235e75ed37b59dacf1cadba02fd02
eeb40f04-e220-4712-838f-304b9cbb3897	5	rules	{"life": 4, "type": "game_started", "wizards": [{"col": 5, "row": 1}, {"col": 5, "row": 18}]}	\N	2026-11-27 14:55:38.351245+00	\\x816f97e48b15676b2e91f21f9ccbf257d1cb0a8e04df85cdd49b295fa815aa8b
eeb40f04-e220-4712-838f-304b9cbb3897	6	rules	{"seat": 0, "type": "yield_policy_set", "policy": "when_targeted"}	\N	2026-11-27 14:55:38.351245+00	\\x82b36ca367d5373db00551097e76bd859fe43122513a9ef3b6800842f656a56e
eeb40f04-e220-4712-838f-304b9cbb3897	7	rules	{"seat": 1, "type": "yield_policy_set", "policy": "when_targeted"}	\N	2026-11-27 14:55:38.351245+00	\\x2101e5214bb86f9999af35cea7bfbff3a648d66a57b92e46fc63005bfae9943d
eeb40f04-e220-4712-838f-304b9cbb3897	8	rules	{"type": "monster_deck_shuffled", "order": [29, 25, 24, 26, 5, 11, 14, 12, 7, 20, 8, 18, 32, 10, 16, 13, 1, 28, 22, 17, 33, 31, 27, 9, 15, 30, 21, 6, 19, 4, 2, 3, 23, 0]}	\N	2026-11-27 14:55:38.351245+00	\\x33c189651bba09a264ae82b8b684e68c8d5ec5ca4082c97733f086b9c216c4fb
eeb40f04-e220-4712-838f-304b9cbb3897	9	rules	{"type": "spell_deck_shuffled", "order": [9, 2, 7, 27, 6, 22, 14, 26, 21, 0, 16, 10, 3, 15, 29, 18, 24, 8, 5, 12, 25, 11, 17, 28, 19, 20, 1, 4, 13, 23]}	\N	2026-11-27 14:55:38.351245+00	\\x630ecf6166e40fc264c4428450ba17d144de81274d702181421eb0db235f63b2
eeb40f04-e220-4712-838f-304b9cbb3897	10	rules	{"card": {"id": 9, "spell": "fireball"}, "seat": 1, "type": "spell_drawn"}	\N	2026-11-27 14:55:38.351245+00	\\xedc1a5f3c5e80f6300d276b09170d70df116205540a936c7e009a21e5bad5e2b
eeb40f04-e220-4712-838f-304b9cbb3897	11	rules	{"seat": 0, "turn": 1, "type": "turn_started"}	\N	2026-11-27 14:55:38.351245+00	\\xd204884efaccde64482e51f5cd0b6b298b2ab2e6a25a2a7506986031d23b299e
eeb40f04-e220-4712-838f-304b9cbb3897	12	rules	{"face": "wand", "seat": 0, "type": "turn_die_rolled"}	\N	2026-11-27 14:55:38.351245+00	\\x52d1dbcbc0b809d975e3777213656eb2ab1e813799e1a63226949248d108f8e4
eeb40f04-e220-4712-838f-304b9cbb3897	13	rules	{"card": {"id": 2, "spell": "counterspell"}, "seat": 0, "type": "spell_drawn"}	fa5a79de-3afc-48a5-9283-98414ba5cfc5	2026-11-27 14:55:38.357344+00	\\xcadc434a4adad10dae031f5db82ff784dd81bd1ba88bc9789f6532284f848651
eeb40f04-e220-4712-838f-304b9cbb3897	14	rules	{"seat": 0, "type": "turn_ended"}	fa5a79de-3afc-48a5-9283-98414ba5cfc5	2026-11-27 14:55:38.357344+00	\\x2c5c3ef4d1b6e7678002c877e60cf535d5ac9e1ac667a77a323e5b8be78bd962
eeb40f04-e220-4712-838f-304b9cbb3897	15	rules	{"seat": 1, "turn": 2, "type": "turn_started"}	fa5a79de-3afc-48a5-9283-98414ba5cfc5	2026-11-27 14:55:38.357344+00	\\x5fdb087e34eb7fc6665bf7ceb8a13e219e551df8d9dd5db9be7e25b2ae103933
eeb40f04-e220-4712-838f-304b9cbb3897	16	rules	{"face": "wand", "seat": 1, "type": "turn_die_rolled"}	fa5a79de-3afc-48a5-9283-98414ba5cfc5	2026-11-27 14:55:38.357344+00	\\xa8f66772b34ce207d4d9cc0baad246dcf5dddf4d990944404e605956b60bfe31
eeb40f04-e220-4712-838f-304b9cbb3897	17	rules	{"card": {"id": 7, "spell": "magic_missile"}, "seat": 1, "type": "spell_drawn"}	57a5b674-f787-4f92-a222-b4d13ae284d5	2026-11-27 14:55:38.362654+00	\\x515a9ed33a6e6fcdc744b46785ae513f9204d1fe1370c7a0b57c46d9da93b8f5
eeb40f04-e220-4712-838f-304b9cbb3897	18	rules	{"seat": 1, "type": "turn_ended"}	57a5b674-f787-4f92-a222-b4d13ae284d5	2026-11-27 14:55:38.362654+00	\\x7476d50c00439d05bd2bec21a605b54407eb835e757efa6a0da74c2e3ddb2f99
eeb40f04-e220-4712-838f-304b9cbb3897	19	rules	{"seat": 0, "turn": 3, "type": "turn_started"}	57a5b674-f787-4f92-a222-b4d13ae284d5	2026-11-27 14:55:38.362654+00	\\xa7637a6fde7e126f75a8e43e04b10f12501dd2e0a3b528c5ca33fb9e5984827f
eeb40f04-e220-4712-838f-304b9cbb3897	20	rules	{"face": "feet_plus", "seat": 0, "type": "turn_die_rolled"}	57a5b674-f787-4f92-a222-b4d13ae284d5	2026-11-27 14:55:38.362654+00	\\xac7a3159e3956a028aede2589800a586cc5ad814bc06e50ef492269469e0dbd0
eeb40f04-e220-4712-838f-304b9cbb3897	21	rules	{"to": {"col": 5, "row": 3}, "cost": 2, "from": {"col": 5, "row": 1}, "type": "unit_moved", "unit": 0}	0c53f0db-2f66-4821-b76d-390c448a90f6	2026-11-27 14:55:38.371652+00	\\x46cfb483458bd3c5cc4ef90e21a0c08e70ff9f386d8173cf64a63dc20aa19af9
eeb40f04-e220-4712-838f-304b9cbb3897	22	rules	{"seat": 0, "type": "turn_ended"}	d8767cd0-574c-45bc-bf64-6578dd76b07c	2026-11-27 14:55:38.377044+00	\\x853f952b87d79bc272c102838d65204313eb739ed1300db87cd17d2fb1a6dcea
eeb40f04-e220-4712-838f-304b9cbb3897	23	rules	{"seat": 1, "turn": 4, "type": "turn_started"}	d8767cd0-574c-45bc-bf64-6578dd76b07c	2026-11-27 14:55:38.377044+00	\\x07bdd3cdaa789d6b48cdaa6e901cb05260b0015fb085fa87a68e32fe1895c2b3
eeb40f04-e220-4712-838f-304b9cbb3897	25	rules	{"card": {"id": 9, "spell": "fireball"}, "seat": 1, "type": "spell_cast", "target": {"kind": "area", "anchor": {"col": 4, "row": 13}, "orientation": "horizontal"}}	97350ab4-66f3-48a0-9f59-acb7d89dbc22	2026-11-27 14:55:38.382351+00	\\xe81f9fb2e1823d5cb7573c6d0a4af858f87398fc9a5f390b806a9f21f3e08d44
eeb40f04-e220-4712-838f-304b9cbb3897	26	rules	{"seat": 0, "type": "response_yielded"}	97350ab4-66f3-48a0-9f59-acb7d89dbc22	2026-11-27 14:55:38.382351+00	\\x09661dd7d0da95832ab1ebf4ef91e635bca7b8c695c3f4f009000599e5ea6c98
eeb40f04-e220-4712-838f-304b9cbb3897	27	rules	{"card": {"id": 9, "spell": "fireball"}, "type": "spell_resolved"}	97350ab4-66f3-48a0-9f59-acb7d89dbc22	2026-11-27 14:55:38.382351+00	\\x431cd81aa76cad4d778d5d10be7ce7eb8fc62397539a4db6279f075f379d8143
eeb40f04-e220-4712-838f-304b9cbb3897	28	rules	{"card": {"id": 9, "spell": "fireball"}, "type": "spell_discarded"}	97350ab4-66f3-48a0-9f59-acb7d89dbc22	2026-11-27 14:55:38.382351+00	\\x3f6f3a7fec2dc41e704a30b9220d511d7d4711ac173030ccecb91564c8d795e8
eeb40f04-e220-4712-838f-304b9cbb3897	29	rules	{"to": {"col": 5, "row": 16}, "cost": 2, "from": {"col": 5, "row": 18}, "type": "unit_moved", "unit": 1}	9b4addeb-ea13-4317-95ce-7e5c4a9073cb	2026-11-27 14:55:38.391415+00	\\x2ef50e3917819f31c4a003f20b6f606e108a705021b7d34f775db99475c828ee
eeb40f04-e220-4712-838f-304b9cbb3897	30	rules	{"seat": 1, "type": "turn_ended"}	b932078c-ea83-4888-abb5-df8237a30bbe	2026-11-27 14:55:38.396523+00	\\x13f3cdc6f89759474c42bf349dc58d2dc39f5a12ffae67142f317483aaec1155
eeb40f04-e220-4712-838f-304b9cbb3897	31	rules	{"seat": 0, "turn": 5, "type": "turn_started"}	b932078c-ea83-4888-abb5-df8237a30bbe	2026-11-27 14:55:38.396523+00	\\xaa8dcdeebaee5bc0ce283816c9e30ae5a47766fb76f111df99326bf4e257bc49
eeb40f04-e220-4712-838f-304b9cbb3897	32	rules	{"face": "wand", "seat": 0, "type": "turn_die_rolled"}	b932078c-ea83-4888-abb5-df8237a30bbe	2026-11-27 14:55:38.396523+00	\\x85965064983ce681086fe47e4fa566ec7b7631c955079271f8dff0bb4a9d173b
eeb40f04-e220-4712-838f-304b9cbb3897	33	rules	{"seat": 0, "type": "summon_chosen"}	8f508aed-013d-4514-9f8e-66c596afb154	2026-11-27 14:55:38.401319+00	\\x1c40ca61b95b56f9a2c7f96d14be30edf8ec6958e6415484e64e62102a39d923
eeb40f04-e220-4712-838f-304b9cbb3897	34	rules	{"card": {"id": 29, "monster": "minotaur"}, "seat": 0, "type": "monster_drawn"}	8f508aed-013d-4514-9f8e-66c596afb154	2026-11-27 14:55:38.401319+00	\\x6b1ab83a082251077e3d7cd216334e3a02b1f63d41e4d57a864a68884fe01e2c
eeb40f04-e220-4712-838f-304b9cbb3897	35	rules	{"card": {"id": 29, "monster": "minotaur"}, "seat": 0, "type": "monster_summoned", "unit": 2, "square": {"col": 5, "row": 4}}	d32f90a3-fda1-4a86-86e6-2241418326e5	2026-11-27 14:55:38.406163+00	\\x439d5d6eb5ed6c1ba73b3735977648019e4a9ee05f29ba8adab8a8e0bbab0814
eeb40f04-e220-4712-838f-304b9cbb3897	36	rules	{"seat": 0, "type": "turn_ended"}	d32f90a3-fda1-4a86-86e6-2241418326e5	2026-11-27 14:55:38.406163+00	\\x305a83e5cae434e8c04f7aac421dd790b8c1adedc0a1bcdad5af904374185383
eeb40f04-e220-4712-838f-304b9cbb3897	37	rules	{"seat": 1, "turn": 6, "type": "turn_started"}	d32f90a3-fda1-4a86-86e6-2241418326e5	2026-11-27 14:55:38.406163+00	\\x98470bef30685e43e3e8596f5e3540e686b7304dbd8374f5b47440640599b787
eeb40f04-e220-4712-838f-304b9cbb3897	38	rules	{"face": "wand", "seat": 1, "type": "turn_die_rolled"}	d32f90a3-fda1-4a86-86e6-2241418326e5	2026-11-27 14:55:38.406163+00	\\x37d323203c7e22cbd2c62e80112fd09e2a69be14489cdc2192675b864cc28c38
eeb40f04-e220-4712-838f-304b9cbb3897	39	rules	{"seat": 1, "type": "summon_chosen"}	75eeda63-7023-4346-9221-485fc93566ec	2026-11-27 14:55:38.4112+00	\\x808508d27231e61b8e1515db4eb86a048d467502f693bf9543d8958623d1946f
eeb40f04-e220-4712-838f-304b9cbb3897	40	rules	{"card": {"id": 25, "monster": "mummy"}, "seat": 1, "type": "monster_drawn"}	75eeda63-7023-4346-9221-485fc93566ec	2026-11-27 14:55:38.4112+00	\\x751fc711b7222a46f46312667f253ccfcf0641df8054d4547014673b1e260579
eeb40f04-e220-4712-838f-304b9cbb3897	41	rules	{"card": {"id": 25, "monster": "mummy"}, "seat": 1, "type": "monster_summoned", "unit": 3, "square": {"col": 6, "row": 16}}	f6913af9-ff6c-477c-bfe6-d2e3b546298c	2026-11-27 14:55:38.416331+00	\\xa6e4a7aae7acb0fbb405d8986f2f3c1b9c71812f5ecfd40cba479d11d9b1813c
eeb40f04-e220-4712-838f-304b9cbb3897	42	rules	{"seat": 1, "type": "turn_ended"}	f6913af9-ff6c-477c-bfe6-d2e3b546298c	2026-11-27 14:55:38.416331+00	\\x21cb2a76f08996cc12f7b1bf5d5cd03d71eeb91022b605487e61589b0882e188
eeb40f04-e220-4712-838f-304b9cbb3897	43	rules	{"seat": 0, "turn": 7, "type": "turn_started"}	f6913af9-ff6c-477c-bfe6-d2e3b546298c	2026-11-27 14:55:38.416331+00	\\xa99497cc11a7730aa90dd2a05c511f0f331b21003c62ea7297a4e4e41c27022c
eeb40f04-e220-4712-838f-304b9cbb3897	44	rules	{"face": "feet", "seat": 0, "type": "turn_die_rolled"}	f6913af9-ff6c-477c-bfe6-d2e3b546298c	2026-11-27 14:55:38.416331+00	\\xe67875df4ddd525bedc6176f957a4eb86e68387f5ab2f0b4d8a68e40ddc7133b
eeb40f04-e220-4712-838f-304b9cbb3897	45	rules	{"to": {"col": 5, "row": 8}, "cost": 4, "from": {"col": 5, "row": 4}, "type": "unit_moved", "unit": 2}	231c242c-cb6e-4b39-bd3b-b3c97d7dcbec	2026-11-27 14:55:38.426009+00	\\x9e4a1dd39d826cc2cc4a182d032134c96bb58f957b92bb60dbf2e60321c4b64c
eeb40f04-e220-4712-838f-304b9cbb3897	46	rules	{"to": {"col": 5, "row": 5}, "cost": 2, "from": {"col": 5, "row": 3}, "type": "unit_moved", "unit": 0}	1d75a37f-d33a-43b3-9837-10a6361da687	2026-11-27 14:55:38.433686+00	\\x55103a00bb2441d0e88ded67c6dfc4164acbe8c1f151b79dabcbdb9e8c5a87f1
eeb40f04-e220-4712-838f-304b9cbb3897	47	rules	{"seat": 0, "type": "turn_ended"}	bca4d7ff-fb78-45bc-9a28-becae1b3c610	2026-11-27 14:55:38.438745+00	\\x30c24afca2c7bcb58600474f117fb1d3f83f61bf07e1e60549570630805053e7
eeb40f04-e220-4712-838f-304b9cbb3897	48	rules	{"seat": 1, "turn": 8, "type": "turn_started"}	bca4d7ff-fb78-45bc-9a28-becae1b3c610	2026-11-27 14:55:38.438745+00	\\xf1b62c54dad649a33a5c059d6a8bb3804bf7ce77caa6b174d912281dc4e08aa8
eeb40f04-e220-4712-838f-304b9cbb3897	49	rules	{"face": "wand", "seat": 1, "type": "turn_die_rolled"}	bca4d7ff-fb78-45bc-9a28-becae1b3c610	2026-11-27 14:55:38.438745+00	\\x17f52de58f42eb3188127241ba37a67f076e0fcd4ce8c880ffa42f61267b6a20
eeb40f04-e220-4712-838f-304b9cbb3897	50	rules	{"card": {"id": 27, "spell": "dark_ritual"}, "seat": 1, "type": "spell_drawn"}	bca4d7ff-fb78-45bc-9a28-becae1b3c610	2026-11-27 14:55:38.438745+00	\\xc04219c680b1b07470aeb8e252b1da828c45c2095b090b5899273e7d6a9677d5
eeb40f04-e220-4712-838f-304b9cbb3897	51	rules	{"seat": 1, "type": "turn_ended"}	bca4d7ff-fb78-45bc-9a28-becae1b3c610	2026-11-27 14:55:38.438745+00	\\xb097ab1ebbb1652c2aaa7c12cb48885c6361cf44a157824b04a387af8a9fe813
eeb40f04-e220-4712-838f-304b9cbb3897	52	rules	{"seat": 0, "turn": 9, "type": "turn_started"}	bca4d7ff-fb78-45bc-9a28-becae1b3c610	2026-11-27 14:55:38.438745+00	\\x223a1676a21061029e39ab0bf77457db348bef31cb58018ef0847bb24c77d657
eeb40f04-e220-4712-838f-304b9cbb3897	53	rules	{"face": "feet_plus", "seat": 0, "type": "turn_die_rolled"}	bca4d7ff-fb78-45bc-9a28-becae1b3c610	2026-11-27 14:55:38.438745+00	\\x062eeb5e19d0232177e1d7b4a092165e65469566df2b09c2793b93024f9efd02
eeb40f04-e220-4712-838f-304b9cbb3897	54	rules	{"to": {"col": 5, "row": 7}, "cost": 2, "from": {"col": 5, "row": 5}, "type": "unit_moved", "unit": 0}	5ab48d08-2a23-4e20-8922-61d6a343f4d0	2026-11-27 14:55:38.445034+00	\\x7686e42468880a8c0a713184f5dd6ac55f0d5fbe80b1985ee8c5e120f62647c5
eeb40f04-e220-4712-838f-304b9cbb3897	55	rules	{"to": {"col": 5, "row": 10}, "cost": 4, "from": {"col": 5, "row": 8}, "type": "unit_moved", "unit": 2}	bc0438fc-8781-49d6-8cc6-0d1d0463da25	2026-11-27 14:55:38.450877+00	\\x0fc2b41e6728a87c9cdd28b769f40ac741286751d858d5a166eb5daced3c2a6a
eeb40f04-e220-4712-838f-304b9cbb3897	56	rules	{"seat": 0, "type": "turn_ended"}	55ca5533-33f6-400a-8060-b1744f191ac3	2026-11-27 14:55:38.455689+00	\\x7612867730dee321c39e30f72704a5d29e17f70a5e3410ed72aeb38b2b28d9e5
eeb40f04-e220-4712-838f-304b9cbb3897	57	rules	{"seat": 1, "turn": 10, "type": "turn_started"}	55ca5533-33f6-400a-8060-b1744f191ac3	2026-11-27 14:55:38.455689+00	\\x1b7586b24aff2aa519e999b7dd858eed8d915094a12f4dabfafea0b7e1f8583a
eeb40f04-e220-4712-838f-304b9cbb3897	58	rules	{"face": "feet", "seat": 1, "type": "turn_die_rolled"}	55ca5533-33f6-400a-8060-b1744f191ac3	2026-11-27 14:55:38.455689+00	\\x60ad9cd353b529dca0ad35642a8d9700763ada263dc77fc5c9f24d6b263337a0
eeb40f04-e220-4712-838f-304b9cbb3897	59	rules	{"card": {"id": 27, "spell": "dark_ritual"}, "seat": 1, "type": "spell_cast", "target": {"kind": "square", "square": {"col": 6, "row": 15}}}	b86bd605-1984-458e-a7b3-72bbc070845d	2026-11-27 14:55:38.464219+00	\\x7e03f29720a75cf300adeb04c9399d9fe686974c6703c9f6fe4436bc693cdb8b
eeb40f04-e220-4712-838f-304b9cbb3897	60	rules	{"seat": 0, "type": "response_yielded"}	b86bd605-1984-458e-a7b3-72bbc070845d	2026-11-27 14:55:38.464219+00	\\xf70398767c0af2dfb11b83020eb009e567f16f6a888045116859e11c264e2b4b
eeb40f04-e220-4712-838f-304b9cbb3897	61	rules	{"card": {"id": 24, "monster": "mummy"}, "seat": 1, "type": "monster_summoned", "unit": 4, "square": {"col": 6, "row": 15}}	b86bd605-1984-458e-a7b3-72bbc070845d	2026-11-27 14:55:38.464219+00	\\x7947bf2b4fdc6334055a22ee0da4b28e570f2b684c7e6d369839cbde13bf5b3e
eeb40f04-e220-4712-838f-304b9cbb3897	62	rules	{"card": {"id": 27, "spell": "dark_ritual"}, "type": "spell_resolved"}	b86bd605-1984-458e-a7b3-72bbc070845d	2026-11-27 14:55:38.464219+00	\\x68c273c8139a3f3de15dad728b58a800dc825e2d6850cca38180587a632a9720
eeb40f04-e220-4712-838f-304b9cbb3897	63	rules	{"card": {"id": 27, "spell": "dark_ritual"}, "type": "spell_discarded"}	b86bd605-1984-458e-a7b3-72bbc070845d	2026-11-27 14:55:38.464219+00	\\x53235c28193a06eb312e7ffbf3e1e8903aa6e60e24f8951e80e545989c6fad8f
eeb40f04-e220-4712-838f-304b9cbb3897	64	rules	{"to": {"col": 5, "row": 15}, "cost": 2, "from": {"col": 6, "row": 16}, "type": "unit_moved", "unit": 3}	dce44ff2-d7b0-4ce0-9027-bcf99a042bf5	2026-11-27 14:55:38.47056+00	\\x93b2fc5175889c346ce1520c04d8689a28ee5684efb0e472253739e949dc4ed8
eeb40f04-e220-4712-838f-304b9cbb3897	65	rules	{"to": {"col": 5, "row": 14}, "cost": 2, "from": {"col": 5, "row": 16}, "type": "unit_moved", "unit": 1}	7831c84b-f799-4848-9d25-46cf36d0350b	2026-11-27 14:55:38.475777+00	\\x4d25aedf2f9a8101468e76031656322b3e7a27de7565fe7642af70063ce53617
eeb40f04-e220-4712-838f-304b9cbb3897	66	rules	{"seat": 1, "type": "turn_ended"}	ebab8278-d710-40e5-b643-e38ab9ca955f	2026-11-27 14:55:38.481273+00	\\xf61c12d892eecb5ca769f3ea34c428380c2ecbd8431b4b17db89beff03fda0e1
eeb40f04-e220-4712-838f-304b9cbb3897	67	rules	{"seat": 0, "turn": 11, "type": "turn_started"}	ebab8278-d710-40e5-b643-e38ab9ca955f	2026-11-27 14:55:38.481273+00	\\x9fb8f902b9f9d40187951d21535e6e317e3b39616ea39632876cf99df481144e
eeb40f04-e220-4712-838f-304b9cbb3897	68	rules	{"face": "feet", "seat": 0, "type": "turn_die_rolled"}	ebab8278-d710-40e5-b643-e38ab9ca955f	2026-11-27 14:55:38.481273+00	\\x52635b27d57fab4981895de7d176afce8ac8470ae9661f80f0c828097787dafd
eeb40f04-e220-4712-838f-304b9cbb3897	69	rules	{"to": {"col": 5, "row": 13}, "cost": 3, "from": {"col": 5, "row": 10}, "type": "unit_moved", "unit": 2}	a193696e-bbdf-49f2-ac77-e26057e76b32	2026-11-27 14:55:38.487356+00	\\x676e4314d8c8cc4c2ffbd7df09cd7f1dd7fc08b7ba504b5fee00e4eec16d3353
eeb40f04-e220-4712-838f-304b9cbb3897	70	rules	{"kind": "melee", "type": "combat_rolled", "cover": 0, "attack": ["shield", "sword", "blank"], "damage": 0, "defence": ["blank", "shield"], "attacker": 2, "defender": 1}	243e6619-45ce-4fef-9fef-06dd92ef18b9	2026-11-27 14:55:38.492964+00	\\x2f82044ed89a14b2e18eb820578a7fe87a25750f2976f51e04fe98608b9b628f
eeb40f04-e220-4712-838f-304b9cbb3897	71	rules	{"to": {"col": 5, "row": 8}, "cost": 1, "from": {"col": 5, "row": 7}, "type": "unit_moved", "unit": 0}	e7fe2e31-7b74-42f0-886f-d16003531d6f	2026-11-27 14:55:38.501527+00	\\xd55eeb37a15ab641f75245032a5ac08e43ede2166f8133d4582e8d0044dc3ee2
eeb40f04-e220-4712-838f-304b9cbb3897	72	rules	{"seat": 0, "type": "turn_ended"}	b693631d-ab29-4e32-9868-04f7a0894d80	2026-11-27 14:55:38.506461+00	\\x6d421ce3492e44752c77e83058977498a743dbb68cadffb85bdbc30d2271f691
eeb40f04-e220-4712-838f-304b9cbb3897	73	rules	{"seat": 1, "turn": 12, "type": "turn_started"}	b693631d-ab29-4e32-9868-04f7a0894d80	2026-11-27 14:55:38.506461+00	\\xe346f7a6b34ae8ac343cdf41013bc10b4c7cc0d08cceec1f4a8720d0eecc252d
eeb40f04-e220-4712-838f-304b9cbb3897	74	rules	{"face": "orc", "seat": 1, "type": "turn_die_rolled"}	b693631d-ab29-4e32-9868-04f7a0894d80	2026-11-27 14:55:38.506461+00	\\x5b3b3c9cf2445a65d6861197239c405dfc602230075bfacb643bcca721276394
eeb40f04-e220-4712-838f-304b9cbb3897	75	rules	{"card": {"id": 26, "monster": "mummy"}, "seat": 1, "type": "monster_drawn"}	b693631d-ab29-4e32-9868-04f7a0894d80	2026-11-27 14:55:38.506461+00	\\x6767fde1e3bab44c1b15a8712c35ca8dcfe091f56d3c5969d9c479924da628af
eeb40f04-e220-4712-838f-304b9cbb3897	76	rules	{"card": {"id": 26, "monster": "mummy"}, "seat": 1, "type": "monster_summoned", "unit": 5, "square": {"col": 4, "row": 13}}	aa77b854-ee23-4b2f-841a-c3203981dd01	2026-11-27 14:55:38.51732+00	\\x28e1176ecbd0c6d697cce123d3a9787ed7cf8a749cf7f208ec8dc07b35f2ff09
eeb40f04-e220-4712-838f-304b9cbb3897	77	rules	{"seat": 1, "type": "turn_ended"}	aa77b854-ee23-4b2f-841a-c3203981dd01	2026-11-27 14:55:38.51732+00	\\x230a408318205bf701f39bcadd7dcee9cd5a1720be19d07d1beddf5c0ece7e60
eeb40f04-e220-4712-838f-304b9cbb3897	78	rules	{"seat": 0, "turn": 13, "type": "turn_started"}	aa77b854-ee23-4b2f-841a-c3203981dd01	2026-11-27 14:55:38.51732+00	\\x324dc9d17a42f5600cfbdc72776283f28d16512cd3c3bad3e94bc2ebd7e3497e
eeb40f04-e220-4712-838f-304b9cbb3897	79	rules	{"face": "feet", "seat": 0, "type": "turn_die_rolled"}	aa77b854-ee23-4b2f-841a-c3203981dd01	2026-11-27 14:55:38.51732+00	\\xd081e45e6e009531a6a5ed0df9e9bfdd7b7f1e375a375304404a2686f16fe028
eeb40f04-e220-4712-838f-304b9cbb3897	80	rules	{"kind": "melee", "type": "combat_rolled", "cover": 0, "attack": ["shield", "sword", "sword"], "damage": 1, "defence": ["blank", "shield"], "attacker": 2, "defender": 1}	08a5de97-8220-49e0-8612-defbe635f1a7	2026-11-27 14:55:38.523595+00	\\x172c15514c49c29651340a69a6c57881a4a102d7e5437ee232a9ce0e3c92d559
eeb40f04-e220-4712-838f-304b9cbb3897	81	rules	{"life": 3, "type": "life_lost", "unit": 1, "amount": 1}	08a5de97-8220-49e0-8612-defbe635f1a7	2026-11-27 14:55:38.523595+00	\\xba071c40901ca059caa35fc6781399ec158294da436bc627164478fd304f06d8
eeb40f04-e220-4712-838f-304b9cbb3897	82	rules	{"to": {"col": 5, "row": 9}, "cost": 2, "from": {"col": 5, "row": 8}, "type": "unit_moved", "unit": 0}	89e2e55c-d14b-47f9-9a1a-3efab6fdf793	2026-11-27 14:55:38.530028+00	\\x55646fcdc99468738fb11b4a7d1bbc961bd9e0c1deb9fb8179505a7a56fd8837
eeb40f04-e220-4712-838f-304b9cbb3897	83	rules	{"to": {"col": 6, "row": 14}, "cost": 2, "from": {"col": 5, "row": 13}, "type": "unit_moved", "unit": 2}	e26d5345-fce5-4fc9-9db4-860d22b13a64	2026-11-27 14:55:38.553657+00	\\x07b8ef9e201f6208b03379ad8cead07d0a39a990a19e3e7ba3445072d0f4fd85
eeb40f04-e220-4712-838f-304b9cbb3897	84	rules	{"seat": 0, "type": "turn_ended"}	ce7f0bb0-d23e-4253-b759-ff58b4ff9ba4	2026-11-27 14:55:38.587999+00	\\xd626c0bbf506bdb3b4ab57d1bc0e0573520f6fb9040e85ffc06fbdc48dbd64e7
eeb40f04-e220-4712-838f-304b9cbb3897	85	rules	{"seat": 1, "turn": 14, "type": "turn_started"}	ce7f0bb0-d23e-4253-b759-ff58b4ff9ba4	2026-11-27 14:55:38.587999+00	\\x0aee82ea1115bdab7ac653eb6c49436be6c8f14979d32a70b11f763aa9462b0e
eeb40f04-e220-4712-838f-304b9cbb3897	86	rules	{"face": "feet_plus", "seat": 1, "type": "turn_die_rolled"}	ce7f0bb0-d23e-4253-b759-ff58b4ff9ba4	2026-11-27 14:55:38.587999+00	\\x38ddc3cd3f75a221179b744b0421c31a40b070e41d337304408c037ec76694e9
3cccb2e8-1dd6-4862-af22-2f98658e4efa	1	platform	{"type": "game_created", "seats": 2, "options": {"arranged_decks": false, "full_deck_in_hand": false}, "ruleset": "firewall-duel", "created_by": "d93385ab-8d6c-45e7-b548-0ea690ca77bc", "seed_sha256": "59ab0c76f99171fbbf2c57fc5d7e52b915fd04e377e655499444e153126fed1a"}	\N	2026-11-27 14:55:39.832913+00	\\xc82c06f3864380ec4fbcda254048a1ff9ec73984cd70009b0ccb565090a70ff6
3cccb2e8-1dd6-4862-af22-2f98658e4efa	2	platform	{"seat": 0, "type": "player_joined", "user_id": "d93385ab-8d6c-45e7-b548-0ea690ca77bc", "username": "ab17c66-ip-4-1-s0"}	\N	2026-11-27 14:55:39.832913+00	\\x0eede8e6ac089a7cdebb84c62b333b49c0cc0967b493dc1a0c859e66673ef723
3cccb2e8-1dd6-4862-af22-2f98658e4efa	3	platform	{"seat": 1, "type": "player_joined", "user_id": "bdd07500-7537-4718-8f7b-3b5187a78a15", "username": "ab17c66-ip-4-1-s1"}	\N	2026-11-27 14:55:39.851089+00	\\x6fddef87b0d78d7c2849a8f447599a43930b8057655ecaa98576e79a59cfd52d
3cccb2e8-1dd6-4862-af22-2f98658e4efa	4	platform	{"type": "game_started"}	\N	2026-11-27 14:55:39.85461+00	\\x81e4a28fe948aa8e1094110f7ccf6b0eed2c283e6eec6b0cdc63e6b6dc8c79d1
3cccb2e8-1dd6-4862-af22-2f98658e4efa	5	rules	{"mana": 50, "type": "match_started", "options": {"arranged_decks": false, "full_deck_in_hand": false}, "wizards": [6, 12], "fire_wall": 9, "flagstones": 19}	\N	2026-11-27 14:55:39.85461+00	\\xe11b551284528fb28b3dc0270000d07a6fe8d168e1bb1d241958ead1884403f2
3cccb2e8-1dd6-4862-af22-2f98658e4efa	6	rules	{"seat": 0, "type": "deck_shuffled", "order": [2, 6, 14, 1, 10, 4, 3, 13, 8, 11, 12, 9, 7, 5]}	\N	2026-11-27 14:55:39.85461+00	\\xfbfbfc622686830a59b2da5a14643cee640c0ee28a408a264755d694175015a8
3cccb2e8-1dd6-4862-af22-2f98658e4efa	7	rules	{"seat": 1, "type": "deck_shuffled", "order": [4, 12, 11, 14, 2, 10, 13, 5, 8, 6, 1, 3, 9, 7]}	\N	2026-11-27 14:55:39.85461+00	\\x6abcd79db218ecc2db009ebb6b86605729fb814404997c385d10bf38a47defe5
3cccb2e8-1dd6-4862-af22-2f98658e4efa	8	rules	{"mana": 50, "type": "round_started", "round": 1}	\N	2026-11-27 14:55:39.85461+00	\\x5b01c1ae490ba45c696bc386d2a4b24b8efdcc6efcd24f3aa0908cbacc3677d2
3cccb2e8-1dd6-4862-af22-2f98658e4efa	9	rules	{"seat": 0, "type": "cards_drawn", "cards": [2, 6, 14, 1, 10], "count": 5}	\N	2026-11-27 14:55:39.85461+00	\\x0eb18d4621dad6fd594d4ea04d247a5b65ca3ec79c11907067e8c418d3a474d5
3cccb2e8-1dd6-4862-af22-2f98658e4efa	10	rules	{"seat": 1, "type": "cards_drawn", "cards": [4, 12, 11, 14, 2], "count": 5}	\N	2026-11-27 14:55:39.85461+00	\\x15b594397ae5850d78e41c466f9b1c36e41961f1e49b2c7c02c378df78c0c62b
3cccb2e8-1dd6-4862-af22-2f98658e4efa	11	rules	{"seat": 0, "turn": 1, "type": "move_submitted", "sealed": {"bet": 2, "cards": [14]}}	7a9788bc-c514-4a3b-ae8d-3870abf853e4	2026-11-27 14:55:39.867304+00	\\x67f33f7ec115595ecbcc0317e2ecac9feb9152b2710935c8b9f3772db6f48f1b
3cccb2e8-1dd6-4862-af22-2f98658e4efa	12	rules	{"seat": 1, "turn": 1, "type": "move_submitted", "sealed": {"bet": 43, "cards": [14]}}	745d1fed-49f6-4ef7-b96a-d2516763943f	2026-11-27 14:55:39.87966+00	\\x9fe01186f73ca3634a3bb1043d785db4aa75b05c119b40cce4dd25be743eb9de
3cccb2e8-1dd6-4862-af22-2f98658e4efa	13	rules	{"turn": 1, "type": "moves_revealed", "moves": [{"bet": 2, "seat": 0, "cards": [14], "clone": null}, {"bet": 43, "seat": 1, "cards": [14], "clone": null}]}	745d1fed-49f6-4ef7-b96a-d2516763943f	2026-11-27 14:55:39.87966+00	\\x6ebfed923e4745e5ea0a97455b104d3b1f9d10f1d501761138850a5c46560b62
3cccb2e8-1dd6-4862-af22-2f98658e4efa	14	rules	{"type": "spells_cancelled", "spells": [14]}	745d1fed-49f6-4ef7-b96a-d2516763943f	2026-11-27 14:55:39.87966+00	\\x1fc205e55f3b8ee80e604f785a4cdb24511c872deeccd7686f84bdfb3bcef986
3cccb2e8-1dd6-4862-af22-2f98658e4efa	15	rules	{"type": "attacks_compared", "powers": [2, 43], "toward": 0, "stronger": 1}	745d1fed-49f6-4ef7-b96a-d2516763943f	2026-11-27 14:55:39.87966+00	\\x3d993d5f8ff1ed4164657863d73cc40d12e6a13c01efc1d56292977cdb5874ef
3cccb2e8-1dd6-4862-af22-2f98658e4efa	16	rules	{"to": 8, "from": 9, "type": "fire_wall_moved", "cause": "push"}	745d1fed-49f6-4ef7-b96a-d2516763943f	2026-11-27 14:55:39.87966+00	\\x2813e74cfd6657e6e37ef8f0a742a01acb5b2524feab9ccf247349307e9f1d9f
3cccb2e8-1dd6-4862-af22-2f98658e4efa	17	rules	{"mana": [48, 7], "type": "bets_paid", "amounts": [2, 43]}	745d1fed-49f6-4ef7-b96a-d2516763943f	2026-11-27 14:55:39.87966+00	\\x036d64b25786ac007a58497f5c3fdb5537ee9e8ea4c562e0da5bb50d8f2e6be2
3cccb2e8-1dd6-4862-af22-2f98658e4efa	18	rules	{"turn": 1, "type": "turn_resolved"}	745d1fed-49f6-4ef7-b96a-d2516763943f	2026-11-27 14:55:39.87966+00	\\xbc0e6393b4dc92c3a8b45b9f833385d4225ace22ece97c2f455ec0a193341cb1
3cccb2e8-1dd6-4862-af22-2f98658e4efa	19	rules	{"seat": 0, "turn": 2, "type": "move_submitted", "sealed": {"bet": 33, "cards": []}}	534c262e-94cd-4171-8554-ff3c7582d3e3	2026-11-27 14:55:39.895373+00	\\x4d12f7362dc3399dc6290c4471933018a0d2fd362ce86f00ed01240a7a554f24
3cccb2e8-1dd6-4862-af22-2f98658e4efa	20	rules	{"seat": 1, "turn": 2, "type": "move_submitted", "sealed": {"bet": 5, "cards": [12]}}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\xf8f95e4a54f4fec5756a41139e73bececadd4ed4c1f99605ae0e5c63570bed0f
3cccb2e8-1dd6-4862-af22-2f98658e4efa	21	rules	{"turn": 2, "type": "moves_revealed", "moves": [{"bet": 33, "seat": 0, "cards": [], "clone": null}, {"bet": 5, "seat": 1, "cards": [12], "clone": null}]}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\xdb511dd5e9f207ba83be65030d92b50acbe15f63832e366d2fa164f7e5620e9d
3cccb2e8-1dd6-4862-af22-2f98658e4efa	22	rules	{"type": "spells_queued", "queue": [{"copy": false, "owner": 1, "spell": 12, "caster": 1}]}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\x8a2329a90826df9ea4b6fa911114ff97332f2fb6feaa9f3582621d061761c45b
3cccb2e8-1dd6-4862-af22-2f98658e4efa	23	rules	{"type": "attacks_compared", "powers": [33, 5], "toward": 1, "stronger": 0}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\xcae36cc96600d38aa2ff862d450e8d8cee471b7ff4438b441154894be8062ed4
3cccb2e8-1dd6-4862-af22-2f98658e4efa	24	rules	{"to": 9, "from": 8, "type": "fire_wall_moved", "cause": "push"}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\x231760f1d169be94dfea8123dfd8b0604cb3a123bde69a29aecc94144e6d97b5
3cccb2e8-1dd6-4862-af22-2f98658e4efa	25	rules	{"type": "spell_applied", "spell": {"copy": false, "owner": 1, "spell": 12, "caster": 1}}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\xb040186060106bfa038bc416f6c77110b43937291e430ff50839305ce5215b6d
3cccb2e8-1dd6-4862-af22-2f98658e4efa	26	rules	{"seat": 1, "type": "payment_waived"}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\xde4bbb09230d6dd31b4dc8e16809d0e0b48af50d16a6136ff5209e3e05e64d02
3cccb2e8-1dd6-4862-af22-2f98658e4efa	27	rules	{"mana": [15, 7], "type": "bets_paid", "amounts": [33, 0]}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\xf0133b494d80d494ec535b3498963c1cd3820d6cdf5f92c7517ae7cf25bdb959
3cccb2e8-1dd6-4862-af22-2f98658e4efa	28	rules	{"turn": 2, "type": "turn_resolved"}	4f570ffe-afcd-42d9-981e-c42767087107	2026-11-27 14:55:39.905352+00	\\x1844c05446bf9a711799674405811ec2c32b621357a6babaac415a2bb842eb35
3cccb2e8-1dd6-4862-af22-2f98658e4efa	29	rules	{"seat": 0, "turn": 3, "type": "move_submitted", "sealed": {"bet": 8, "cards": [6]}}	0918fb9f-f78a-4576-a3ae-287e194fcd8d	2026-11-27 14:55:39.911675+00	\\x20639c2f5d20ddae1cce966283ed810156a663ef43f5f06853a62eb1676e92da
\.


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games (id, ruleset, seat_count, created_by, seed, status, version, awaiting, created_at, updated_at, deadline_at) FROM stdin;
eeb40f04-e220-4712-838f-304b9cbb3897	wizards-of-war	2	a4cbd52c-e944-4d38-839d-687da0ca6806	\\xc114ede630df0f7f550f1892f93739d1d41599d6073cee871733d41d2f209392	active	86	[1]	2026-11-27 14:55:38.343769+00	2026-11-27 14:55:38.587999+00	\N
3cccb2e8-1dd6-4862-af22-2f98658e4efa	firewall-duel	2	d93385ab-8d6c-45e7-b548-0ea690ca77bc	\\x41ab985a3e1b671f1c8bdced2d966d65c4d68ef1287ec49ba69e542dc040670f	active	29	[1]	2026-11-27 14:55:39.83311+00	2026-11-27 14:55:39.911675+00	\N
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	wizwar-classic	2	510ae41f-7c71-466c-a7d3-fdf626e77454	\\x8af0db12d8f8f248c1a7b85e9bab0559a774988f8410bd470d4573544466f056	active	140	[0]	2026-11-27 14:55:32.767792+00	2026-11-27 14:55:34.678055+00	\N
d1427454-8910-4475-9ba0-53220a945a26	wizwar	2	b975724e-aeb2-4746-ac84-fe5b7d822bc4	\\x4990b16b6b6257e7ba77ad66b16ad54ceaab3a6f39740a1fbf6052446d7047c6	active	62	[0]	2026-11-27 14:55:29.584687+00	2026-11-27 14:55:30.274694+00	\N
\.


--
-- Data for Name: outbox; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.outbox (id, webhook_id, game_id, payload, created_at, attempts, next_attempt_at, delivered_at, given_up_at, last_error) FROM stdin;
\.


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.seats (game_id, seat, user_id, joined_at) FROM stdin;
d1427454-8910-4475-9ba0-53220a945a26	0	b975724e-aeb2-4746-ac84-fe5b7d822bc4	2026-11-27 14:55:29.584687+00
d1427454-8910-4475-9ba0-53220a945a26	1	4a39652e-d010-4c1d-a4fb-a59daf15c54a	2026-11-27 14:55:29.598727+00
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	0	510ae41f-7c71-466c-a7d3-fdf626e77454	2026-11-27 14:55:32.767792+00
c2378fd5-423c-4ea7-8a4c-4e457c6e3dd1	1	f221d151-5633-4ec9-9ab0-a8a50a2c3582	2026-11-27 14:55:32.77485+00
eeb40f04-e220-4712-838f-304b9cbb3897	0	a4cbd52c-e944-4d38-839d-687da0ca6806	2026-11-27 14:55:38.343769+00
eeb40f04-e220-4712-838f-304b9cbb3897	1	af947107-6e9e-4d6b-99b1-0996a6a6d440	2026-11-27 14:55:38.349027+00
3cccb2e8-1dd6-4862-af22-2f98658e4efa	0	d93385ab-8d6c-45e7-b548-0ea690ca77bc	2026-11-27 14:55:39.83311+00
3cccb2e8-1dd6-4862-af22-2f98658e4efa	1	bdd07500-7537-4718-8f7b-3b5187a78a15	2026-11-27 14:55:39.851944+00
\.


--
-- Data for Name: snapshots; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.snapshots (game_id, rules_version, version, last_hash, deadline_at, table_state, rules_state, created_at) FROM stdin;
\.


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.users (id, username, password_hash, created_at) FROM stdin;
b975724e-aeb2-4746-ac84-fe5b7d822bc4	ab17c66-ip-1-1-s0	$argon2id$v=19$m=19456,t=2,p=1$PUCUfb6hMHtCWEl+WlwrWQ$66y3vsVrlTP6xyVmFdjkotyAmkm/Z3lzzbf+dy/ueos	2026-11-27 14:55:29.254212+00
4a39652e-d010-4c1d-a4fb-a59daf15c54a	ab17c66-ip-1-1-s1	$argon2id$v=19$m=19456,t=2,p=1$m4BRXhODN4Z7lTy5TYHmTw$IgYz7f3ubNGDyxyUBi1N1gUhjU2kvdVhHhrYuby+JnI	2026-11-27 14:55:29.40271+00
2f249eef-b304-4ffd-9d37-53fe50077b35	ab17c66-ip-1-1-spec	$argon2id$v=19$m=19456,t=2,p=1$y9TmEb/nkvw3hAAuFd2WPg$NKJML5OsZamlmz+JxXnMXmIwX5InQQt8t2N6/pTb+L4	2026-11-27 14:55:29.525236+00
510ae41f-7c71-466c-a7d3-fdf626e77454	ab17c66-ip-2-1-s0	$argon2id$v=19$m=19456,t=2,p=1$2FSx5btIb4tHL2BFQYx1QA$KnlzREoAcd5JcdxdI6pMDuZ5LzBWiHLzndy7X6C4iPo	2026-11-27 14:55:32.339963+00
f221d151-5633-4ec9-9ab0-a8a50a2c3582	ab17c66-ip-2-1-s1	$argon2id$v=19$m=19456,t=2,p=1$Y6nv3MdEoS04S72B7Up+wQ$59klbYS2binx0gRXsbLA2g25GHfoyqcO5QeHpA0Llv0	2026-11-27 14:55:32.456187+00
a8bab596-5731-4a27-b4ce-c810b142e3a6	ab17c66-ip-2-1-spec	$argon2id$v=19$m=19456,t=2,p=1$5YCToyQswvri3fKXYs5YWg$FO+Z7rEIt7AsPwcSZG5GttUljPvZokGlAcoP6/hzXd8	2026-11-27 14:55:32.667949+00
a4cbd52c-e944-4d38-839d-687da0ca6806	ab17c66-ip-3-1-s0	$argon2id$v=19$m=19456,t=2,p=1$+3HwObhAnGFdMV2pPMupcQ$020Hxhgr+Ikj6YSanO0OJGsfFsW7fHT/Qtx47W7e+KM	2026-11-27 14:55:38.150608+00
af947107-6e9e-4d6b-99b1-0996a6a6d440	ab17c66-ip-3-1-s1	$argon2id$v=19$m=19456,t=2,p=1$0bM7VIR2ssngZvgBQ7w67A$LIfcrsiq0AKZRIaCxCCkT/JsyrIJRuadIVRzfaDJ9es	2026-11-27 14:55:38.241013+00
391d1b5c-dfc2-4e4f-b23d-c8b383ab5d45	ab17c66-ip-3-1-spec	$argon2id$v=19$m=19456,t=2,p=1$bo/5Sqp9WPTdxpzBjhh8YQ$rIrXIimM6iq2KmDVRpmuW1MFEs0RNXmMyUY3J7mSED8	2026-11-27 14:55:38.308362+00
d93385ab-8d6c-45e7-b548-0ea690ca77bc	ab17c66-ip-4-1-s0	$argon2id$v=19$m=19456,t=2,p=1$c3zgstxg4nL7I9Z7KdCPWQ$EmqH2waGrnMqlNIWzRZEqr3aP3kuUYOHQ70WA21xnMU	2026-11-27 14:55:39.705707+00
bdd07500-7537-4718-8f7b-3b5187a78a15	ab17c66-ip-4-1-s1	$argon2id$v=19$m=19456,t=2,p=1$fdfGSuQomrZ3Af1Es1EMXA$uHvwnXxhN1Dp7eHcvajrjrxd9OA8XfgCZVUlAsiqooY	2026-11-27 14:55:39.747815+00
61a3a9ce-7f42-4029-97e9-1990bd280426	ab17c66-ip-4-1-spec	$argon2id$v=19$m=19456,t=2,p=1$fyUkDc499qUSyCEO9+uxIQ$qJDf2VvpKwQiIwV5zMghTjtNJaN/vFKfKA31aEuyV8Q	2026-11-27 14:55:39.795986+00
\.


--
-- Data for Name: webhooks; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.webhooks (id, user_id, url, secret, created_at) FROM stdin;
\.


--
-- Name: outbox_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.outbox_id_seq', 1, false);


--
-- Name: __diesel_schema_migrations __diesel_schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.__diesel_schema_migrations
    ADD CONSTRAINT __diesel_schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: commands commands_idempotency; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.commands
    ADD CONSTRAINT commands_idempotency UNIQUE (game_id, actor, idempotency_key);


--
-- Name: commands commands_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.commands
    ADD CONSTRAINT commands_pkey PRIMARY KEY (id);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (game_id, seq);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: outbox outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);


--
-- Name: seats seats_game_id_user_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_game_id_user_id_key UNIQUE (game_id, user_id);


--
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (game_id, seat);


--
-- Name: snapshots snapshots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.snapshots
    ADD CONSTRAINT snapshots_pkey PRIMARY KEY (game_id, rules_version, version);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: users users_username_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_username_key UNIQUE (username);


--
-- Name: webhooks webhooks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhooks
    ADD CONSTRAINT webhooks_pkey PRIMARY KEY (id);


--
-- Name: games_open; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_open ON public.games USING btree (created_at, id) WHERE (status = 'open'::text);


--
-- Name: games_overdue; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_overdue ON public.games USING btree (deadline_at) WHERE ((status = 'active'::text) AND (deadline_at IS NOT NULL));


--
-- Name: outbox_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_due ON public.outbox USING btree (next_attempt_at) WHERE ((delivered_at IS NULL) AND (given_up_at IS NULL));


--
-- Name: seats_by_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX seats_by_user ON public.seats USING btree (user_id);


--
-- Name: users_username_whatever_its_case; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_username_whatever_its_case ON public.users USING btree (lower(username));


--
-- Name: webhooks_by_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhooks_by_user ON public.webhooks USING btree (user_id);


--
-- Name: events events_append_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER events_append_only BEFORE DELETE OR UPDATE ON public.events FOR EACH ROW EXECUTE FUNCTION public.events_are_append_only();


--
-- Name: games games_created_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id);


--
-- Name: outbox outbox_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id);


--
-- Name: outbox outbox_webhook_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES public.webhooks(id) ON DELETE CASCADE;


--
-- Name: seats seats_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id);


--
-- Name: seats seats_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);


--
-- Name: snapshots snapshots_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.snapshots
    ADD CONSTRAINT snapshots_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.games(id);


--
-- Name: webhooks webhooks_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhooks
    ADD CONSTRAINT webhooks_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict d33JnxUSaFZDprIHvR4Orje8qFZfBe4uOqlLHeq7rum97gF1EYOTvjGKTAT9ZlR

