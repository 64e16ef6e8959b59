-- The questions of analytics/README.md in DuckDB SQL, over the views
-- `records`, `hands` and `players` (cardshark's Parquet tables, many
-- captures and shards unioned: analytics/duckdb_questions.py makes the
-- views). Each question starts at a `-- name:` line; its rows are in a
-- fixed order, so that two answers can be compared.
-- analytics/spark_job.py asks the same questions in Spark SQL.

-- name: hands_per_table
-- Hands per table. A hand that two captured clients both saw is one row
-- of `hands` in a run (its views joined), but a run over a shard joins
-- only the views of its shard's connections, so the shards' tables may
-- hold one hand in several rows: hands are told apart by capture, table
-- and the server's hand number (by `hand_uid` when the capture does not
-- tell the number). `views` adds up the clients' views of them.
SELECT protocol,
       table_id,
       min(table_name) AS table_name,
       count(DISTINCT concat_ws(':', capture, table_id,
             coalesce(CAST(server_number AS VARCHAR), 'uid' || hand_uid))) AS hands,
       sum(views) AS views
FROM hands
GROUP BY protocol, table_id
ORDER BY hands DESC, protocol, table_id NULLS LAST;

-- name: rejections
-- What the servers refused, per message type and reason: every message
-- from a server whose type says it refuses (PokerTH's
-- PlayersActionRejected, YourActionRejected, JoinGameFailed, Error, the
-- kick denials; poker-network's PacketPokerError, PacketError,
-- PacketAuthRefused, PacketPokerMuckDeny; GLS's DiePlaceReject).
SELECT protocol,
       type,
       coalesce(json_extract_string(fields, '$.rejection_reason'),
                json_extract_string(fields, '$.failure_reason'),
                json_extract_string(fields, '$.deny_reason'),
                json_extract_string(fields, '$.kick_denied_reason'),
                json_extract_string(fields, '$.error_reason'),
                json_extract_string(fields, '$.reason'),
                json_extract_string(fields, '$.message'),
                '') AS why,
       count(*) AS n
FROM records
WHERE dir = 's2c'
  AND regexp_matches(type, '(Rejected|Reject|Denied|Deny|Failed|Refused|Error)$')
GROUP BY protocol, type, why
ORDER BY n DESC, protocol, type, why;

-- name: slowest_players
-- The slowest players to act: the time from the server's message that
-- it is a player's turn (PokerTH PlayersTurn; poker-network
-- PacketPokerPosition or PacketPokerSelfInPosition) to the server's
-- report of that player's action (PokerTH PlayersActionDone, blinds left
-- out; poker-network PacketPokerFold, Check, Call or Raise), on the same
-- connection: the last turn message for the player after its previous
-- action. Measured on every connection that saw both (each client at
-- the table sees every turn); names from `players`. The ten slowest on
-- average.
WITH player AS (
    SELECT *,
           CAST(coalesce(json_extract_string(fields, '$.player_id'),
                         json_extract_string(fields, '$.serial')) AS BIGINT) AS who
    FROM records
    WHERE dir = 's2c' AND type IS NOT NULL
),
turns AS (
    SELECT stream_uid, who, "offset" AS at, ts
    FROM player
    WHERE (protocol = 'pokerth' AND type = 'PlayersTurn')
       OR (protocol = 'pokernetwork'
           AND type IN ('PacketPokerPosition', 'PacketPokerSelfInPosition'))
),
acts AS (
    SELECT protocol, stream_uid, who, "offset" AS at, ts,
           lag("offset", 1, -1) OVER (PARTITION BY stream_uid, who ORDER BY "offset") AS before
    FROM player
    WHERE (protocol = 'pokerth' AND type = 'PlayersActionDone'
           AND json_extract_string(fields, '$.player_action') NOT IN ('none', 'net_action_none'))
       OR (protocol = 'pokernetwork'
           AND type IN ('PacketPokerFold', 'PacketPokerCheck', 'PacketPokerCall', 'PacketPokerRaise'))
),
waits AS (
    SELECT a.protocol, a.who,
           (epoch_us(a.ts) - epoch_us(max_by(t.ts, t.at))) / 1e6 AS seconds
    FROM acts a
    JOIN turns t ON t.stream_uid = a.stream_uid AND t.who = a.who
                AND t.at < a.at AND t.at > a.before
    GROUP BY a.protocol, a.stream_uid, a.who, a.at, a.ts
),
names AS (
    SELECT h.protocol, p.player, min(p.name) AS name
    FROM players p JOIN hands h ON h.hand_uid = p.hand_uid
    GROUP BY h.protocol, p.player
)
SELECT w.protocol,
       w.who AS player,
       n.name,
       count(*) AS actions,
       round(avg(w.seconds), 6) AS mean_s,
       max(w.seconds) AS max_s
FROM waits w
LEFT JOIN names n ON n.protocol = w.protocol AND n.player = w.who
GROUP BY w.protocol, w.who, n.name
ORDER BY mean_s DESC, w.protocol, player
LIMIT 10;
